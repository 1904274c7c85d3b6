// Host (OpenMP) instantiation of the connected components / PageRank / label propagation
// suite in tests/algorithms_suite/community_suite.hpp.
#include "../algorithms_suite/community_suite.hpp"

namespace plexus_community_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, CommunityTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_community_test
