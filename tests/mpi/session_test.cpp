// The MPI session's view of the host: every rank of these tests runs on one machine, so a
// rank's place among the processes of its host is its place in the job.
#include <gtest/gtest.h>

#include "mpi_world.hpp"

namespace plexus::dist {
namespace {

TEST(mpi_session, the_local_rank_on_one_host_is_the_rank) {
  EXPECT_EQ(plexus_test::mpi_session().local_rank(), plexus_test::mpi_world().rank());
}

}  // namespace
}  // namespace plexus::dist
