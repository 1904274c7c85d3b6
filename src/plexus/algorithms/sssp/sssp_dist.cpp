// Public sssp_distributed(): the checks sssp() makes, on the whole graph's figures gathered
// from every rank, the same delta rule, and dispatch to the back end of the local graph (the
// loop is sssp_dist_loop.hpp).
#include "plexus/algorithms/sssp/sssp_dist.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/weight_check.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/ghost_broadcast.hpp"

namespace plexus {

namespace detail {
// The loop of sssp_dist_loop.hpp, compiled once per back end from sssp_dist_instances.hpp.
template <class Space>
sssp_dist_result sssp_dist_run(dist::communicator&, const dist::partition&, const device_graph&, vertex_t,
                               weight_t, const sssp_options&);
}  // namespace detail

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// require_weights over the ranks: the first arc of the whole graph (by tail, then head) whose
/// weight is negative or NaN, named by its ends' original ids on every rank. The heads'
/// original ids travel to the ghost copies only when some rank holds such an arc.
void require_non_negative_weights(dist::communicator& comm, const dist::partition& part,
                                  const device_graph& on_device,
                                  std::span<const std::uint64_t> original_ids) {
  const csr_graph& graph = on_device.host_graph();
  const vertex_t owned = part.num_owned();
  vertex_t bad_tail = invalid_vertex, bad_head = invalid_vertex;
  weight_t bad_weight = 0;
  // The weight summary says whether any arc is to be looked for.
  if (on_device.weights().first_invalid != ~edge_t(0)) {
    const std::span<const edge_t> offsets = graph.offsets();
    const std::span<const vertex_t> heads = graph.indices();
    const std::span<const weight_t> weights = graph.weights();
    // Lists hold their ghosts after the owned heads: the smallest global head is kept.
    for (vertex_t u = 0; u < owned && bad_tail == invalid_vertex; ++u)
      for (edge_t e = offsets[u]; e < offsets[u + 1]; ++e)
        if (breaks_weight_rule(weights[e], weight_rule::non_negative) &&
            (bad_tail == invalid_vertex || part.global_id(heads[e]) < part.global_id(bad_head))) {
          bad_tail = u;
          bad_head = heads[e];
          bad_weight = weights[e];
        }
  }
  if (comm.all_reduce<std::uint8_t>(bad_tail != invalid_vertex, dist::reduce_op::max) == 0) return;
  host_vector<std::uint64_t> ids(part.num_local(), 0);
  for (vertex_t v = 0; v < owned; ++v)
    ids[v] = original_ids.empty() ? part.first_owned() + v : original_ids[v];
  dist::ghost_exchange<exec::host> exchange(comm, part);
  dist::broadcast_to_ghosts(exchange, ids.data());
  dist::agreed(comm, [&] {
    if (bad_tail != invalid_vertex)
      throw error(error_kind::unsupported,
                  bad_weight_message("SSSP", weight_rule::non_negative, ids[bad_tail], ids[bad_head],
                                     graph.directed(), bad_weight));
  });
}

/// The figures of sssp_delta_figures for the whole graph: counts summed, extremes taken over
/// the ranks (a rank without arcs has none), and the smallest positive weight found by every
/// rank and agreed on when the delta rule asks for it.
sssp_delta_figures whole_graph_figures(dist::communicator& comm, const device_graph& graph, vertex_t n) {
  const sssp_delta_figures local = sssp_delta_figures_of(graph);
  const weight_summary& w = local.weights;
  const bool weighted = w.weighted && graph.num_edges() > 0;
  std::array<double, 2> sums{static_cast<double>(graph.num_edges()), weighted ? w.mean * local.num_edges : 0};
  comm.all_reduce(std::span<double>(sums), dist::reduce_op::sum);
  std::array<double, 2> extremes{weighted ? -w.min : -kInfinity, weighted ? w.max : -kInfinity};
  comm.all_reduce(std::span<double>(extremes), dist::reduce_op::max);
  sssp_delta_figures whole;
  whole.num_vertices = n;
  whole.num_edges = sums[0];
  whole.family = local.family;
  if (extremes[1] > -kInfinity) {  // some rank holds weighted arcs
    whole.weights.weighted = true;
    whole.weights.min = -extremes[0];
    whole.weights.max = extremes[1];
    whole.weights.mean = sums[1] / sums[0];
  }
  const bool has_arcs = graph.num_edges() > 0;
  whole.smallest_positive_weight = [&comm, local, has_arcs] {
    return comm.all_reduce<double>(has_arcs ? local.smallest_positive_weight() : kInfinity,
                                   dist::reduce_op::min);
  };
  return whole;
}

}  // namespace

sssp_dist_result sssp_distributed(dist::communicator& comm, const dist::partition& part,
                                  const device_graph& graph, std::span<const std::uint64_t> original_ids,
                                  vertex_t source, const sssp_options& options) {
  const vertex_t n = part.ranges().num_vertices();
  // In sssp()'s order, so that a graph with several faults gets the same message.
  dist::agreed(comm, [&] {
    if (source >= n)
      throw error(
          error_kind::invalid_argument,
          "source " + std::to_string(source) + " out of range: graph has " + std::to_string(n) + " vertices");
    if (!original_ids.empty() && original_ids.size() != part.num_owned())
      throw error(error_kind::invalid_argument, "sssp: the original ids do not name the owned vertices");
  });
  require_non_negative_weights(comm, part, graph, original_ids);
  const finite_weight_totals mine = graph.host_graph().weighted()
                                        ? finite_weight_totals_of(graph.host_graph().weights())
                                        : finite_weight_totals{};
  if (comm.all_reduce<std::uint8_t>(graph.host_graph().weighted(), dist::reduce_op::max) != 0) {
    const finite_weight_totals whole{comm.all_reduce(mine.largest, dist::reduce_op::max),
                                     comm.all_reduce(mine.total, dist::reduce_op::sum)};
    dist::agreed(comm, [&] { require_sssp_sums_fit(whole, n, graph.host_graph().directed()); });
  }
  dist::agreed(comm, [&] {
    check_sssp_options(options);
    if (options.direction == direction_mode::pull)
      throw error(error_kind::invalid_argument,
                  "sssp: a distributed run pushes every round; pull is not offered");
  });
  // Every rank takes the same figures through the same collectives, and a delta below the
  // floor is refused on each alike; agreed, so that the driver tells it from a rank's fault.
  const weight_t delta =
      dist::agreed(comm, [&] { return sssp_delta(options, whole_graph_figures(comm, graph, n)); });
  return backends::dispatch(graph.where(), [&]<class Space>() {
    return detail::sssp_dist_run<Space>(comm, part, graph, source, delta, options);
  });
}

}  // namespace plexus
