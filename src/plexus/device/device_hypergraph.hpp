// device_hypergraph: a hypergraph resident in one back end's memory, uploaded once and reused
// by many algorithm runs, with its degree buckets.
//
// On the host back end nothing is copied: the device_hypergraph refers to the hypergraph,
// which must outlive it. On CUDA both incidence CSRs (vertex -> hyperedges and hyperedge ->
// pins) are copied to device memory at construction, so the vertex phase and the hyperedge
// phase of an algorithm each read contiguous lists (Hygra; De Caro et al.'s CSR + CSC).
//
// Degree buckets (graph/segment_buckets.hpp) are computed once here, by vertex degree and by
// hyperedge size: small (<= 16), medium (<= 128), large (<= 1024), very large (<= 6144),
// huge; vertices of degree 0 and empty hyperedges are in no bucket. Label propagation hands
// them to its bucketed mode (algorithms/hyper_lp/bucketed_mode.hpp) so each size class gets the thread / warp / block mapping of De
// Caro et al., with blocks sized to the list.
#pragma once

#include <memory>

#include "plexus/backends/backend.hpp"
#include "plexus/graph/segment_buckets.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {

class device_hypergraph {
 public:
  device_hypergraph(const hypergraph& graph, backend where);
  device_hypergraph(device_hypergraph&&) noexcept;
  device_hypergraph& operator=(device_hypergraph&&) noexcept;
  device_hypergraph(const device_hypergraph&) = delete;
  device_hypergraph& operator=(const device_hypergraph&) = delete;
  ~device_hypergraph();

  backend where() const;
  /// Seconds spent on bucketing and (CUDA) uploading.
  double upload_seconds() const;
  const hypergraph& host_hypergraph() const;

  vertex_t num_vertices() const { return host_hypergraph().num_vertices(); }
  hyperedge_t num_hyperedges() const { return host_hypergraph().num_hyperedges(); }
  edge_t num_pins() const { return host_hypergraph().num_pins(); }

  /// vertex -> its hyperedges (a CSR over num_vertices rows; "neighbours" are hyperedge ids).
  csr_view vertex_to_edges() const;
  /// hyperedge -> its pins (a CSR over num_hyperedges rows; "neighbours" are vertex ids).
  csr_view edge_to_vertices() const;
  /// Whether some hyperedge lists a vertex more than once (a hypergraph built with
  /// remove_repeated_pins = false); then that vertex lists the hyperedge as often. Found once
  /// here, so that kernels over hypergraphs without repeats need not look for them.
  bool has_repeated_pins() const;
  /// Vertices bucketed by degree, ids in the back end's memory.
  const segment_buckets& vertex_buckets() const;
  /// Hyperedges bucketed by size, ids in the back end's memory.
  const segment_buckets& hyperedge_buckets() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace plexus
