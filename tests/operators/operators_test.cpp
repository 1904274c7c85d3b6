// Host (OpenMP) instantiation of the back-end suite in operators_suite.hpp.
#include "operators_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, OperatorsTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_test
