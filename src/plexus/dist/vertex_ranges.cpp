// Contiguous vertex ranges split by bytes (vertex_ranges.hpp).
#include "plexus/dist/vertex_ranges.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "plexus/core/error.hpp"

namespace plexus::dist {

byte_model byte_model::of(bool weighted, bool both_lists) {
  constexpr std::uint64_t kOffset = sizeof(edge_t), kState = 4, kId = sizeof(vertex_t),
                          kWeight = sizeof(weight_t);
  return byte_model{(both_lists ? 2 : 1) * kOffset + kState, kId + (weighted ? kWeight : 0)};
}

byte_model byte_model::of(const csr_graph& graph) {
  return of(graph.weighted(), graph.directed() && graph.has_in_edges());
}

vertex_ranges::vertex_ranges(std::vector<vertex_t> starts) : starts_(std::move(starts)) {
  if (starts_.size() < 2 || starts_.front() != 0 || !std::is_sorted(starts_.begin(), starts_.end()))
    throw error(error_kind::internal,
                "vertex_ranges: starts must run from 0, never decreasing, over one rank or more");
}

int vertex_ranges::owner(vertex_t v) const {
  // The last rank starting at or below v; empty ranges start where the next one does.
  return static_cast<int>(std::upper_bound(starts_.begin(), starts_.end() - 1, v) - starts_.begin()) - 1;
}

std::uint64_t split_target(std::uint64_t total, int k, int p) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(total) * static_cast<unsigned>(k) /
                                    static_cast<unsigned>(p));
}

vertex_t split_point(std::uint64_t target, vertex_t lo, vertex_t hi, const prefix_cost& cost) {
  // Invariant: cost(lo) < target <= cost(hi).
  while (hi - lo > 1) {
    const vertex_t mid = lo + (hi - lo) / 2;
    if (cost(mid) >= target)
      hi = mid;
    else
      lo = mid;
  }
  return target - cost(lo) < cost(hi) - target ? lo : hi;
}

vertex_ranges split_by_cost(vertex_t n, int ranks, const prefix_cost& cost) {
  if (ranks < 1)
    throw error(error_kind::invalid_argument, fmt::format("{} ranks: a run needs one or more", ranks));
  const std::uint64_t total = cost(n);
  std::vector<vertex_t> starts(static_cast<std::size_t>(ranks) + 1, 0);
  starts.back() = n;
  for (int k = 1; k < ranks; ++k) {
    const std::uint64_t target = split_target(total, k, ranks);
    const vertex_t point = target == 0 ? 0 : split_point(target, 0, n, cost);
    // A monotone cost gives non-decreasing points; the max only keeps the ranges valid when
    // the cost comes from a file not yet checked, which its checks will then refuse.
    starts[static_cast<std::size_t>(k)] = std::max(point, starts[static_cast<std::size_t>(k) - 1]);
  }
  return vertex_ranges(std::move(starts));
}

vertex_ranges split_by_bytes(const csr_graph& graph, int ranks) {
  const byte_model model = byte_model::of(graph);
  const std::span<const edge_t> out = graph.offsets();
  const std::span<const edge_t> in = graph.directed() && graph.has_in_edges()
                                         ? std::span<const edge_t>(graph.in().offsets)
                                         : std::span<const edge_t>();
  return split_by_cost(graph.num_vertices(), ranks, [&](vertex_t v) {
    return model.per_vertex * v + model.per_arc * (out[v] + (in.empty() ? 0 : in[v]));
  });
}

}  // namespace plexus::dist
