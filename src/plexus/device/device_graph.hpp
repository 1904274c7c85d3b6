// device_graph: a csr_graph resident in one back end's memory, uploaded once and reused by
// many algorithm runs.
//
// On the host back end nothing is copied: the device_graph keeps a reference to the
// csr_graph, which must outlive it. On CUDA the out-CSR (and, for directed graphs, the
// in-CSR when requested and present) is copied to device memory at construction; views
// handed to kernels then point there.
#pragma once

#include <memory>

#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus {

/// Summary of the edge weights, computed once on first request (host pass over the weights).
struct weight_summary {
  bool weighted = false;
  double min = 1, max = 1, mean = 1;  // over all arcs; 1 for unweighted graphs
  edge_t first_invalid = ~edge_t(0);  // first arc whose weight is negative or NaN, if any
};

class device_graph {
 public:
  device_graph(const csr_graph& graph, backend where, bool with_in_edges = true);
  device_graph(device_graph&&) noexcept;
  device_graph& operator=(device_graph&&) noexcept;
  device_graph(const device_graph&) = delete;
  device_graph& operator=(const device_graph&) = delete;
  ~device_graph();

  backend where() const;
  double upload_seconds() const;
  const csr_graph& host_graph() const;

  vertex_t num_vertices() const { return host_graph().num_vertices(); }
  edge_t num_edges() const { return host_graph().num_edges(); }
  /// Out-CSR in the back end's memory.
  csr_view out_view() const;
  /// True when in_view() is usable: undirected graphs, or directed graphs whose reverse CSR
  /// was present (and, on CUDA, uploaded).
  bool has_in_edges() const;
  /// In-CSR (reverse) in the back end's memory; the out-CSR for undirected graphs. Throws
  /// plexus::error(invalid_argument) when absent.
  csr_view in_view() const;
  const weight_summary& weights() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace plexus
