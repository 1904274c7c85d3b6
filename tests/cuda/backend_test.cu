// CUDA instantiation of the back-end test suite in tests/exec/backend_suite.hpp; every test
// reports SKIPPED when no GPU is present.
#include "../exec/backend_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, BackendTest, ::testing::Types<plexus::exec::cuda>);
}  // namespace plexus_test
