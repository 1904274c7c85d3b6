// A rank's share of the cores: ranks that each see the whole machine divide it; the user's
// OMP_NUM_THREADS and a rank bound to some cores are left alone.
#include "plexus/dist/core_share.hpp"

#include <gtest/gtest.h>
#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace plexus::dist {
namespace {

/// Runs the test's body with OMP_NUM_THREADS unset and this process on every online core,
/// putting the affinity, the variable and the thread count back afterwards.
class core_share_test : public ::testing::Test {
 protected:
  void SetUp() override {
    threads_ = omp_get_max_threads();
    if (const char* value = std::getenv("OMP_NUM_THREADS")) variable_ = value;
    unsetenv("OMP_NUM_THREADS");
    sched_getaffinity(0, sizeof mask_, &mask_);
    cpu_set_t every;
    CPU_ZERO(&every);
    for (long c = 0; c < online(); ++c) CPU_SET(static_cast<int>(c), &every);
    whole_machine_ = sched_setaffinity(0, sizeof every, &every) == 0;
  }
  void TearDown() override {
    sched_setaffinity(0, sizeof mask_, &mask_);
    if (!variable_.empty()) setenv("OMP_NUM_THREADS", variable_.c_str(), 1);
    omp_set_num_threads(threads_);
  }
  static long online() { return sysconf(_SC_NPROCESSORS_ONLN); }

  bool whole_machine_ = false;

 private:
  int threads_ = 1;
  std::string variable_;
  cpu_set_t mask_;
};

TEST_F(core_share_test, ranks_that_see_the_whole_machine_divide_its_cores) {
  if (!whole_machine_) GTEST_SKIP() << "this process may not run on every core";
  const int expected = std::max(1, static_cast<int>(online()) / 2);
  EXPECT_EQ(share_cores(2), expected);
  EXPECT_EQ(omp_get_max_threads(), expected);
  EXPECT_EQ(share_cores(static_cast<int>(online()) * 4), 1);
}

TEST_F(core_share_test, one_rank_keeps_every_core) {
  omp_set_num_threads(3);
  EXPECT_EQ(share_cores(1), 3);
}

TEST_F(core_share_test, omp_num_threads_is_the_users_choice) {
  setenv("OMP_NUM_THREADS", "3", 1);
  omp_set_num_threads(3);
  EXPECT_EQ(share_cores(2), 3);
}

TEST_F(core_share_test, a_rank_bound_to_some_cores_holds_its_share) {
  if (online() < 2) GTEST_SKIP() << "one core: no rank can be bound to fewer";
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(0, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  omp_set_num_threads(1);
  EXPECT_EQ(share_cores(2), 1);
  omp_set_num_threads(5);
  EXPECT_EQ(share_cores(2), 5);
}

}  // namespace
}  // namespace plexus::dist
