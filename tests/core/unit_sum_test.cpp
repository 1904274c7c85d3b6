// Scaling user numbers to a distribution: values whose plain sum overflows a double give the
// same shares as the values scaled down, instead of infinity and shares of 0.
#include <gtest/gtest.h>

#include <vector>

#include "plexus/core/unit_sum.hpp"

namespace plexus {
namespace {

TEST(unit_sum, shares_do_not_depend_on_the_magnitude_of_the_values) {
  const std::vector<double> small = {1, 0, 3, 4};
  const std::vector<double> huge = {4e307, 0, 1.2e308, 1.6e308};  // their sum overflows
  const std::vector<double> expect = {0.125, 0, 0.375, 0.5};
  const std::vector<double> a = scaled_to_unit_sum(small), b = scaled_to_unit_sum(huge);
  for (std::size_t i = 0; i < expect.size(); ++i) {
    EXPECT_DOUBLE_EQ(a[i], expect[i]) << i;
    EXPECT_DOUBLE_EQ(b[i], expect[i]) << i;
  }
  const std::vector<double> tiny = scaled_to_unit_sum(std::vector<double>{4.9e-324, 4.9e-324});
  EXPECT_DOUBLE_EQ(tiny[0], 0.5);
  EXPECT_EQ(scaled_to_unit_sum(std::vector<double>{0, 0}), (std::vector<double>{0, 0}));
}

}  // namespace
}  // namespace plexus
