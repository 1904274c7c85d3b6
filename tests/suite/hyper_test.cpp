// Host (OpenMP) instantiation of the hypergraph algorithm suite in
// tests/algorithms_suite/hyper_suite.hpp.
#include "../algorithms_suite/hyper_suite.hpp"

namespace plexus_hyper_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, HyperTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_hyper_test
