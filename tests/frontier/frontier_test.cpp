// Host (OpenMP) instantiation of the back-end suite in frontier_suite.hpp.
#include "frontier_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, FrontierTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_test
