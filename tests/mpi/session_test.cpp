// The MPI session's view of the host: every rank of these tests runs on one machine, so a
// rank's place among the processes of its host is its place in the job.
#include <gtest/gtest.h>

#include "mpi_world.hpp"

namespace plexus::dist {
namespace {

TEST(mpi_session, the_place_on_one_host_is_the_place_in_the_job) {
  const auto place = plexus_test::mpi_session().place_on_host();
  EXPECT_EQ(place.rank, plexus_test::mpi_world().rank());
  EXPECT_EQ(place.ranks, plexus_test::mpi_world().size());
}

}  // namespace
}  // namespace plexus::dist
