// Jaccard similarity written once over an execution space and instantiated per back end
// (jaccard_instances.hpp): edge-connected scores,
// pair scores and per-vertex top-k. No back-end code: exec primitives and the intersect
// operator only. See jaccard.hpp for the contract.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/operators/intersect.hpp"

namespace plexus::detail {

/// common / (du + dv - common), 0 for an empty union.
PLEXUS_HOST_DEVICE inline double jaccard_score(edge_t common, edge_t du, edge_t dv) {
  const edge_t united = du + dv - common;
  return united == 0 ? 0.0 : static_cast<double>(common) / static_cast<double>(united);
}

template <class Space>
void jaccard_arcs(const Space& space, const csr_view& g, const jaccard_options& options, double* score) {
  exec::buffer<Space, vertex_t> source_buffer(g.num_edges);
  operators::arc_sources(space, g, source_buffer.data());
  // The graph is undirected (the callers check), so J(u, v) = J(v, u): a back end may
  // intersect each pair once and write both arcs' scores.
  operators::intersect_arcs_symmetric(space, g, source_buffer.data(), options.method,
                                      PLEXUS_LAMBDA(edge_t e, vertex_t u, vertex_t v, edge_t common) {
                                        score[e] = jaccard_score(common, g.degree(u), g.degree(v));
                                      });
  space.synchronize();
}

template <class Space>
jaccard_result jaccard_run(const device_graph& graph, const jaccard_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  exec::buffer<Space, double> score_buffer(g.num_edges);
  exec::stopwatch<Space> clock(space);
  clock.start();
  jaccard_arcs(space, g, options, score_buffer.data());
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
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(space, pairs.size(), PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = us[i], v = vs[i];
    score[i] = jaccard_score(operators::intersect_rows(g, u, v, method), g.degree(u), g.degree(v));
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
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::buffer<Space, double> score_buffer(g.num_edges);
  double* score = score_buffer.data();
  jaccard_arcs(space, g, options, score);

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
