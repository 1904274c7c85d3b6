// What the tests under mpirun share: the job's communicator and session (mpi_main.cpp).
#pragma once

#include <chrono>

#include "plexus/dist/communicator.hpp"
#include "plexus/dist/mpi.hpp"

namespace plexus_test {

/// The deadline of every collective in these tests: far below ctest's 120 s, so that a hang
/// fails with the operation's name instead of ctest's timeout.
inline constexpr std::chrono::milliseconds kMpiTestTimeout = std::chrono::seconds(30);

plexus::dist::communicator& mpi_world();
plexus::dist::mpi_session& mpi_session();

}  // namespace plexus_test
