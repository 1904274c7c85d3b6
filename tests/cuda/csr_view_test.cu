// The csr_view built on the host is usable inside CUDA kernels once its arrays live on the GPU.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include "plexus/graph/builder.hpp"
#include "plexus/graph/csr_view.hpp"

namespace {

bool gpu_available() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

__global__ void count_arcs_kernel(plexus::csr_view g, unsigned long long* total) {
  const plexus::vertex_t v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < g.num_vertices) atomicAdd(total, static_cast<unsigned long long>(g.degree(v)));
}

template <class T>
T* to_device(const T* host, std::size_t count) {
  T* device = nullptr;
  EXPECT_EQ(cudaMalloc(&device, count * sizeof(T)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(device, host, count * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return device;
}

TEST(CudaCsrView, DegreesSumToArcCountOnDevice) {
  if (!gpu_available()) GTEST_SKIP() << "no CUDA device";
  plexus::edge_list edges;
  edges.num_vertices = 5;
  edges.src = {0, 0, 1, 2, 3};
  edges.dst = {1, 2, 2, 3, 4};
  const plexus::csr_graph g = plexus::build_graph(std::move(edges), {.symmetrize = true});

  plexus::csr_view view = g.view();
  view.offsets = to_device(g.offsets().data(), g.offsets().size());
  view.indices = to_device(g.indices().data(), g.indices().size());
  unsigned long long* total = nullptr;
  ASSERT_EQ(cudaMalloc(&total, sizeof(*total)), cudaSuccess);
  ASSERT_EQ(cudaMemset(total, 0, sizeof(*total)), cudaSuccess);
  count_arcs_kernel<<<1, 32>>>(view, total);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  unsigned long long result = 0;
  ASSERT_EQ(cudaMemcpy(&result, total, sizeof(result), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(result, g.num_edges());
  EXPECT_EQ(result, 10u);
  cudaFree(const_cast<plexus::edge_t*>(view.offsets));
  cudaFree(const_cast<plexus::vertex_t*>(view.indices));
  cudaFree(total);
}

}  // namespace
