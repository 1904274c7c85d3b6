// CUDA instantiation of the connected components / PageRank / label propagation suite in
// tests/algorithms_suite/community_suite.hpp; every test reports SKIPPED without a GPU.
#include "../algorithms_suite/community_suite.hpp"

namespace plexus_community_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, CommunityTest, ::testing::Types<plexus::exec::cuda>);
}  // namespace plexus_community_test
