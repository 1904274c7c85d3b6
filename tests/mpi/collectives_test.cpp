// Every collective of the MPI communicator at the job's rank count, in one message per call
// and split into 5-byte pieces (what a message past Open MPI's int counts goes through);
// agreeing on one rank's error; a collective a peer never joins ends at the deadline.
#include <gtest/gtest.h>

#include <string>

#include "collective_checks.hpp"
#include "mpi_world.hpp"
#include "plexus/dist/agree.hpp"

namespace plexus::dist {
namespace {

using namespace std::chrono_literals;

TEST(mpi_communicator, every_collective) {
  plexus_test::check_collectives(plexus_test::mpi_world());
}

TEST(mpi_communicator, every_collective_split_into_small_messages) {
  mpi_options options;
  options.timeout = plexus_test::kMpiTestTimeout;
  options.max_message_bytes = 5;
  const auto comm = plexus_test::mpi_session().world(options);
  plexus_test::check_collectives(*comm);
}

TEST(mpi_communicator, every_rank_throws_the_error_of_the_first_failing_rank) {
  communicator& world = plexus_test::mpi_world();
  const int last = world.size() - 1;
  try {
    agreed(world, [&] {
      if (world.rank() == last)
        throw error(error_kind::io, "missing.plx: cannot open: No such file or directory");
    });
    FAIL() << "no error";
  } catch (const error& e) {
    const std::string expected =
        world.size() == 1
            ? "missing.plx: cannot open: No such file or directory"
            : "rank " + std::to_string(last) + ": missing.plx: cannot open: No such file or directory";
    EXPECT_EQ(e.what(), expected);
    EXPECT_EQ(e.kind(), error_kind::io);
  }
}

TEST(mpi_communicator, a_collective_that_a_peer_never_joins_ends_at_the_deadline) {
  communicator& world = plexus_test::mpi_world();
  if (world.size() == 1) GTEST_SKIP() << "needs a second rank";
  // The deadline is each rank's own: short on rank 0, which waits alone, and the tests' usual
  // one on the others.
  mpi_options options;
  options.timeout = world.rank() == 0 ? 300ms : plexus_test::kMpiTestTimeout;
  const auto comm = plexus_test::mpi_session().world(options);
  if (comm->rank() == 0) {
    try {
      comm->barrier();
      FAIL() << "the barrier completed without the other ranks";
    } catch (const error& e) {
      EXPECT_NE(std::string(e.what()).find("rank 0: barrier #1 did not complete within 300 ms"),
                std::string::npos)
          << e.what();
    }
  }
  // The others join only now. Rank 0's abandoned barrier must complete before its communicator
  // is freed: rank 0 drives MPI's progress in the second world barrier until they have joined.
  world.barrier();
  if (comm->rank() != 0) comm->barrier();
  world.barrier();
}

}  // namespace
}  // namespace plexus::dist
