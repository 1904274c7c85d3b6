// Host (OpenMP) instantiation of the back-end test suite in backend_suite.hpp.
#include "backend_suite.hpp"

namespace plexus_test {
INSTANTIATE_TYPED_TEST_SUITE_P(Host, BackendTest, ::testing::Types<plexus::exec::host>);
}  // namespace plexus_test
