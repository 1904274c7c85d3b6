// The tests that run under mpirun, one process per rank (registered per rank count in
// tests/CMakeLists.txt). Every rank runs every test; rank 0 prints GoogleTest's report, the
// others only their failures, and the first failure on any rank aborts the job, so that a
// rank that stops early never leaves its peers waiting in a collective.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "mpi_world.hpp"
#include "plexus/dist/mpi.hpp"

namespace {

std::unique_ptr<plexus::dist::communicator> world_comm;
plexus::dist::mpi_session* session_ptr = nullptr;

/// Prints a failure with its rank and aborts the job.
class abort_on_failure : public testing::EmptyTestEventListener {
  void OnTestPartResult(const testing::TestPartResult& result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "rank %d: %s:%d: %s\n", world_comm->rank(),
                 result.file_name() ? result.file_name() : "?", result.line_number(), result.message());
    world_comm->abort("a test failed");
  }
};

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
  testing::TestEventListeners& listeners = testing::UnitTest::GetInstance()->listeners();
  if (world_comm->rank() != 0) delete listeners.Release(listeners.default_result_printer());
  listeners.Append(new abort_on_failure);
  const int status = RUN_ALL_TESTS();
  world_comm->barrier();
  world_comm.reset();
  return status;
}
