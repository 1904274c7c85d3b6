// How the out-of-core engine splits a capped device memory between edges kept for the whole
// run (the static region) and edges fetched per iteration (the on-demand region), after
// OneGraph (Li et al., "OneGraph: a cross-architecture framework for large-scale graph
// computing on GPUs based on oneAPI", CCF Trans. HPC, 2023), which follows Ascetic (Tang et
// al., ICPP 2021).
//
// With D the bytes of the edge array, M the device memory left for edges once per-vertex state
// and scratch are placed, and K the share of edges active in a typical iteration, the on-demand
// data of an iteration is K (D - R M); asking it to fit in the on-demand region (1 - R) M gives
// the static share
//     R = (1 - K D / M) / (1 - K)            (OneGraph eq. 1, K = 0.1 after Ascetic)
// clamped to [0, R_max], where R_max leaves room for the on-demand pipeline's buffers (a
// slot holds a chunk's arcs and its segments, so it takes more than the arcs' bytes). The
// static region is a prefix of the CSR edge array by vertex id holding whole neighbour lists
// only: the static vertices are 0 .. static_vertices - 1, whose lists, and whose offsets and
// other per-vertex data of the resident lists, end at or before the region's end. For PageRank every vertex is active (K = 1), where the formula has no value:
// the largest static share is taken. When the whole edge array fits (D <= M) the graph needs
// no out-of-core engine at all.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "plexus/core/types.hpp"

namespace plexus::outofcore {

/// OneGraph's active share K: about a tenth of the edges are active per iteration.
inline constexpr double kDefaultActiveFraction = 0.1;

struct region_request {
  std::uint64_t cap_bytes = 0;          // the device memory limit
  std::uint64_t resident_bytes = 0;     // per-vertex state and scratch, placed before edges
  std::uint64_t edge_bytes = 4;         // bytes per stored arc: 4 (ids) or 8 (ids and weights)
  std::uint64_t slot_arc_bytes = 0;     // device bytes per arc of an on-demand slot; 0: edge_bytes
  std::uint64_t static_vertex_bytes = 0;  // device bytes per static vertex besides its arcs (its offset)
  double active_fraction = kDefaultActiveFraction;  // K; 1 for algorithms with every vertex active
  std::optional<double> static_fraction;            // R chosen by the user instead of the formula
  int buffers = 3;                      // on-demand chunk buffers (triple buffering)
  std::uint64_t min_chunk_bytes = std::uint64_t(64) << 20;  // arc bytes; smaller chunks cost more than they overlap
};

struct region_plan {
  std::uint64_t edge_array_bytes = 0;  // D
  std::uint64_t memory_bytes = 0;      // M: the cap less the resident bytes
  std::uint64_t smallest_cap_bytes = 0;  // the smallest cap this plan accepts
  double formula_fraction = 0;         // R as the formula gives it, before clamping
  double static_fraction = 0;          // R used
  bool fits = false;                   // D <= M: the in-memory engine can run
  vertex_t static_vertices = 0;        // vertices 0 .. static_vertices - 1 are static
  edge_t static_edges = 0;             // arcs in the static region (whole lists)
  edge_t chunk_edges = 0;              // arcs per on-demand chunk
  int buffers = 0;

  double static_edge_share(edge_t total_edges) const {
    return total_edges ? static_cast<double>(static_edges) / static_cast<double>(total_edges) : 1.0;
  }
  /// "D 16.9 GiB, M 9.6 GiB, D/M 1.76, R 0.94 (formula 0.94), static edges 51.2%, chunk 512 MiB x 3".
  std::string describe(edge_t total_edges) const;
};

/// Plans the regions for a CSR with `offsets` (num_vertices + 1 entries). Throws
/// plexus::error(invalid_argument) when the cap cannot hold the resident bytes and the
/// pipeline's buffers, saying what would fit.
region_plan plan_regions(const region_request& request, std::span<const edge_t> offsets);

}  // namespace plexus::outofcore
