// Hypergraph label propagation: Algorithm 1 of De Caro et al., "Evaluating Portable
// Programming Models for Hypergraph Label Propagation on GPUs", the hypergraph form (as in
// SimpleHypergraphs.jl, Antelmi et al., WAW 2019) of the label propagation of Raghavan,
// Albert, Kumara (Phys. Rev. E 76, 036106, 2007).
//
// Output: vertex_labels[v], a label in [0, n) naming v's community; hyperedge_labels[h], the
// label h took in the last edge phase (invalid_vertex for an empty hyperedge).
// Each iteration runs two synchronous phases:
//   edge phase    every hyperedge takes the most frequent label among its vertices;
//   vertex phase  every vertex takes the most frequent label among its hyperedges' labels,
//                 and the vertices whose label changed are counted.
// Ties go to the smallest label, labels compared by the original ids (the input's ids) of the
// vertices they name; a vertex listed twice in a hyperedge votes once; a vertex in no
// hyperedge keeps its label. The loop stops after an iteration that changed nothing or fewer
// than tolerance * n labels, or after max_iterations. Initial labels are the caller's or
// counter-based random draws keyed by original id (verify::random_initial_label), so every
// back end, thread count and numbering of the vertices gives exactly
// verify::reference_hyper_label_propagation's labels.
//
// Approach (De Caro et al., Sec. 4): each phase is a bucketed "most frequent label" over the
// incidence lists (bucketed_mode.hpp) with the degree buckets of device_hypergraph: on
// CUDA a thread per short list, a warp per medium list and a block per long list, the three
// kernels on their own streams; shared-memory histograms with a global-memory fallback when a
// list holds more distinct labels than shared memory does.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_hypergraph.hpp"

namespace plexus {

struct hyper_label_propagation_options {
  std::uint32_t max_iterations = 100;
  double tolerance = 1e-6;  // stop once fewer than this fraction of the vertices changed
  std::uint64_t seed = 1;   // random initial labels, when none are given
  /// One label per vertex, each < num_vertices; empty: random initial labels from `seed`.
  std::span<const vertex_t> initial_labels{};
};

struct hyper_label_propagation_result {
  host_vector<vertex_t> vertex_labels;
  host_vector<vertex_t> hyperedge_labels;  // invalid_vertex for empty hyperedges
  std::uint32_t iterations = 0;            // iterations run (both phases each)
  vertex_t changed_last = 0;               // vertices changed in the last iteration
  vertex_t num_communities = 0;            // distinct vertex labels
  double seconds = 0;                      // the iterations (CUDA events on GPUs)
  double edge_phase_seconds = 0;           // summed over iterations
  double vertex_phase_seconds = 0;         // summed over iterations
  /// Bytes one phase moves, counted as: the row offsets (8 B per row, + 1), the bucket ids
  /// (4 B per non-empty row), the incidence ids (4 B per pin), one 4 B label gathered per pin,
  /// and the written labels (edge phase: 4 B per hyperedge; vertex phase: 4 B read + 4 B
  /// written per vertex). Gathers are counted at 4 B although a GPU moves whole 32 B sectors,
  /// so the derived bandwidth is what the algorithm needs, not what the memory served.
  std::uint64_t edge_phase_bytes = 0;
  std::uint64_t vertex_phase_bytes = 0;
};

/// The bytes of hyperedge and vertex phase as counted in hyper_label_propagation_result, for
/// other kernels that read the same (bench/cuda/hyper_lp_ceiling.cu).
struct hyper_lp_phase_bytes {
  std::uint64_t edge_phase = 0;
  std::uint64_t vertex_phase = 0;
};
inline hyper_lp_phase_bytes counted_hyper_lp_bytes(const device_hypergraph& graph) {
  const std::uint64_t n = graph.num_vertices(), m = graph.num_hyperedges(), pins = graph.num_pins();
  return {8 * (m + 1) + 4 * std::uint64_t(graph.hyperedge_buckets().total()) + 8 * pins + 4 * m,
          8 * (n + 1) + 4 * std::uint64_t(graph.vertex_buckets().total()) + 8 * pins + 8 * n};
}

/// Throws plexus::error(invalid_argument) when tolerance is outside [0, 1] or NaN, when
/// initial_labels has the wrong length or a label >= num_vertices.
hyper_label_propagation_result hyper_label_propagation(const device_hypergraph& graph,
                                                       const hyper_label_propagation_options& options = {});

}  // namespace plexus
