// CUDA instantiation of the back-end suite in tests/frontier/frontier_suite.hpp; every test
// reports SKIPPED when no GPU is present.
#include "../frontier/frontier_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, FrontierTest, ::testing::Types<plexus::exec::cuda>);
}  // namespace plexus_test
