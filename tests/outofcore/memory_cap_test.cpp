// The memory account and its cap on the host back end: buffers charge what they hold, an
// allocation past the cap fails with a line naming the cap before anything is allocated, the
// peak is kept, and the cap ends with its scope.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus {
namespace {

using account = backends::memory_account<exec::host>;
constexpr std::size_t MiB = std::size_t(1) << 20;

TEST(memory_cap, buffers_charge_and_release_what_they_hold) {
  const std::size_t before = account::in_use();
  {
    exec::buffer<exec::host, int> a(MiB / 4);
    EXPECT_EQ(account::in_use(), before + MiB);
    a.resize(MiB / 2);
    EXPECT_EQ(account::in_use(), before + 2 * MiB);
    exec::buffer<exec::host, int> b(std::move(a));
    EXPECT_EQ(account::in_use(), before + 2 * MiB);
  }
  EXPECT_EQ(account::in_use(), before);
}

TEST(memory_cap, an_allocation_past_the_cap_fails_naming_the_limit) {
  const std::size_t before = account::in_use();
  {
    exec::memory_cap<exec::host> cap(before + 3 * MiB);
    exec::buffer<exec::host, char> held(2 * MiB);
    try {
      exec::buffer<exec::host, char> more(2 * MiB);
      FAIL() << "expected the cap to refuse";
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::out_of_memory);
      const std::string message = e.what();
      EXPECT_NE(message.find("cannot allocate 2.00 MiB"), std::string::npos) << message;
      EXPECT_NE(message.find("device memory limit"), std::string::npos) << message;
    }
    EXPECT_EQ(account::in_use(), before + 2 * MiB);  // the refused buffer charged nothing
    EXPECT_EQ(cap.peak(), before + 2 * MiB);
  }
  exec::buffer<exec::host, char> after(8 * MiB);  // the cap ended with its scope
  EXPECT_EQ(account::cap(), 0u);
}

}  // namespace
}  // namespace plexus
