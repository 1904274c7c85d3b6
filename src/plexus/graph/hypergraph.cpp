#include "plexus/graph/hypergraph.hpp"

#include <utility>

#include "plexus/core/error.hpp"

namespace plexus {

hypergraph::hypergraph(csr_arrays vertex_to_edges, csr_arrays edge_to_vertices,
                       host_vector<weight_t> edge_weights, host_vector<weight_t> vertex_weights,
                       host_vector<std::uint64_t> original_ids)
    : vertex_to_edges_(std::move(vertex_to_edges)),
      edge_to_vertices_(std::move(edge_to_vertices)),
      edge_weights_(std::move(edge_weights)),
      vertex_weights_(std::move(vertex_weights)),
      original_ids_(std::move(original_ids)) {
  if (vertex_to_edges_.offsets.empty()) vertex_to_edges_.offsets.assign(1, 0);
  if (edge_to_vertices_.offsets.empty()) edge_to_vertices_.offsets.assign(1, 0);
  if (vertex_to_edges_.num_edges() != edge_to_vertices_.num_edges())
    throw error(error_kind::internal, "hypergraph: the two incidence arrays hold different pin counts");
  if (!edge_weights_.empty() && edge_weights_.size() != num_hyperedges())
    throw error(error_kind::internal, "hypergraph: one edge weight per hyperedge expected");
  if (!vertex_weights_.empty() && vertex_weights_.size() != num_vertices())
    throw error(error_kind::internal, "hypergraph: one vertex weight per vertex expected");
  if (!original_ids_.empty() && original_ids_.size() != num_vertices())
    throw error(error_kind::internal, "hypergraph: original id map has the wrong length");
}

std::span<const vertex_t> hypergraph::pins(hyperedge_t h) const {
  const auto& a = edge_to_vertices_;
  return {a.indices.data() + a.offsets[h], static_cast<std::size_t>(a.offsets[h + 1] - a.offsets[h])};
}

std::span<const hyperedge_t> hypergraph::edges_of(vertex_t v) const {
  const auto& a = vertex_to_edges_;
  return {a.indices.data() + a.offsets[v], static_cast<std::size_t>(a.offsets[v + 1] - a.offsets[v])};
}

hypergraph hypergraph::dual() const& { return hypergraph(*this).dual(); }

hypergraph hypergraph::dual() && {
  return hypergraph(std::move(edge_to_vertices_), std::move(vertex_to_edges_), std::move(vertex_weights_),
                    std::move(edge_weights_));
}

}  // namespace plexus
