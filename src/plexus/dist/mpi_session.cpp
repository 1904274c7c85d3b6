// The MPI library's identity (mpi.hpp).
#include <mpi.h>

#include <string>

#include "plexus/dist/mpi.hpp"

namespace plexus::dist {

std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  // One of the few calls MPI allows before MPI_Init.
  if (MPI_Get_library_version(text, &length) != MPI_SUCCESS) return "unknown version";
  const std::string version(text, static_cast<std::size_t>(length));
  return version.substr(0, version.find_first_of(",\n"));
}

}  // namespace plexus::dist
