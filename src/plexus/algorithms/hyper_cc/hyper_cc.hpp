// Connected components of a hypergraph: two vertices are connected when they share a
// hyperedge (equivalently: components of the clique expansion, or of the bipartite incidence
// graph restricted to vertices).
//
// Output, the encoding of hyper_cc_verify.hpp: vertex_labels[v] = the vertex of smallest
// original id (the input's id) in v's component (a vertex in no hyperedge is its own component);
// hyperedge_labels[h] = the label of h's vertices, invalid_vertex for an empty hyperedge.
//
// Approach: minimum-label propagation alternating the two phases of Hygra's hypergraph
// algorithms (Shun, PPoPP 2020): every hyperedge takes the smallest label of its pins
// (segmented reduction), every vertex the smallest of its own and its hyperedges' labels;
// then one pointer jump per vertex, label[v] = label[label[v]], which is valid because a
// label is always a vertex of the same component with a label no larger, and it shortens
// long chains (Shiloach-Vishkin style shortcutting). Labels only decrease and stay in the
// component, so the fixed point, reached when a round changes nothing, is the component's
// smallest id; a host pass renames it by smallest original id where the ids are not in the
// input's order.
#pragma once

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_hypergraph.hpp"

namespace plexus {

struct hyper_components_options {
  bool pointer_jumping = true;  // off: plain min-label propagation (rounds ~ the diameter)
};

struct hyper_components_result {
  host_vector<vertex_t> vertex_labels;
  host_vector<vertex_t> hyperedge_labels;  // invalid_vertex for empty hyperedges
  vertex_t num_components = 0;             // isolated vertices included
  vertex_t num_nontrivial_components = 0;  // components with at least one hyperedge
  std::uint32_t rounds = 0;
  double seconds = 0;
};

hyper_components_result hyper_components(const device_hypergraph& graph, const hyper_components_options& options = {});

}  // namespace plexus
