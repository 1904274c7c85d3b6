// Serial reference for connected components of a hypergraph.
//
// Two vertices are connected when they share a hyperedge; components are the classes of the
// transitive closure, i.e. the connected components of the clique expansion, or equally of the
// bipartite vertex-hyperedge incidence graph restricted to vertices.
//
// Output encoding: vertex_labels[v] = the vertex of smallest original id (the input's id) in
// v's component, whatever the vertices' internal numbering (a vertex in no hyperedge is its
// own component and label); hyperedge_labels[h] = the label of h's vertices,
// invalid_vertex for an empty hyperedge. num_components counts every vertex component,
// isolated vertices included; num_nontrivial_components counts those with at least one
// hyperedge (the convention of component counts over the vertices "present" in some
// hyperedge, as in ScHoLP-style dataset statistics).
//
// Approach: vertices are scanned in increasing id; an unlabelled vertex starts a breadth-first
// search alternating vertex -> hyperedge -> vertex, labelling everything it reaches with the
// starting id, which is the component's smallest because all smaller ids were labelled before;
// the components are then renamed by original id where the ids are not in the input's order.
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::verify {

struct hyper_components_result {
  host_vector<vertex_t> vertex_labels;     // one per vertex
  host_vector<vertex_t> hyperedge_labels;  // one per hyperedge
  vertex_t num_components = 0;
  vertex_t num_nontrivial_components = 0;
};

hyper_components_result reference_hyper_components(const hypergraph& graph);

/// Renames the components of a labelling by smallest internal id (a label is a vertex of the
/// component) to the encoding above: by smallest original id.
void label_by_smallest_original_id(const hypergraph& graph, std::span<vertex_t> vertex_labels,
                                   std::span<vertex_t> hyperedge_labels);

/// Checks labels in the encoding above against the reference, reporting the first vertex or
/// hyperedge that differs.
verdict hyper_components(const hypergraph& graph, std::span<const vertex_t> vertex_labels,
                         std::span<const vertex_t> hyperedge_labels);

}  // namespace plexus::verify
