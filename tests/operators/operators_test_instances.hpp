// The suite of operators_suite.hpp for one back end: the build compiles this file once per enabled back end
// (PLEXUS_INSTANCE_SPACE, PLEXUS_INSTANCE_NAME); tests of a back end without a device report
// SKIPPED.
#include "operators_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, OperatorsTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);
}  // namespace plexus_test
