// The generated code's suites (generated_suite.hpp against the interpreter,
// generated_datasets_suite.hpp against the library on real graphs, generated_checks_suite.hpp
// its checks of nodes outside the graph) for one back end: the build
// compiles this file once per enabled back end (PLEXUS_INSTANCE_SPACE, PLEXUS_INSTANCE_NAME);
// tests of a back end without a device report SKIPPED.
#include "generated_checks_suite.hpp"
#include "generated_datasets_suite.hpp"
#include "generated_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, DslGenerated, ::testing::Types<PLEXUS_INSTANCE_SPACE>);
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, DslGeneratedDatasets, ::testing::Types<PLEXUS_INSTANCE_SPACE>);
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, DslGeneratedChecks,
                               ::testing::Types<PLEXUS_INSTANCE_SPACE>);
}  // namespace plexus_test
