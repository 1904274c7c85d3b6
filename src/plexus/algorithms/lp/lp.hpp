// Community detection by label propagation: semi-synchronous, synchronous, seeded-random and
// LDBC CDLP.
//
// Output: label[v], a vertex id naming v's community. Every vertex starts with itself as its
// label; in each iteration every vertex with neighbours takes, from the previous iteration's
// labels, the label occurring most often among its neighbours (counted with multiplicity:
// parallel arcs twice, a self-loop brings the vertex's own label). Labels are compared as the
// input's ids (original ids, graph/input_order.hpp), so the result names the same vertices
// whatever the graph's numbering (--order degree, a renumbering reader). Ties:
//   lp_variant::semi_synchronous (the default) - the vertex's own label when it is among the
//                              most frequent, else the label of smallest original id; and in
//                              each iteration only a half of the vertices, drawn afresh
//                              (hash(seed, iteration, vertex) by rank), takes its new label.
//                              Synchronous updates make two neighbours trade labels forever
//                              (a two-cycle, common on Kronecker graphs); with halves, one of
//                              the two moves first and the other then agrees. It stops when no
//                              vertex would change its label (verify::
//                              reference_semi_synchronous_label_propagation);
//   lp_variant::synchronous  - the label of smallest original id
//                              (verify::reference_label_propagation);
//   lp_variant::randomized   - the label with the smallest hash(seed, iteration, vertex, label),
//                              vertex and label by their rank in original-id order: a
//                              counter-based draw, so a seed gives the same labels on every
//                              back end, thread count and vertex order;
//   lp_variant::cdlp         - LDBC Graphalytics CDLP (verify::reference_cdlp): smallest label
//                              (the input's ids, as the specification starts from them),
//                              exactly max_iterations iterations, and directed graphs count
//                              in- and out-neighbours (they need in-edges). An iteration that
//                              changes no label ends the run early with the same labels (every
//                              later one would repeat it); iterations counts those run.
// The first three use stored out-neighbours (all neighbours of an undirected graph) and stop
// after an iteration that changes (semi-synchronous: would change) at most tolerance * n
// labels, or after max_iterations. Synchronous and CDLP labels that go round a cycle (two
// labellings traded back and forth) end the run early on the labels max_iterations would give,
// iterations counting those run (lp_limit.hpp).
//
// Semi-synchronous updates follow G. Cordasco and L. Gargano, "Community detection via
// semi-synchronous label propagation algorithms" (IEEE BASNA 2010), who update the classes of
// a colouring in turn and keep a vertex's label on ties; a random half per iteration needs no
// colouring and is checkable the same way, since the draw is a counter-based hash.
//
// References:
//   [1] U. N. Raghavan, R. Albert, S. Kumara, "Near linear time algorithm to detect community
//       structures in large-scale networks", Phys. Rev. E 76, 036106, 2007.
//   [2] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification, CDLP.
//
// Approach: every vertex's vote reads the previous iteration's labels only, so results are
// deterministic. After an iteration that moved few labels, only the vertices whose vote a move
// nearby could change vote again (the moves counted against the last vote's lead,
// lp_loop.hpp); the others keep their labels, as their votes would. The per-vertex histogram
// is sort-free: on the host a quadratic scan of a stack array for degree <= 32 and a
// thread-local hash table above (lp/segmented_mode_host.hpp);
// on GPUs the degree buckets of hypergraph LP (hyper_lp/bucketed_mode.hpp: tiles, warps and
// blocks of three sizes with shared-memory tables), except for the random tie-break, which
// keeps a warp per vertex and a block per hub (lp/segmented_mode_simt.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {

enum class lp_variant { semi_synchronous, synchronous, randomized, cdlp };

/// The variants' names, as the command line's --variant and Python's variant= take them.
inline constexpr std::string_view kLpVariantNames = "semi-synchronous, synchronous, randomized or cdlp";
/// The variant named `name` ("semi-synchronous", "synchronous", "randomized", "cdlp"), if any.
std::optional<lp_variant> lp_variant_named(std::string_view name);
/// The name of `variant`.
std::string_view lp_variant_name(lp_variant variant);

struct lp_options {
  lp_variant variant = lp_variant::semi_synchronous;
  int max_iterations = 100;  // cdlp: the exact number of iterations
  double tolerance = 0.0;    // stop when at most tolerance * n labels changed (not cdlp)
  std::uint64_t seed = 1;    // randomized: its tie-breaks; semi_synchronous: its halves
  bool compute_modularity = true;  // undirected graphs with edges only (host pass)
  // Vote, after an iteration that moved few labels, only where a label moved nearby (the
  // vertices that moved, their neighbours, and semi-synchronous vertices that wanted to move);
  // the labels and iterations are the same either way. Not for the randomized variant or
  // directed graphs, which always vote every vertex.
  bool skip_settled = true;
};

struct lp_result {
  host_vector<vertex_t> label;
  int iterations = 0;
  std::uint64_t num_communities = 0;  // distinct labels
  double modularity = 0;              // NaN when not computed (directed, no edges, or switched off)
  std::uint64_t last_changed = 0;     // labels changed by the last iteration (semi-synchronous:
                                      // labels that would have changed)
  double seconds = 0;                 // iterations only (CUDA events on GPUs)
  int skipping_iterations = 0;        // iterations that voted only where labels moved nearby
};

/// Throws plexus::error(invalid_argument) for negative max_iterations, tolerance outside
/// [0, 1], or cdlp on a directed graph without in-edges.
lp_result label_propagation(const device_graph& graph, const lp_options& options = {});

}  // namespace plexus
