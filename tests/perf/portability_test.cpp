// Pennycook's performance portability (perf/portability.hpp): the harmonic mean of the
// efficiencies, 0 as soon as one platform failed, and the efficiency that feeds it.
#include "plexus/perf/portability.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace {

using plexus::perf::architectural_efficiency;
using plexus::perf::performance_portability;

double pp(std::vector<double> efficiencies) {
  return performance_portability(efficiencies);
}

TEST(performance_portability, is_the_harmonic_mean_of_the_efficiencies) {
  EXPECT_DOUBLE_EQ(pp({0.5}), 0.5);
  EXPECT_DOUBLE_EQ(pp({0.5, 0.5}), 0.5);
  // 2 / (1/0.5 + 1/0.25) = 2 / 6.
  EXPECT_DOUBLE_EQ(pp({0.5, 0.25}), 1.0 / 3.0);
  // 3 / (1 + 2 + 4).
  EXPECT_DOUBLE_EQ(pp({1.0, 0.5, 0.25}), 3.0 / 7.0);
}

TEST(performance_portability, is_held_down_by_the_worst_platform) {
  // The arithmetic mean of 0.9 and 0.01 is 0.455; the harmonic mean stays near the worst.
  const double value = pp({0.9, 0.01});
  EXPECT_LT(value, 0.02);
  EXPECT_GT(value, 0.01);
}

TEST(performance_portability, is_zero_when_any_platform_failed) {
  EXPECT_EQ(pp({0.8, 0.0}), 0.0);
  EXPECT_EQ(pp({0.0, 0.8, 0.9}), 0.0);
  EXPECT_EQ(pp({0.8, -0.1}), 0.0);
  EXPECT_EQ(pp({0.8, std::numeric_limits<double>::quiet_NaN()}), 0.0);
}

TEST(performance_portability, is_zero_over_no_platform) {
  EXPECT_EQ(pp({}), 0.0);
}

TEST(performance_portability, does_not_depend_on_the_order_of_the_platforms) {
  EXPECT_DOUBLE_EQ(pp({0.2, 0.6, 0.9}), pp({0.9, 0.2, 0.6}));
}

TEST(architectural_efficiency, is_the_achieved_fraction_of_the_peak) {
  EXPECT_DOUBLE_EQ(architectural_efficiency(2.0, 8.0), 0.25);
  EXPECT_DOUBLE_EQ(architectural_efficiency(8.0, 8.0), 1.0);
  // A model that counts more than the kernels move can beat the copy; that is reported.
  EXPECT_DOUBLE_EQ(architectural_efficiency(12.0, 8.0), 1.5);
}

TEST(architectural_efficiency, is_zero_without_a_measurement) {
  EXPECT_EQ(architectural_efficiency(0.0, 8.0), 0.0);
  EXPECT_EQ(architectural_efficiency(2.0, 0.0), 0.0);
  EXPECT_EQ(architectural_efficiency(std::numeric_limits<double>::quiet_NaN(), 8.0), 0.0);
}

}  // namespace
