// 1D partitioning: every rank owns one contiguous range of vertex ids, split so that every
// rank moves about the same bytes.
//
// A vertex-count split would put every hub on one rank once the graph is in degree order; an
// arc-count split ignores that each vertex costs its offsets and state whatever its degree.
// The split weighs both by the byte model of perf/bytes_moved.hpp (docs/performance/
// portability.md, "Bytes counted"): per owned vertex 8 bytes per list offset it holds (out,
// and in when a directed graph carries its reverse) and 4 of state, per arc held 4 bytes for
// its id and 4 more for its weight. The cost of the vertices below v is then a monotone
// function of v and the offsets, so each split point is found by binary search on the
// offsets: on the arrays of a graph in memory, through pread on a .plx file, or on the rank
// that holds that stretch of the degrees (Kronecker slices, kronecker_slice.hpp). Every route
// finds the same points (split_point below).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dist {

/// The bytes a rank moves per vertex and per arc it holds.
struct byte_model {
  std::uint64_t per_vertex = 0;
  std::uint64_t per_arc = 0;

  /// 8 bytes per list offset (two lists when `both_lists`: a directed graph with its reverse
  /// CSR), 4 of state per vertex; 4 bytes per arc id, 4 more per weight.
  static byte_model of(bool weighted, bool both_lists);
  static byte_model of(const csr_graph& graph);
};

/// The owned range of every rank: rank r owns [first(r), last(r)); ranges are contiguous,
/// in rank order, and may be empty (fewer vertices than ranks, or a hub heavier than a share).
class vertex_ranges {
 public:
  vertex_ranges() = default;
  /// `starts` holds ranks + 1 non-decreasing entries from 0 to the vertex count.
  explicit vertex_ranges(std::vector<vertex_t> starts);

  int ranks() const { return static_cast<int>(starts_.size()) - 1; }
  vertex_t num_vertices() const { return starts_.back(); }
  vertex_t first(int rank) const { return starts_[static_cast<std::size_t>(rank)]; }
  vertex_t last(int rank) const { return starts_[static_cast<std::size_t>(rank) + 1]; }
  vertex_t count(int rank) const { return last(rank) - first(rank); }
  /// The rank owning vertex v < num_vertices().
  int owner(vertex_t v) const;
  std::span<const vertex_t> starts() const { return starts_; }

  bool operator==(const vertex_ranges&) const = default;

 private:
  std::vector<vertex_t> starts_{0};
};

/// The cost of the vertices below v (cost(0) == 0, never decreasing in v).
using prefix_cost = std::function<std::uint64_t(vertex_t)>;

/// The k-th of p equal shares of `total`: floor(total · k / p), exact in 128 bits.
std::uint64_t split_target(std::uint64_t total, int k, int p);

/// Where the range after a split with cost `target` starts, searched in [lo, hi] (with
/// cost(lo) < target <= cost(hi)): the smallest v with cost(v) >= target, or v - 1 when
/// cost(v - 1) lies strictly closer to the target. The same rule on any sub-interval holding
/// the answer gives the same point, which lets a rank decide the splits in its own stretch.
vertex_t split_point(std::uint64_t target, vertex_t lo, vertex_t hi, const prefix_cost& cost);

/// `ranks` ranges of [0, n) of about equal cost.
vertex_ranges split_by_cost(vertex_t n, int ranks, const prefix_cost& cost);

/// `ranks` ranges of a graph in memory, split by byte_model::of(graph).
vertex_ranges split_by_bytes(const csr_graph& graph, int ranks);

}  // namespace plexus::dist
