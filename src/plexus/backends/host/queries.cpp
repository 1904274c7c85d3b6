// The host back end's answers to backends::queries: always present; named by its thread count.
#include <omp.h>

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

}  // namespace plexus::backends
