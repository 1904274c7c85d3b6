// Each rank's share of the machine's cores (core_share.hpp).
#include "plexus/dist/core_share.hpp"

#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace plexus::dist {

int share_cores(int ranks_on_machine) {
  if (ranks_on_machine <= 1 || std::getenv("OMP_NUM_THREADS") != nullptr) return omp_get_max_threads();
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return omp_get_max_threads();
  const int seen = CPU_COUNT(&mask);
  if (seen < sysconf(_SC_NPROCESSORS_ONLN)) return omp_get_max_threads();
  const int threads = std::max(1, seen / ranks_on_machine);
  omp_set_num_threads(threads);
  return threads;
}

}  // namespace plexus::dist
