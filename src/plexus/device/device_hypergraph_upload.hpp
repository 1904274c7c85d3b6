// How a device_hypergraph puts a hypergraph and its degree buckets into one back end's memory
// (device_hypergraph.cpp calls it through the back-end dispatch;
// device_hypergraph_instances.hpp compiles it per back end).
#pragma once

#include <memory>
#include <span>

#include "plexus/device/device_upload.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/graph/hypergraph_buckets.hpp"
#include "plexus/graph/segment_buckets.hpp"

namespace plexus::detail {

template <class Space>
segment_buckets bucket_view(device_arrays<Space>& arrays, const host_buckets& b) {
  segment_buckets v;
  for (int k = 0; k < kSegmentBuckets; ++k) {
    v.ids[k] = arrays.keep(std::span<const std::uint32_t>(b.ids[k]));
    v.count[k] = b.ids[k].size();
  }
  v.max_length = b.max_length;
  return v;
}

/// Both incidence CSRs and both sides' bucket lists in the space's memory. Returns what keeps
/// the arrays alive (on the host the views point into `graph` and the host buckets).
template <class Space>
std::shared_ptr<void> upload_hypergraph(const hypergraph& graph, const host_buckets& vertex_buckets,
                                        const host_buckets& edge_buckets, csr_view& vertex_to_edges,
                                        csr_view& edge_to_vertices, segment_buckets& vertex_view,
                                        segment_buckets& edge_view) {
  auto arrays = std::make_shared<device_arrays<Space>>();
  vertex_to_edges = arrays->view(graph.vertex_to_edges());
  edge_to_vertices = arrays->view(graph.edge_to_vertices());
  vertex_view = bucket_view(*arrays, vertex_buckets);
  edge_view = bucket_view(*arrays, edge_buckets);
  return arrays;
}

}  // namespace plexus::detail
