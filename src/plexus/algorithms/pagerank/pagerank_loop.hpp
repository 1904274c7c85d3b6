// The pull-based PageRank power iteration, written once over an execution space and
// instantiated per back end (pagerank_instances.hpp).
// No back-end code: exec primitives and PLEXUS_LAMBDA lambdas only. See algorithms/pagerank.hpp.
#pragma once

#include <cmath>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/graph/degree_stats.hpp"

namespace plexus::detail {

// L1 change between two iterates and the rank mass held by sinks, reduced together.
struct pagerank_sums {
  double change = 0, dangling = 0;
};
struct pagerank_sums_plus {
  PLEXUS_HOST_DEVICE pagerank_sums operator()(const pagerank_sums& a, const pagerank_sums& b) const {
    return {a.change + b.change, a.dangling + b.dangling};
  }
};

// Hub-clustered gather: vertex u's contribution lives at slot[u], slots ordered by decreasing
// degree group (bit width of the out-degree), and every in-arc carries the slot of its tail.
// A gather over a power-law graph reads the same few hubs' contributions for most arcs; packed
// together they share cache lines and stay in cache, where in vertex order each read would
// fetch a sector of its own. Degree-based grouping after Faldu, Diamond and Grot, "A Closer
// Look at Lightweight Graph Reordering", IISWC 2019. Only the gather's addresses change: each
// vertex sums the same values in the same order, so ranks are identical either way. On GPUs
// it makes an iteration on a power-law graph measurably faster, and building the layout
// costs a few iterations (docs/performance/pagerank.md, "Hub-clustered contributions").
template <class Space>
struct hub_layout {
  exec::buffer<Space, vertex_t> slot;         // per vertex
  exec::buffer<Space, vertex_t> source_slot;  // per in-arc: slot of the arc's tail
};

PLEXUS_HOST_DEVICE inline unsigned degree_group(edge_t degree) {
  unsigned width = 0;
  for (; degree != 0; degree >>= 1) ++width;
  return width;
}

template <class Space>
hub_layout<Space> cluster_hubs(const Space& space, const csr_view& out, const csr_view& in) {
  constexpr unsigned groups = 8 * sizeof(edge_t) + 1;
  const vertex_t n = out.num_vertices;
  const edge_t m = in.num_edges;
  hub_layout<Space> layout;
  layout.slot.resize(n);
  layout.source_slot.resize(m);
  exec::buffer<Space, vertex_t> cursor_buffer(groups);
  cursor_buffer.zero();
  vertex_t* cursor = cursor_buffer.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
    exec::atomic_add(&cursor[degree_group(out.degree(static_cast<vertex_t>(u)))], vertex_t(1));
  });
  // Groups of higher degree come first; within a group the order is that of the atomics, which
  // changes addresses only.
  host_vector<vertex_t> start = cursor_buffer.to_host();
  vertex_t next_start = 0;
  for (unsigned g = groups; g-- > 0;) {
    const vertex_t count = start[g];
    start[g] = next_start;
    next_start += count;
  }
  cursor_buffer.assign(start);
  vertex_t* slot = layout.slot.data();
  vertex_t* source_slot = layout.source_slot.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
    slot[u] = exec::atomic_add(&cursor[degree_group(out.degree(static_cast<vertex_t>(u)))], vertex_t(1));
  });
  exec::for_each(space, m, PLEXUS_LAMBDA(std::size_t e) { source_slot[e] = slot[in.indices[e]]; });
  space.synchronize();
  return layout;
}

template <class Space>
pagerank_result pagerank_run(const device_graph& graph, const pagerank_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const csr_view in = graph.in_view();
  const vertex_t n = out.num_vertices;
  pagerank_result result;
  result.bytes_per_iteration = pagerank_bytes_per_iteration(n, in.num_edges);
  if (n == 0) {
    result.converged = true;
    return result;
  }
  const bool graphalytics = options.variant == pagerank_variant::graphalytics;
  const double d = options.damping;
  const double uniform = 1.0 / static_cast<double>(n);

  // The teleport distribution: the normalized personalization vector, or uniform (nullptr).
  exec::buffer<Space, double> teleport_buffer;
  if (!graphalytics && !options.personalization.empty()) {
    double sum = 0;
    for (double p : options.personalization) sum += p;
    host_vector<double> normalized(n);
    for (vertex_t v = 0; v < n; ++v) normalized[v] = options.personalization[v] / sum;
    teleport_buffer.assign(normalized);
  }
  const double* teleport = teleport_buffer.empty() ? nullptr : teleport_buffer.data();

  exec::buffer<Space, double> inv_buffer(n), x_buffer(n), next_buffer(n), contrib_buffer(n), contrib_next_buffer(n);
  double* inv_outdeg = inv_buffer.data();
  double* x = x_buffer.data();
  double* next = next_buffer.data();
  double* contrib = contrib_buffer.data();
  double* contrib_next = contrib_next_buffer.data();

  // Built before the clock starts, like the buffers: they depend on the graph only. The hub
  // layout is timed on its own (layout_seconds).
  const exec::segment_plan<Space> in_segments(space, n, in.offsets);
  // The public entry point resolved pagerank_gather::automatic.
  bool clustered = options.gather == pagerank_gather::hub_clustered;
  exec::stopwatch<Space> layout_clock(space);
  layout_clock.start();
  hub_layout<Space> layout;
  if (clustered) {
    // The layout is an optimisation: where its slots do not fit, gather in vertex order.
    try {
      layout = cluster_hubs(space, out, in);
    } catch (const error& e) {
      if (e.kind() != error_kind::out_of_memory) throw;
      clustered = false;
    }
  }
  result.layout_seconds = clustered ? layout_clock.stop() : 0.0;
  result.gather = clustered ? pagerank_gather::hub_clustered : pagerank_gather::vertex_order;
  const vertex_t* slot = clustered ? layout.slot.data() : nullptr;
  const vertex_t* gather_index = clustered ? layout.source_slot.data() : in.indices;
  // In an undirected graph a sink has no in-arcs either, so with uniform teleport every sink
  // takes the same value, (d * D + 1 - d) / n, and the next dangling mass is k times that (k
  // sinks): D' = k (d D + 1 - d) / n from D = k / n. The Graphalytics variant, which needs no
  // L1 change before its last step, then skips the per-iteration reduction over all vertices.
  const bool closed_form_dangling = graphalytics && !graph.host_graph().directed();
  const double sinks =
      closed_form_dangling ? static_cast<double>(compute_degree_stats(graph.host_graph().out()).isolated) : 0.0;
  // The hub-clustered slots put the hubs first, so on GPUs the gather keeps L1 for the first
  // slots and reads the rest around it (exec::gather_hot_first, exec/loads.hpp). A
  // degree-ordered graph has its hubs first too, but there the same change was slower
  // (docs/performance/pagerank.md, "Hot-first gather in the hub-clustered layout").
  const std::size_t hot = clustered ? exec::hot_entries<Space, double>() : n;
  // The first iterate is read only by an L1 change against it (every step of the NetworkX
  // variant, the only step of a one-step Graphalytics run) or returned as it is (no step).
  const bool first_rank_read = !graphalytics || options.max_iterations <= 1;
  exec::stopwatch<Space> clock(space);
  clock.start();
  // inv_outdeg[u] = 1 / outdeg(u), 0 for sinks, so contributions need no branch.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = static_cast<vertex_t>(i);
    const edge_t deg = out.degree(u);
    inv_outdeg[u] = deg ? 1.0 / static_cast<double>(deg) : 0.0;
    if (first_rank_read) x[u] = uniform;
    contrib[slot ? slot[u] : u] = uniform * inv_outdeg[u];
  });
  // The sums stay in device memory: the gather reads the dangling mass from there, so the
  // Graphalytics variant (a fixed number of iterations) queues every iteration without a host
  // round trip; only the tolerance test of the other variant reads them back.
  exec::buffer<Space, pagerank_sums> sums_buffer(1);
  pagerank_sums* sums = sums_buffer.data();
  if (!closed_form_dangling)
    exec::reduce_into(
        space, n, pagerank_sums{},
        PLEXUS_LAMBDA(std::size_t i) { return pagerank_sums{0.0, inv_outdeg[i] == 0.0 ? uniform : 0.0}; },
        pagerank_sums_plus{}, sums);

  double dangling = sinks / static_cast<double>(n);  // the closed form's D
  while (result.iterations < options.max_iterations) {
    // x'[v] = d * sum_in contrib + (d * dangling + 1 - d) * p[v]
    // The Graphalytics variant needs the change only to report the last one. With the sinks'
    // mass in closed form, nothing reads the ranks before that step either, so they are
    // written only in the last two (the change compares the last two iterates): the skipped
    // writes no longer push contributions out of the GPU's L2 cache.
    const bool last = result.iterations + 1 == options.max_iterations;
    const bool with_change = !graphalytics || last;
    const bool write_rank = !closed_form_dangling || result.iterations + 2 >= options.max_iterations;
    exec::segmented_reduce(
        space, in_segments,
        PLEXUS_LAMBDA(edge_t e) { return exec::gather_hot_first(contrib, exec::stream_load(gather_index + e), hot); },
        0.0, exec::plus{},
        PLEXUS_LAMBDA(std::size_t s, double sum) {
          const double base = d * (closed_form_dangling ? dangling : sums->dangling) + (1.0 - d);
          const double value = d * sum + base * (teleport ? teleport[s] : uniform);
          if (write_rank) next[s] = value;
          contrib_next[slot ? slot[s] : s] = value * exec::stream_load(inv_outdeg + s);
        },
        exec::cache_split::prefer_l1);
    dangling = sinks * (d * dangling + (1.0 - d)) / static_cast<double>(n);
    if (!closed_form_dangling || with_change)
      exec::reduce_into(
          space, n, pagerank_sums{},
          PLEXUS_LAMBDA(std::size_t i) {
            const double dangling_part = inv_outdeg[i] == 0.0 ? next[i] : 0.0;
            if (!with_change) return pagerank_sums{0.0, dangling_part};
            return pagerank_sums{next[i] > x[i] ? next[i] - x[i] : x[i] - next[i], dangling_part};
          },
          pagerank_sums_plus{}, sums);
    x_buffer.swap(next_buffer);
    contrib_buffer.swap(contrib_next_buffer);
    x = x_buffer.data();
    next = next_buffer.data();
    contrib = contrib_buffer.data();
    contrib_next = contrib_next_buffer.data();
    ++result.iterations;
    if (!with_change) continue;
    const pagerank_sums read = sums_buffer.get(0);
    result.last_change = read.change;
    if (!graphalytics && read.change < static_cast<double>(n) * options.tolerance) {
      result.converged = true;
      break;
    }
  }
  if (graphalytics) result.converged = true;
  if (!graphalytics) {
    const double total = exec::reduce(space, n, 0.0, PLEXUS_LAMBDA(std::size_t i) { return x[i]; }, exec::plus{});
    const double scale = total > 0 ? 1.0 / total : 1.0;
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { x[i] *= scale; });
  }
  result.seconds = clock.stop();
  result.rank = x_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
