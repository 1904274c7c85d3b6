// How a device_graph puts a csr_graph into one back end's memory (device_graph.cpp calls it
// through the back-end dispatch; device_graph_instances.hpp compiles it per back end).
#pragma once

#include <memory>

#include "plexus/device/device_upload.hpp"

namespace plexus::detail {

/// The out-CSR, and the in-CSR where the graph is directed and has one (always on the host;
/// elsewhere when `with_in_edges`), in the space's memory. An undirected graph is its own
/// reverse. Returns what keeps the arrays alive.
template <class Space>
std::shared_ptr<void> upload_graph(const csr_graph& graph, bool with_in_edges, csr_view& out, csr_view& in,
                                   bool& has_in) {
  auto arrays = std::make_shared<device_arrays<Space>>();
  out = arrays->view(graph.out());
  has_in = false;
  if (!graph.directed()) {
    in = out;
    has_in = true;
  } else if ((with_in_edges || exec::cpu_space<Space>) && graph.has_in_edges()) {
    in = arrays->view(graph.in());
    has_in = true;
  }
  return arrays;
}

}  // namespace plexus::detail
