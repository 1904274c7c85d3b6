// The MPI transport of the distributed module: whether this build has it, and the library it
// was built against. Built with -DPLEXUS_ENABLE_MPI (cmake/PlexusMpi.cmake); only the files
// dist/mpi_*.cpp include <mpi.h>, so nothing else needs MPI's headers to compile.
#pragma once

#include <string>

#include "plexus/dist/mpi_build.hpp"

namespace plexus::dist {

/// Whether this build includes the MPI transport.
inline constexpr bool mpi_built = PLEXUS_MPI_ENABLED != 0;

#if PLEXUS_MPI_ENABLED
/// The MPI library's own name and version up to its first comma ("Open MPI v4.1.4").
std::string mpi_library_version();
#endif

}  // namespace plexus::dist
