// Mapping a fresh host allocation over many threads; see touch_pages.hpp.
#include "plexus/core/touch_pages.hpp"

#include <unistd.h>

#include <cstdint>

namespace plexus {

void touch_pages(void* data, std::size_t bytes) {
  static const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  auto* bytes_at = static_cast<volatile unsigned char*>(data);
  const std::size_t pages = (bytes + page - 1) / page;
#pragma omp parallel for schedule(static)
  for (std::size_t p = 0; p < pages; ++p) bytes_at[p * page] = 0;
}

}  // namespace plexus
