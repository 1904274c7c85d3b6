// Serial references for label propagation community detection.
//
// References:
//   [1] U. N. Raghavan, R. Albert, S. Kumara, "Near linear time algorithm to detect community
//       structures in large-scale networks", Phys. Rev. E 76, 036106, 2007.
//   [2] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification, section on
//       community detection using label propagation (CDLP).
//
// reference_label_propagation and reference_cdlp are the synchronous variant: every vertex starts with its own id as label; in each
// iteration every vertex takes, from the previous iteration's labels, the label occurring
// most often among its neighbours, on a tie the label of smallest original id (the input's
// id, whatever the graph's numbering: graph/input_order.hpp). A vertex without
// neighbours keeps its label. Labels are counted with multiplicity (a parallel arc counts
// twice, a self-loop brings the vertex's own label). Synchronous updates are deterministic,
// unlike the asynchronous random-order updates of [1], which is what makes them checkable.
//
// reference_label_propagation uses the stored (out-)neighbours - all neighbours of an
// undirected graph - and stops after an iteration that changes the labels of at most
// tolerance * n vertices, or after max_iterations iterations.
// reference_cdlp follows [2]: exactly `iterations` iterations; for directed graphs the
// labels of in-neighbours and of out-neighbours are both counted (a vertex that is both
// counts twice). [2] starts from the input's vertex ids, which is why ties compare original
// ids.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// Synchronous label propagation; `iterations_out` (may be null) receives the iterations run
/// (fewer than max_iterations when the labels go round a cycle: lp_limit.hpp).
host_vector<vertex_t> reference_label_propagation(const csr_graph& graph, int max_iterations = 100,
                                                  double tolerance = 0.0, int* iterations_out = nullptr);

/// Semi-synchronous label propagation (lp.hpp): each vertex votes from the previous
/// iteration's labels, keeping its own label when it is among the most frequent; only the
/// vertices that moves_this_round draws take their vote; it stops after an iteration in
/// which at most tolerance * n vertices voted for another label, or after max_iterations.
host_vector<vertex_t> reference_semi_synchronous_label_propagation(const csr_graph& graph, int max_iterations = 100,
                                                                   double tolerance = 0.0, std::uint64_t seed = 1,
                                                                   int* iterations_out = nullptr);

/// LDBC Graphalytics CDLP with a fixed number of iterations, ended early by one that changes no
/// label (the rest would change none either) or by labels that go round a cycle (lp_limit.hpp),
/// on the labels of the fixed number; `iterations_out` (may be null) receives those run.
host_vector<vertex_t> reference_cdlp(const csr_graph& graph, int iterations, int* iterations_out = nullptr);

/// Compares labels exactly (both algorithms are deterministic), naming the first difference.
/// Both hold one label per vertex of `graph`, which names the vertex and the labels (each a
/// vertex) by their input ids.
verdict compare_labels(const csr_graph& graph, std::span<const vertex_t> expected,
                       std::span<const vertex_t> actual);

}  // namespace plexus::verify
