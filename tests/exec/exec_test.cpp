// Host (OpenMP) instantiation of the back-end suite in exec_suite.hpp.
#include "exec_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, ExecTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_test
