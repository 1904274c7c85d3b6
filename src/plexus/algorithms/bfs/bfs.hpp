// Breadth-first search, direction-optimizing.
//
// Computes, from one source, every vertex's depth (hop count) and a BFS-tree parent.
// Output: depth[v] = unreached_depth and parent[v] = invalid_vertex for unreached vertices;
// depth[source] = 0 and parent[source] = source. Input: any csr_graph; pull steps need
// in-edges (undirected graphs have them; directed graphs need the reverse CSR), otherwise
// the search pushes only.
//
// Approach (Beamer, Asanovic, Patterson, "Direction-Optimizing Breadth-First Search",
// SC 2012; as in GAPBS bfs.cc): top-down (push) steps expand a sparse frontier; when the
// frontier's out-edges exceed the unexplored edges / alpha the search switches to bottom-up
// (pull) steps, where each unvisited vertex looks for any parent in a bitmap frontier and
// stops at the first; it returns to push when the frontier shrinks below n / beta and is
// shrinking. Depths are identical on every back end; parents may differ but always form a
// valid BFS tree.
#pragma once

#include <optional>
#include <string_view>

#include "plexus/backends/backend.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/device/memory_need.hpp"
#include "plexus/operators/direction_mode.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus {

inline constexpr vertex_t unreached_depth = invalid_vertex;

struct bfs_options {
  direction_mode direction = direction_mode::automatic;
  load_balance balance = load_balance::automatic;
  // Switch to pull when frontier edges > unexplored edges / alpha; unset: default_bfs_alpha.
  std::optional<double> alpha{};
  double beta = 18.0;  // switch back to push when the frontier < n / beta and shrinking
};

/// The alpha of a back end: 15 on the host (GAPBS's value), 80 on GPUs, where a push step's
/// atomics cost more beside a pull step's reads, so pulling pays off earlier: on Kronecker
/// graphs 80 was among the best of a sweep from 5 to 400 on the GPU, while on the host it
/// measured level with 15 (docs/performance/bfs.md, "Direction switch thresholds").
constexpr double default_bfs_alpha(backend_family family) {
  return family == backend_family::cpu ? 15.0 : 80.0;
}

struct bfs_result {
  host_vector<vertex_t> depth;   // unreached_depth when unreached
  host_vector<vertex_t> parent;  // invalid_vertex when unreached; parent[source] == source
  int iterations = 0;            // frontier expansions (push or pull steps)
  double seconds = 0;            // traversal only (CUDA events on GPUs): no upload, no download
};

/// Throws plexus::error(invalid_argument) when source is out of range, or when pull is forced
/// on a directed graph without in-edges on this back end.
bfs_result bfs(const device_graph& graph, vertex_t source, const bfs_options& options = {});

/// The memory a run holds on `where` besides the graph, for a graph of `shape`: depths and
/// parents, two vertex queues and two frontier bitmaps (push and pull steps); GPUs also keep
/// the push step's degree scan and the pull step's unvisited list. Both front ends check it
/// before a run and choose the out-of-core engine by it.
std::uint64_t bfs_working_bytes(const input_shape& shape, backend where);

}  // namespace plexus
