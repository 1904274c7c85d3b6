// CUDA instantiation of the hypergraph algorithm suite in
// tests/algorithms_suite/hyper_suite.hpp; every test reports SKIPPED without a GPU.
#include "../algorithms_suite/hyper_suite.hpp"

namespace plexus_hyper_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, HyperTest, ::testing::Types<plexus::exec::cuda>);
}  // namespace plexus_hyper_test
