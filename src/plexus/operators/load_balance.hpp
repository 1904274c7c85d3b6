// Load-balancing strategies for the push advance, and the per-iteration default.
//
// A push advance expands every out-edge of every frontier vertex. Degrees in real graphs
// are skewed, so how edges are assigned to threads decides performance (Merrill, Garland,
// Grimshaw, PPoPP 2012; Davidson et al., IPDPS 2014; Gunrock, Wang et al., PPoPP 2016):
//   thread_mapped   one thread per frontier vertex
//   warp_mapped     one warp (host: a small dynamic chunk) per frontier vertex
//   block_mapped    one thread block (host: a large dynamic chunk) per frontier vertex
//   degree_bucketed per vertex by degree: large lists per block, medium per warp, small per
//                   thread (Merrill's "TWC"); host: large lists split across the team
//   edge_balanced   equal shares of edges per thread via merge-path over the frontier's
//                   scanned edge offsets (Odeh et al., 2012; Baxter's ModernGPU)
// Each strategy is one file under operators/host and operators/simt.
#pragma once

#include <string>
#include <string_view>

#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/backends/host/space.hpp"

namespace plexus {

enum class load_balance { automatic, thread_mapped, warp_mapped, block_mapped, degree_bucketed, edge_balanced };

inline std::string_view to_string(load_balance b) {
  switch (b) {
    case load_balance::automatic: return "automatic";
    case load_balance::thread_mapped: return "thread_mapped";
    case load_balance::warp_mapped: return "warp_mapped";
    case load_balance::block_mapped: return "block_mapped";
    case load_balance::degree_bucketed: return "degree_bucketed";
    case load_balance::edge_balanced: return "edge_balanced";
  }
  return "unknown";
}

/// Inverse of to_string (also accepts "auto"); throws plexus::error(invalid_argument).
inline load_balance parse_load_balance(std::string_view name) {
  for (load_balance b : {load_balance::automatic, load_balance::thread_mapped, load_balance::warp_mapped,
                         load_balance::block_mapped, load_balance::degree_bucketed, load_balance::edge_balanced})
    if (name == to_string(b)) return b;
  if (name == "auto") return load_balance::automatic;
  throw error(error_kind::invalid_argument,
              "unknown load balance '" + std::string(name) +
                  "': valid choices are automatic, thread_mapped, warp_mapped, block_mapped, degree_bucketed, "
                  "edge_balanced");
}

/// Whether the host's edge-balanced push walks a frontier of `edges` arcs on the calling
/// thread, without slices, a team or the degree scan (below exec::kHostSerialBelow arcs).
inline bool host_walks_frontier(edge_t edges) {
  return static_cast<std::size_t>(edges) < exec::kHostSerialBelow;
}

/// The automatic choice for one iteration. On GPUs the edge-balanced search costs a scan of
/// the frontier's degrees, but it is the only strategy that spreads a hub's list over the
/// whole machine, and on power-law graphs it beat degree bucketing in BFS and, by far more,
/// in SSSP. Tiny frontiers of low degree go one warp per vertex, a lane per arc, with no scan:
/// with one thread per vertex walking up to 256 arcs in a chain of dependent atomics, such a
/// round took far longer than its useful work. On the host, where a thread walks a list far
/// faster than a GPU thread, degree bucketing (hub lists split across the team) beat the
/// edge-balanced slices; few vertices or a high average degree still go edge-balanced, and so
/// does a frontier of fewer arcs than exec::kHostSerialBelow, which the edge-balanced push
/// walks on the calling thread where the other strategies would start an OpenMP team for
/// microseconds of work. See docs/performance/bfs.md, "Push load balancing" and
/// "Small push rounds".
inline load_balance choose_load_balance(backend_family family, std::size_t frontier_size, edge_t frontier_edges) {
  if (family == backend_family::cpu) {
    if (host_walks_frontier(frontier_edges)) return load_balance::edge_balanced;
    if (frontier_size < 1024 || frontier_edges > 64 * static_cast<edge_t>(frontier_size))
      return load_balance::edge_balanced;
    return load_balance::degree_bucketed;
  }
  if (frontier_size <= 32 && frontier_edges <= 256) return load_balance::warp_mapped;
  return load_balance::edge_balanced;
}

/// The strategy advance_push uses for a frontier of `size` vertices and `edges` out-edges.
inline load_balance resolve_load_balance(backend_family family, load_balance requested, std::size_t size,
                                         edge_t edges) {
  return requested == load_balance::automatic ? choose_load_balance(family, size, edges) : requested;
}

}  // namespace plexus
