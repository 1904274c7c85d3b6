// The tests that run under mpirun, one process per rank (registered per rank count in
// tests/CMakeLists.txt). Every rank runs every test; rank 0 prints GoogleTest's report, the
// others only their failures, and the first failure on any rank aborts the job, so that a
// rank that stops early never leaves its peers waiting in a collective.
#include <gtest/gtest.h>

#include <memory>

#include "mpi_world.hpp"
#include "plexus/dist/mpi.hpp"
#include "rank_reports.hpp"

namespace {

std::unique_ptr<plexus::dist::communicator> world_comm;
plexus::dist::mpi_session* session_ptr = nullptr;

}  // namespace

namespace plexus_test {

plexus::dist::communicator& mpi_world() {
  return *world_comm;
}
plexus::dist::mpi_session& mpi_session() {
  return *session_ptr;
}

}  // namespace plexus_test

int main(int argc, char** argv) {
  plexus::dist::mpi_session session(argc, argv);
  session_ptr = &session;
  plexus::dist::mpi_options options;
  options.timeout = plexus_test::kMpiTestTimeout;
  world_comm = session.world(options);
  testing::InitGoogleTest(&argc, argv);
  plexus_test::report_from_rank_zero(world_comm->rank(),
                                     [&]() -> plexus::dist::communicator& { return *world_comm; });
  const int status = RUN_ALL_TESTS();
  world_comm->barrier();
  world_comm.reset();
  return status;
}
