// The suite of hyper_suite.hpp for one back end: the build compiles this file once per enabled
// back end (PLEXUS_INSTANCE_SPACE, PLEXUS_INSTANCE_NAME); tests of a back end without a device
// report SKIPPED.
#include "hyper_suite.hpp"

namespace plexus_hyper_test {
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, HyperTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);
}  // namespace plexus_hyper_test
