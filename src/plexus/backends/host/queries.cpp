// The host back end's answers to backends::queries: always present; named by its thread count;
// its memory is the machine's, as Linux reports it in /proc/meminfo (MemAvailable: what new
// allocations can take without swapping, counting reclaimable caches).
#include <omp.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "plexus/backends/host/space.hpp"

namespace plexus::backends {

template <>
bool queries<exec::host>::available() {
  return true;
}

template <>
std::string queries<exec::host>::device_name() {
  const int threads = omp_get_max_threads();
  return "OpenMP, " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

template <>
device_memory queries<exec::host>::memory() {
  device_memory memory;
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kibibytes = 0;
  std::string unit;
  while (meminfo >> key >> kibibytes >> unit) {
    if (key == "MemTotal:") memory.total = kibibytes << 10;
    if (key == "MemAvailable:") memory.free = kibibytes << 10;
  }
  if (memory.total == 0) {  // no /proc: the page counts every POSIX system has
    const long page = sysconf(_SC_PAGESIZE);
    memory.total = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(page);
    memory.free = static_cast<std::uint64_t>(sysconf(_SC_AVPHYS_PAGES)) * static_cast<std::uint64_t>(page);
  }
  return memory;
}

/// The host is one device: its threads are OpenMP's, not chosen by an ordinal.
template <>
int queries<exec::host>::device_count() {
  return 1;
}

template <>
void queries<exec::host>::select_device(int) {}

}  // namespace plexus::backends
