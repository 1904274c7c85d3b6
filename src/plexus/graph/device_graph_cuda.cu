// Upload of a csr_graph to CUDA device memory for device_graph. Owns the device arrays.
#include <memory>

#include "plexus/exec/cuda/buffer.cuh"
#include "plexus/graph/device_graph.hpp"

namespace plexus::detail {

struct cuda_graph_storage {
  exec::buffer<exec::cuda, edge_t> offsets, in_offsets;
  exec::buffer<exec::cuda, vertex_t> indices, in_indices;
  exec::buffer<exec::cuda, weight_t> weights, in_weights;
};

namespace {
csr_view upload(const csr_arrays& a, exec::buffer<exec::cuda, edge_t>& offsets,
                exec::buffer<exec::cuda, vertex_t>& indices, exec::buffer<exec::cuda, weight_t>& weights) {
  offsets.assign(std::span<const edge_t>(a.offsets));
  indices.assign(std::span<const vertex_t>(a.indices));
  weights.assign(std::span<const weight_t>(a.weights));
  return csr_view{a.num_vertices(), a.num_edges(), offsets.data(), indices.data(),
                  a.weights.empty() ? nullptr : weights.data()};
}
}  // namespace

std::shared_ptr<cuda_graph_storage> upload_to_cuda(const csr_graph& graph, bool with_in_edges, csr_view& out,
                                                   csr_view& in, bool& has_in) {
  auto storage = std::make_shared<cuda_graph_storage>();
  out = upload(graph.out(), storage->offsets, storage->indices, storage->weights);
  has_in = false;
  if (!graph.directed()) {
    in = out;  // an undirected graph is its own reverse
    has_in = true;
  } else if (with_in_edges && graph.has_in_edges()) {
    in = upload(graph.in(), storage->in_offsets, storage->in_indices, storage->in_weights);
    has_in = true;
  }
  return storage;
}

}  // namespace plexus::detail
