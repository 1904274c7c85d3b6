// CUDA instantiation of the back-end suite in tests/exec/exec_suite.hpp, and the CUDA-only
// checks of device allocation failure. Every test reports SKIPPED when no GPU is present.
#include <cuda_runtime.h>

#include <string>

#include "../exec/exec_suite.hpp"

namespace plexus_test {

INSTANTIATE_TYPED_TEST_SUITE_P(Cuda, ExecTest, ::testing::Types<plexus::exec::cuda>);

/// Asking for more than the device has raises out_of_memory naming the requested and the
/// free amounts, and leaves the device usable.
TEST(CudaExec, TooLargeAllocationRaisesOutOfMemory) {
  if (!backend_available(backend::cuda)) GTEST_SKIP() << "no CUDA device";
  std::size_t free_bytes = 0, total_bytes = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
  const std::size_t request = total_bytes * 4;
  try {
    exec::buffer<exec::cuda, char> huge(request);
    FAIL() << "allocating " << request << " bytes succeeded";
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), error_kind::out_of_memory);
    const std::string message = e.what();
    EXPECT_NE(message.find("requested " + std::to_string(request) + " bytes"), std::string::npos) << message;
    EXPECT_NE(message.find(" free of "), std::string::npos) << message;
  }
  exec::buffer<exec::cuda, int> small(1000);
  small.fill(3);
  EXPECT_EQ(small.get(999), 3);
}

}  // namespace plexus_test
