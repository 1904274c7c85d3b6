// The process's MPI session and the MPI library's identity (mpi.hpp).
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

mpi_session::mpi_session(int& argc, char**& argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) return;
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    throw error(error_kind::io, "MPI_Init_thread failed");
  finalize_ = true;
}

mpi_session::host_place mpi_session::place_on_host() const {
  MPI_Comm host = MPI_COMM_NULL;
  if (const int code = MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
      code != MPI_SUCCESS)
    throw error(error_kind::io, "MPI_Comm_split_type failed");
  host_place place;
  MPI_Comm_rank(host, &place.rank);
  MPI_Comm_size(host, &place.ranks);
  MPI_Comm_free(&host);
  return place;
}

mpi_session::~mpi_session() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalize_ && !finalized) MPI_Finalize();
}

}  // namespace plexus::dist
