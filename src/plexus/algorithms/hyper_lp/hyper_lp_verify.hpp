// Serial reference for hypergraph label propagation: Algorithm 1 of De Caro et al.,
// "Evaluating Portable Programming Models for Hypergraph Label Propagation on GPUs", which
// generalizes the label propagation of Raghavan, Albert, Kumara ("Near linear time algorithm
// to detect community structures in large-scale networks", Phys. Rev. E 76, 2007) to
// hypergraphs as SimpleHypergraphs.jl does (Antelmi et al., "SimpleHypergraphs.jl - novel
// software framework for modelling and analysis of hypergraphs", WAW 2019).
//
// Each iteration runs two synchronous phases:
//   edge phase    every hyperedge takes the most frequent label among its vertices;
//   vertex phase  every vertex takes the most frequent label among its incident hyperedges'
//                 labels (those just computed), and the vertices whose label changed are counted.
// The loop stops after an iteration with changed / num_vertices < tolerance, after an iteration
// that changed nothing (a fixed point: further iterations would repeat it), or after
// max_iterations. Ties are broken by the smallest label, so the result is a function of the
// input alone and a parallel implementation must reproduce it exactly. A label names a vertex
// and labels compare by the original ids (the input's ids) of the vertices they name: the
// result is the same whatever the vertices' internal numbering.
//
// Conventions: incidence is a set relation, so a vertex listed twice in a hyperedge votes once
// there. A vertex in no hyperedge keeps its label. An empty hyperedge gets label
// invalid_vertex; it is incident to no vertex, so it never votes in the vertex phase.
//
// Random initial labels: the vertex of original id x draws r = counter_rng(seed, x).uniform(n)
// (core/random.hpp: SplitMix64 keyed by a hash of (seed, x), then Lemire's multiply-high map
// to [0, n)) and starts with the label naming the vertex of the r-th smallest original id
// (graph/input_order.hpp; the vertex r itself when the ids are in the input's order), so any
// back end draws the same labels without sharing state, in any numbering. Labels may
// collide: about n * (1 - 1/e) distinct labels are expected, as for any n uniform draws from
// [0, n).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "plexus/backends/target.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::verify {

struct hyper_label_propagation_options {
  std::uint32_t max_iterations = 100;
  double tolerance = 1e-6;  // stop once fewer than this fraction of the vertices changed
  std::uint64_t seed = 1;   // for random initial labels, when none are given
  /// One label per vertex, each < num_vertices; empty = random_initial_labels(n, seed).
  std::span<const vertex_t> initial_labels;
};

struct hyper_label_propagation_result {
  host_vector<vertex_t> vertex_labels;
  host_vector<vertex_t> hyperedge_labels;  // invalid_vertex for empty hyperedges
  std::uint32_t iterations = 0;            // iterations run (both phases each)
  vertex_t changed_last = 0;               // vertices changed in the last iteration
  vertex_t num_communities = 0;            // distinct vertex labels
};

/// The initial draw of the vertex of original id `id` among n, from (seed, id) alone: the rank
/// in original-id order of the vertex its label names.
PLEXUS_HOST_DEVICE constexpr vertex_t random_initial_label(std::uint64_t seed, std::uint64_t id, vertex_t n) {
  return static_cast<vertex_t>(counter_rng(seed, id).uniform(n));
}

/// The initial labels of a hypergraph whose vertices 0..n-1 have original ids 0..n-1.
host_vector<vertex_t> random_initial_labels(vertex_t n, std::uint64_t seed);

/// Throws plexus::error(invalid_argument) when initial_labels has the wrong length or a label
/// >= num_vertices.
hyper_label_propagation_result reference_hyper_label_propagation(const hypergraph& graph,
                                                                 const hyper_label_propagation_options& options = {});

/// Compares a result (labels, iteration count) with the reference run on the same options,
/// reporting the first entry that differs.
verdict hyper_label_propagation(const hypergraph& graph, const hyper_label_propagation_options& options,
                                std::span<const vertex_t> vertex_labels, std::span<const vertex_t> hyperedge_labels,
                                std::uint32_t iterations);

}  // namespace plexus::verify
