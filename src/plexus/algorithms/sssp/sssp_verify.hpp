// Serial verifier and reference for single-source shortest paths (GAPBS sssp.cc SSSPVerifier
// style, reference: Dijkstra, Numer. Math. 1, 1959, with a binary heap).
//
// Output encoding checked: distance[v] is the length of a shortest path from the source,
// +infinity when v cannot be reached; parent[v] is the predecessor on one shortest path,
// parent[source] == source, invalid_vertex when unreached. Unweighted graphs count every
// arc as weight 1. Distances are float, so comparisons allow a relative `tolerance`:
// a == b when |a - b| <= tolerance * max(|a|, |b|).
//
// Invariants, checked in this order (the first violation is reported):
//   1. distance and parent have one entry per vertex; the source is a vertex.
//   2. distance[source] == 0 and parent[source] == source.
//   3. no distance is NaN or negative; an unreached vertex (+inf) has parent invalid_vertex;
//      a reached vertex v != source has a reached parent.
//   4. every arc u->v with u reached: distance[v] <= distance[u] + w(u,v) (within tolerance).
//   5. for every reached v != source some arc parent[v] -> v has
//      distance[v] == distance[parent[v]] + w (within tolerance).
//   6. distances equal those of a serial Dijkstra in double precision (within tolerance).
// Negative or NaN arc weights make shortest paths undefined: plexus::error(invalid_argument).
#pragma once

#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

verdict sssp(const csr_graph& graph, vertex_t source, std::span<const weight_t> distance,
             std::span<const vertex_t> parent, double tolerance = 1e-5);

/// Serial Dijkstra in double precision; +infinity for vertices not reached.
/// Throws plexus::error(invalid_argument) for a bad source or a negative/NaN weight.
host_vector<double> reference_sssp_distances(const csr_graph& graph, vertex_t source);

}  // namespace plexus::verify
