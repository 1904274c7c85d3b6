// Upload of a hypergraph (both incidence CSRs and the degree bucket lists) to CUDA device
// memory for device_hypergraph. Owns the device arrays.
#include <array>
#include <memory>

#include "plexus/exec/cuda/buffer.cuh"
#include "plexus/graph/device_hypergraph.hpp"
#include "hypergraph_buckets.hpp"

namespace plexus::detail {

struct cuda_hypergraph_storage {
  exec::buffer<exec::cuda, edge_t> vertex_offsets, edge_offsets;
  exec::buffer<exec::cuda, vertex_t> vertex_indices, edge_indices;
  std::array<exec::buffer<exec::cuda, std::uint32_t>, exec::kSegmentBuckets> vertex_ids, edge_ids;
};

namespace {
csr_view upload(const csr_arrays& a, exec::buffer<exec::cuda, edge_t>& offsets,
                exec::buffer<exec::cuda, vertex_t>& indices) {
  offsets.assign(std::span<const edge_t>(a.offsets));
  indices.assign(std::span<const vertex_t>(a.indices));
  return csr_view{a.num_vertices(), a.num_edges(), offsets.data(), indices.data(), nullptr};
}

exec::segment_buckets upload(const host_buckets& b,
                             std::array<exec::buffer<exec::cuda, std::uint32_t>, exec::kSegmentBuckets>& ids) {
  exec::segment_buckets v;
  for (int k = 0; k < exec::kSegmentBuckets; ++k) {
    ids[k].assign(std::span<const std::uint32_t>(b.ids[k]));
    v.ids[k] = ids[k].data();
    v.count[k] = b.ids[k].size();
  }
  v.max_length = b.max_length;
  return v;
}
}  // namespace

std::shared_ptr<cuda_hypergraph_storage> upload_hypergraph_to_cuda(const hypergraph& graph,
                                                                   const host_buckets& vertex_buckets,
                                                                   const host_buckets& edge_buckets,
                                                                   csr_view& vertex_to_edges,
                                                                   csr_view& edge_to_vertices,
                                                                   exec::segment_buckets& vertex_view,
                                                                   exec::segment_buckets& edge_view) {
  auto storage = std::make_shared<cuda_hypergraph_storage>();
  vertex_to_edges = upload(graph.vertex_to_edges(), storage->vertex_offsets, storage->vertex_indices);
  edge_to_vertices = upload(graph.edge_to_vertices(), storage->edge_offsets, storage->edge_indices);
  vertex_view = upload(vertex_buckets, storage->vertex_ids);
  edge_view = upload(edge_buckets, storage->edge_ids);
  return storage;
}

}  // namespace plexus::detail
