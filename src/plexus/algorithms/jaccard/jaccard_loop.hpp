// Jaccard similarity written once over an execution space and instantiated per back end
// (jaccard_instances.hpp): edge-connected scores,
// pair scores and per-vertex top-k. No back-end code: exec primitives and the intersect and
// common-neighbour operators only. See jaccard.hpp for the contract.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/operators/common_neighbours.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/self_loops.hpp"

namespace plexus::detail {

/// (common - ends) / (du + dv - common), 0 for an empty union: `common` = |N(u) ∩ N(v)|,
/// `ends` = how many of u and v are in it, which NetworkX's common neighbours leave out.
PLEXUS_HOST_DEVICE inline double jaccard_score(edge_t common, edge_t du, edge_t dv, edge_t ends = 0) {
  const edge_t united = du + dv - common;
  return united == 0 ? 0.0 : static_cast<double>(common - ends) / static_cast<double>(united);
}

/// How many of u and v are common neighbours of theirs: u is when it has a loop and is a
/// neighbour of v (always, for the two ends of an arc), likewise v; for u == v, its loop.
/// `loop` is self_loop_flags::flags(), nullptr when the graph has no loop.
PLEXUS_HOST_DEVICE inline edge_t ends_in_common(const unsigned char* loop, vertex_t u, vertex_t v, bool adjacent) {
  if (!loop) return 0;
  if (u == v) return loop[u];
  return adjacent ? edge_t(loop[u]) + loop[v] : 0;
}

/// `loop`: self_loop_flags::flags() of g, built by the caller before its clock starts (it
/// depends on the graph only).
template <class Space>
void jaccard_arcs(const Space& space, const csr_view& g, const jaccard_options& options, const unsigned char* loop,
                  double* score) {
  exec::buffer<Space, vertex_t> source_buffer(g.num_edges);
  operators::arc_sources(space, g, source_buffer.data());
  // The graph is undirected (the callers check), so the counts may come from each pair once
  // or from the triangles of each edge, whichever the back end does faster.
  operators::common_neighbours_per_arc(space, g, source_buffer.data(), options.method, loop,
                                       PLEXUS_LAMBDA(edge_t e, vertex_t u, vertex_t v, edge_t common) {
                                         score[e] = jaccard_score(common, g.degree(u), g.degree(v),
                                                                  ends_in_common(loop, u, v, true));
                                       });
  space.synchronize();
}

template <class Space>
jaccard_result jaccard_run(const device_graph& graph, const jaccard_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  exec::buffer<Space, double> score_buffer(g.num_edges);
  const operators::self_loop_flags<Space> loops(space, g);
  exec::stopwatch<Space> clock(space);
  clock.start();
  jaccard_arcs(space, g, options, loops.flags(), score_buffer.data());
  jaccard_result result;
  result.seconds = clock.stop();
  result.score = score_buffer.to_host();
  return result;
}

template <class Space>
jaccard_result jaccard_pairs_run(const device_graph& graph, std::span<const std::pair<vertex_t, vertex_t>> pairs,
                                 const jaccard_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  std::vector<vertex_t> first(pairs.size()), second(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    first[i] = pairs[i].first;
    second[i] = pairs[i].second;
  }
  exec::buffer<Space, vertex_t> u_buffer, v_buffer;
  u_buffer.assign(first);
  v_buffer.assign(second);
  exec::buffer<Space, double> score_buffer(pairs.size());
  const vertex_t* us = u_buffer.data();
  const vertex_t* vs = v_buffer.data();
  double* score = score_buffer.data();
  const intersect_method method = options.method;
  const operators::self_loop_flags<Space> loops(space, g);
  const unsigned char* loop = loops.flags();
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(space, pairs.size(), PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = us[i], v = vs[i];
    // Adjacency matters only where a loop could put u or v among the common neighbours.
    const bool adjacent = loop && (loop[u] || loop[v]) && operators::row_contains(g, u, v);
    score[i] = jaccard_score(operators::intersect_rows(g, u, v, method), g.degree(u), g.degree(v),
                             ends_in_common(loop, u, v, adjacent));
  });
  jaccard_result result;
  result.seconds = clock.stop();
  result.score = score_buffer.to_host();
  return result;
}

template <class Space>
jaccard_top_k_result jaccard_top_k_run(const device_graph& graph, vertex_t k, const jaccard_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;
  // Equal scores go to the neighbour of smaller original id: by rank (graph/input_order.hpp)
  // when the graph is numbered out of the input's order; in it, the ids themselves.
  const input_order order(graph.host_graph());
  exec::buffer<Space, vertex_t> rank_buffer;
  if (!order.identity()) rank_buffer.assign(order.ranks());
  const vertex_t* rank = rank_buffer.empty() ? nullptr : rank_buffer.data();
  const operators::self_loop_flags<Space> loops(space, g);
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::buffer<Space, double> score_buffer(g.num_edges);
  double* score = score_buffer.data();
  jaccard_arcs(space, g, options, loops.flags(), score);

  // Slots per vertex: min(k, neighbours other than itself); a self-loop is found by search.
  exec::buffer<Space, edge_t> offset_buffer(static_cast<std::size_t>(n) + 1);
  edge_t* offsets = offset_buffer.data();
  exec::for_each(space, static_cast<std::size_t>(n) + 1, PLEXUS_LAMBDA(std::size_t i) {
    if (i == n) {
      offsets[i] = 0;
      return;
    }
    const vertex_t u = static_cast<vertex_t>(i);
    const edge_t at = operators::lower_bound(g.indices, g.begin(u), g.end(u), u);
    const edge_t others = g.degree(u) - (at < g.end(u) && g.indices[at] == u ? 1 : 0);
    offsets[i] = others < k ? others : k;
  });
  exec::exclusive_scan(space, offsets, offsets, static_cast<std::size_t>(n) + 1);
  const edge_t slots = offset_buffer.get(n);
  exec::buffer<Space, vertex_t> neighbor_buffer(slots);
  exec::buffer<Space, double> best_buffer(slots);
  vertex_t* neighbors = neighbor_buffer.data();
  double* best = best_buffer.data();
  // Insertion into a sorted window of at most k slots per vertex. Candidates arrive by
  // increasing id, so in the input's order a later candidate displaces an earlier one only
  // with a strictly higher score and ties stay in increasing id order; otherwise an equal
  // score displaces a neighbour of larger rank.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = static_cast<vertex_t>(i);
    const edge_t base = offsets[u], capacity = offsets[u + 1] - offsets[u];
    edge_t filled = 0;
    for (edge_t e = g.begin(u); e < g.end(u) && capacity > 0; ++e) {
      const vertex_t v = g.indices[e];
      if (v == u) continue;
      const double s = score[e];
      const auto ahead = [&](edge_t slot) {
        return s > best[slot] || (rank && s == best[slot] && rank[v] < rank[neighbors[slot]]);
      };
      if (filled == capacity && !ahead(base + capacity - 1)) continue;
      edge_t j = filled < capacity ? filled++ : capacity - 1;
      while (j > 0 && ahead(base + j - 1)) {
        best[base + j] = best[base + j - 1];
        neighbors[base + j] = neighbors[base + j - 1];
        --j;
      }
      best[base + j] = s;
      neighbors[base + j] = v;
    }
  });
  jaccard_top_k_result result;
  result.seconds = clock.stop();
  result.offsets = offset_buffer.to_host();
  result.neighbors = neighbor_buffer.to_host();
  result.scores = best_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
