// hypergraph: incidence stored both ways, each as a CSR.
//
//   vertex_to_edges : vertex v -> the hyperedges containing v (sorted)
//   edge_to_vertices: hyperedge h -> its vertices, the "pins" (sorted)
//
// Both hold the same pins; keeping both lets the vertex phase and the hyperedge phase of an
// algorithm each read contiguous lists (Hygra; De Caro et al.'s CSR + CSC layout).
#pragma once

#include <cstdint>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {

using hyperedge_t = std::uint32_t;

/// Hyperedges as read from a file or generated, before the builder.
struct incidence_list {
  host_vector<edge_t> edge_offsets{0};  // num_hyperedges + 1 entries into pins
  host_vector<vertex_t> pins;           // vertex ids, hyperedge after hyperedge
  host_vector<weight_t> edge_weights;   // empty, or one per hyperedge
  host_vector<weight_t> vertex_weights; // empty, or one per vertex
  vertex_t num_vertices = 0;            // every pin is below this; isolated vertices count
  host_vector<std::uint64_t> original_ids;  // as in edge_list: empty for identity

  hyperedge_t num_hyperedges() const { return static_cast<hyperedge_t>(edge_offsets.size() - 1); }
  edge_t num_pins() const { return pins.size(); }
};

class hypergraph {
 public:
  hypergraph() = default;
  /// Takes ownership; `edge_to_vertices` must be the transpose of `vertex_to_edges`.
  hypergraph(csr_arrays vertex_to_edges, csr_arrays edge_to_vertices,
             host_vector<weight_t> edge_weights = {}, host_vector<weight_t> vertex_weights = {},
             host_vector<std::uint64_t> original_ids = {});

  vertex_t num_vertices() const { return vertex_to_edges_.num_vertices(); }
  hyperedge_t num_hyperedges() const { return edge_to_vertices_.num_vertices(); }
  edge_t num_pins() const { return edge_to_vertices_.num_edges(); }

  const csr_arrays& vertex_to_edges() const { return vertex_to_edges_; }
  const csr_arrays& edge_to_vertices() const { return edge_to_vertices_; }
  std::span<const vertex_t> pins(hyperedge_t h) const;
  std::span<const hyperedge_t> edges_of(vertex_t v) const;
  edge_t edge_size(hyperedge_t h) const { return pins(h).size(); }
  edge_t vertex_degree(vertex_t v) const { return edges_of(v).size(); }

  std::span<const weight_t> edge_weights() const { return edge_weights_; }
  std::span<const weight_t> vertex_weights() const { return vertex_weights_; }

  bool has_original_ids() const { return !original_ids_.empty(); }
  std::span<const std::uint64_t> original_ids() const { return original_ids_; }
  std::uint64_t original_id(vertex_t v) const { return original_ids_.empty() ? v : original_ids_[v]; }

  /// The dual hypergraph: hyperedges become vertices and vertices hyperedges (O(1) swap of
  /// the two incidence arrays; weights swap roles too; original ids are dropped).
  hypergraph dual() const&;
  hypergraph dual() &&;

 private:
  csr_arrays vertex_to_edges_;
  csr_arrays edge_to_vertices_;
  host_vector<weight_t> edge_weights_;
  host_vector<weight_t> vertex_weights_;
  host_vector<std::uint64_t> original_ids_;
};

struct hypergraph_build_options {
  bool remove_repeated_pins = true;    // a vertex listed twice in one hyperedge counts once
  bool remove_empty_edges = false;     // hyperedges with no pins (after the step above)
  bool remove_duplicate_edges = false; // keep one hyperedge per distinct vertex set
  bool compact_ids = false;            // renumber vertices to those that occur in a pin
};

/// Builds both incidence CSRs in parallel; deterministic whatever the thread count.
hypergraph build_hypergraph(incidence_list incidence, const hypergraph_build_options& options = {});

}  // namespace plexus
