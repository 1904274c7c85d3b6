// Connected components (weakly connected for directed graphs), Afforest.
//
// Output: label[v] = the vertex of smallest original id (the input's id) in v's component, so
// every correct run on every back end and in every vertex order names the same vertices (the
// canonical labelling of verify::reference_components).
// Input: any csr_graph. Arc directions are ignored: a directed graph with in-edges lets the
// final phase skip the largest component (its arcs are seen from both ends); without them
// every arc of every vertex is linked.
//
// Approach (M. Sutton, T. Ben-Nun, A. Barak, "Optimizing Parallel Graph Connectivity
// Computation via Subgraph Sampling", IPDPS 2018; as in GAPBS cc.cc): a union-find forest in
// one array, where link(u, v) hooks the larger of the two roots under the smaller with a
// compare-and-swap, so a root is always the smallest id of its tree. First every vertex links
// its first `neighbor_rounds` neighbours and the forest is compressed; a sample of vertices
// then names the largest intermediate component, whose vertices (most of a power-law graph)
// skip the final phase, in which the others link their remaining neighbours. A last
// compression makes every label its root, which is the component's smallest id; when the
// graph is numbered out of the input's order, a host pass then renames each component by its
// smallest original id (graph/input_order.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/memory_need.hpp"
#include "plexus/graph/component_sizes.hpp"

namespace plexus {

struct cc_options {
  int neighbor_rounds = 2;  // neighbours each vertex links before the largest component is sampled
  int sample_size = 1024;   // vertices sampled to find the largest intermediate component
};

struct cc_result {
  host_vector<vertex_t> label;       // the component's vertex of smallest original id
  std::uint64_t num_components = 0;  // isolated vertices included
  int iterations = 0;                // link phases run (sampling rounds + the final phase)
  double seconds = 0;                // on the device (CUDA events on GPUs): no upload, no download
};

/// Throws plexus::error(invalid_argument) when neighbor_rounds < 0 or sample_size < 1.
cc_result connected_components(const device_graph& graph, const cc_options& options = {});

/// The memory a run holds on `where` besides the graph (bfs_working_bytes): Afforest's
/// component array, the sample and its keys, and the bitmap of changed vertices; GPUs also
/// keep the sampled labels' keys and the compaction of the vertices left.
std::uint64_t cc_working_bytes(const input_shape& shape, backend where);

/// `options` checked (the errors above) and bounded by what `graph` can use: no more
/// neighbour rounds than its largest degree, no larger sample than its vertex count.
cc_options checked_cc_options(const csr_graph& graph, const cc_options& options);

}  // namespace plexus
