// CUDA instantiation of the back-end suite in tests/operators/operators_suite.hpp; every test
// reports SKIPPED when no GPU is present.
#include "../operators/operators_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, OperatorsTest, ::testing::Types<plexus::exec::cuda>);
}  // namespace plexus_test
