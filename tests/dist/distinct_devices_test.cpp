// One GPU per rank (dist/distinct_devices.hpp): UUIDs written as nvidia-smi does, and two
// ranks on one device refused with both ranks and the device named.
#include "plexus/dist/distinct_devices.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::dist {
namespace {

device_uuid uuid_of(unsigned char first) {
  device_uuid uuid{};
  for (std::size_t i = 0; i < uuid.size(); ++i) uuid[i] = static_cast<unsigned char>(first + i);
  return uuid;
}

TEST(distinct_devices, uuids_print_as_nvidia_smi_writes_them) {
  EXPECT_EQ(to_string(uuid_of(0xa0)), "GPU-a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf");
}

TEST(distinct_devices, every_rank_on_its_own_device_passes) {
  const std::vector<device_uuid> uuids{uuid_of(0), uuid_of(1), uuid_of(2)};
  EXPECT_NO_THROW(refuse_shared_devices(uuids));
  EXPECT_NO_THROW(refuse_shared_devices(std::vector<device_uuid>{}));
}

TEST(distinct_devices, two_ranks_on_one_device_are_refused_by_name) {
  const std::vector<device_uuid> uuids{uuid_of(0), uuid_of(1), uuid_of(2), uuid_of(1)};
  try {
    refuse_shared_devices(uuids);
    FAIL() << "two ranks on one device passed";
  } catch (const error& e) {
    EXPECT_STREQ(e.what(),
                 "ranks 1 and 3 both drive GPU-01020304-0506-0708-090a-0b0c0d0e0f10: one GPU per rank");
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
  }
}

}  // namespace
}  // namespace plexus::dist
