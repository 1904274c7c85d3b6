// The suite of community_suite.hpp for one back end: the build compiles this file once per enabled
// back end (PLEXUS_INSTANCE_SPACE, PLEXUS_INSTANCE_NAME); tests of a back end without a device
// report SKIPPED.
#include "community_suite.hpp"

namespace plexus_community_test {
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, CommunityTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);
}  // namespace plexus_community_test
