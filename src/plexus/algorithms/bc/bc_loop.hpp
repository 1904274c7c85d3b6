// Brandes betweenness, level-synchronous and batched over sources, written once over an
// execution space and instantiated per back end (bc_instances.hpp). No back-end code: exec primitives only. Produces the
// raw dependency sums; the public betweenness() scales them. See bc.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/bc/bc_raw.hpp"
#include "plexus/algorithms/bc/bc_single.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

/// One source at a time over the load-balanced advance (bc_single.hpp).
template <class Space>
betweenness_raw betweenness_one_by_one(const device_graph& graph, std::span<const vertex_t> sources, bool endpoints) {
  const Space space;
  const csr_view g = graph.out_view();
  brandes_from_one_source<Space> brandes(space, g, graph.has_in_edges() ? graph.in_view() : csr_view{});
  exec::buffer<Space, double> score_buffer(g.num_vertices);
  score_buffer.zero();
  betweenness_raw raw;
  exec::stopwatch<Space> clock(space);
  clock.start();
  for (const vertex_t source : sources) {
    throw_if_stop_requested();
    ++raw.batches;
    brandes.run(space, g, source, endpoints, score_buffer.data());
  }
  raw.seconds = clock.stop();
  raw.score = score_buffer.to_host();
  return raw;
}

template <class Space>
betweenness_raw betweenness_run(const device_graph& graph, std::span<const vertex_t> sources, bool endpoints,
                                vertex_t batch_size) {
  const std::size_t batch = std::max<std::size_t>(1, std::min<std::size_t>(batch_size, sources.size()));
  if (batch == 1) return betweenness_one_by_one<Space>(graph, sources, endpoints);
  const Space space;
  const csr_view g = graph.out_view();
  const std::uint64_t n = g.num_vertices;
  const std::uint64_t entries = batch * n;
  constexpr vertex_t unseen = invalid_vertex;

  exec::buffer<Space, vertex_t> dist_buffer(entries), source_buffer(batch);
  exec::buffer<Space, double> sigma_buffer(entries), delta_buffer(entries), score_buffer(n);
  exec::buffer<Space, std::uint64_t> order_buffer(entries);
  exec::buffer<Space, unsigned long long> tail_buffer(1), reached_buffer(batch);
  score_buffer.zero();
  vertex_t* dist = dist_buffer.data();
  vertex_t* batch_source = source_buffer.data();
  double* sigma = sigma_buffer.data();
  double* delta = delta_buffer.data();
  double* score = score_buffer.data();
  std::uint64_t* order = order_buffer.data();
  unsigned long long* tail = tail_buffer.data();
  unsigned long long* reached = reached_buffer.data();

  betweenness_raw raw;
  exec::stopwatch<Space> clock(space);
  clock.start();
  std::vector<std::uint64_t> level_start;
  for (std::size_t first = 0; first < sources.size(); first += batch) {
    throw_if_stop_requested();
    const std::uint64_t b = std::min<std::size_t>(batch, sources.size() - first);
    ++raw.batches;
    source_buffer.write(0, sources.subspan(first, b));
    dist_buffer.fill(unseen);
    sigma_buffer.zero();
    reached_buffer.zero();
    exec::for_each(space, b, PLEXUS_LAMBDA(std::size_t i) {
      const std::uint64_t entry = i * n + batch_source[i];
      dist[entry] = 0;
      sigma[entry] = 1;
      order[i] = entry;
    });
    tail_buffer.set(0, b);
    level_start.assign({0, b});

    // Forward: the entries of level d are order[level_start[d], level_start[d + 1]).
    for (vertex_t d = 0; level_start[d + 1] > level_start[d]; ++d) {
      const std::uint64_t lo = level_start[d];
      const vertex_t next = d + 1;
      exec::for_each(space, level_start[d + 1] - lo, PLEXUS_LAMBDA(std::size_t j) {
        const std::uint64_t entry = order[lo + j];
        const std::uint64_t base = entry - entry % n;
        const vertex_t v = static_cast<vertex_t>(entry - base);
        const double paths = sigma[entry];  // final: all of level d - 1 was processed before
        for (edge_t e = g.begin(v); e < g.end(v); ++e) {
          const std::uint64_t target = base + g.indices[e];
          // The CAS elects one discoverer, which appends the entry to the next level; every
          // arc from level d into level d + 1 then adds its paths (the adds commute).
          const vertex_t seen = exec::atomic_cas(&dist[target], unseen, next);
          if (seen == unseen) {
            order[exec::atomic_increment_aggregated(tail)] = target;
            exec::atomic_increment_aggregated(&reached[base / n]);
          }
          if (seen == unseen || seen == next) exec::atomic_add(&sigma[target], paths);
        }
      });
      level_start.push_back(tail_buffer.get(0));
    }

    // Backward: deepest level first; an entry reads only successors, finished one step earlier.
    for (std::size_t d = level_start.size() - 1; d-- > 0;) {
      const std::uint64_t lo = level_start[d];
      const vertex_t next = static_cast<vertex_t>(d + 1);
      exec::for_each(space, level_start[d + 1] - lo, PLEXUS_LAMBDA(std::size_t j) {
        const std::uint64_t entry = order[lo + j];
        const std::uint64_t base = entry - entry % n;
        const vertex_t v = static_cast<vertex_t>(entry - base);
        const double paths = sigma[entry];
        double dependency = 0;
        for (edge_t e = g.begin(v); e < g.end(v); ++e) {
          const std::uint64_t target = base + g.indices[e];
          if (dist[target] == next) dependency += paths / sigma[target] * (1.0 + delta[target]);
        }
        delta[entry] = dependency;
      });
    }

    // Per-vertex sums over the batch, in source order: no atomics, deterministic.
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) {
      double sum = 0;
      for (std::uint64_t i = 0; i < b; ++i) {
        const std::uint64_t entry = i * n + v;
        if (dist[entry] == unseen) continue;
        if (batch_source[i] != v) sum += endpoints ? delta[entry] + 1.0 : delta[entry];
        else if (endpoints) sum += static_cast<double>(reached[i]);
      }
      score[v] += sum;
    });
  }
  raw.seconds = clock.stop();
  raw.score = score_buffer.to_host();
  return raw;
}

}  // namespace plexus::detail
