// One GPU per rank (distinct_devices.hpp).
#include "plexus/dist/distinct_devices.hpp"

#include <fmt/format.h>

#include "plexus/core/error.hpp"

namespace plexus::dist {

std::string to_string(const device_uuid& uuid) {
  std::string text = "GPU-";
  for (std::size_t i = 0; i < uuid.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
    text += fmt::format("{:02x}", uuid[i]);
  }
  return text;
}

void refuse_shared_devices(std::span<const device_uuid> per_rank) {
  for (std::size_t second = 1; second < per_rank.size(); ++second)
    for (std::size_t first = 0; first < second; ++first)
      if (per_rank[first] == per_rank[second])
        throw error(error_kind::invalid_argument,
                    fmt::format("ranks {} and {} both drive {}: one GPU per rank", first, second,
                                to_string(per_rank[first])));
}

}  // namespace plexus::dist
