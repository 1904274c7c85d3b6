// The sources of a distributed bench; see sources_dist.hpp.
#include "plexus/cli/sources_dist.hpp"

#include <algorithm>
#include <limits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/largest_component_dist.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/dist/agree.hpp"

namespace plexus::cli {

namespace {

/// The positions draw_sources draws among `eligible` vertices: `count` draws, of which the
/// first `kept`, distinct while there are enough (sources.cpp's loop, which depends on nothing
/// else).
std::vector<std::uint64_t> drawn_positions(std::uint64_t eligible, int count, int kept, std::uint64_t seed) {
  const bool distinct = static_cast<std::uint64_t>(count) <= eligible;
  std::unordered_set<std::uint64_t> taken;
  std::vector<std::uint64_t> positions;
  const auto wanted = static_cast<std::size_t>(std::min(count, kept));
  for (std::uint64_t draw = 0; positions.size() < wanted; ++draw) {
    counter_rng rng(seed, draw);
    const std::uint64_t k = rng.uniform(eligible);
    if (distinct && !taken.insert(k).second) continue;
    positions.push_back(k);
  }
  return positions;
}

/// Collective: for each position k, the (k+1)-th smallest of the ids every rank holds sorted in
/// `ids`: the smallest x with more than k ids at or below it, by a binary search every rank
/// takes in step.
std::vector<std::uint64_t> ids_at(dist::communicator& comm, const std::vector<std::uint64_t>& ids,
                                  const std::vector<std::uint64_t>& positions) {
  const std::size_t q = positions.size();
  std::vector<std::uint64_t> low(q, 0), high(q, std::numeric_limits<std::uint64_t>::max());
  host_vector<std::uint64_t> at_or_below(q);
  while (!std::equal(low.begin(), low.end(), high.begin())) {
    for (std::size_t i = 0; i < q; ++i) {
      const std::uint64_t probe = low[i] + (high[i] - low[i]) / 2;
      at_or_below[i] =
          static_cast<std::uint64_t>(std::upper_bound(ids.begin(), ids.end(), probe) - ids.begin());
    }
    comm.all_reduce(std::span<std::uint64_t>(at_or_below), dist::reduce_op::sum);
    for (std::size_t i = 0; i < q; ++i) {
      if (low[i] == high[i]) continue;
      const std::uint64_t probe = low[i] + (high[i] - low[i]) / 2;
      if (at_or_below[i] > positions[i])
        high[i] = probe;
      else
        low[i] = probe + 1;
    }
  }
  return low;
}

}  // namespace

drawn_sources draw_sources(dist::communicator& comm, const dist::rank_graph& graph,
                           std::span<const vertex_t> component_label, int count, int kept, std::uint64_t seed,
                           source_pool pool) {
  const dist::partition& part = graph.part;
  const edge_t arcs = comm.all_reduce<std::uint64_t>(graph.graph.num_edges(), dist::reduce_op::sum);
  dist::agreed(comm, [&] {
    if (arcs == 0) throw error(error_kind::unsupported, "the graph has no edges: no source to traverse from");
  });
  largest_component_part component;
  if (pool == source_pool::largest_component)
    component = find_largest_component(comm, graph, component_label);

  // This rank's eligible vertices: (input id, global id), by input id.
  const io::vertex_names names = owned_names(graph);
  std::vector<std::pair<std::uint64_t, vertex_t>> eligible;
  for (vertex_t v = 0; v < part.num_owned(); ++v)
    if (graph.graph.degree(v) > 0 && (pool == source_pool::all || component.member[v]))
      eligible.emplace_back(names.original_id(v), part.first_owned() + v);
  std::sort(eligible.begin(), eligible.end());
  std::vector<std::uint64_t> ids(eligible.size());
  for (std::size_t i = 0; i < eligible.size(); ++i) ids[i] = eligible[i].first;

  drawn_sources result;
  result.eligible = comm.all_reduce<std::uint64_t>(eligible.size(), dist::reduce_op::sum);
  result.pool_size = pool == source_pool::all ? part.ranges().num_vertices() : component.size;
  const std::vector<std::uint64_t> chosen =
      ids_at(comm, ids, drawn_positions(result.eligible, count, kept, seed));
  // Each chosen id's global id, from the rank that holds it.
  host_vector<vertex_t> global(chosen.size(), invalid_vertex);
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const auto it = std::lower_bound(ids.begin(), ids.end(), chosen[i]);
    if (it != ids.end() && *it == chosen[i])
      global[i] = eligible[static_cast<std::size_t>(it - ids.begin())].second;
  }
  comm.all_reduce(std::span<vertex_t>(global), dist::reduce_op::min);
  result.sources.assign(global.begin(), global.end());
  return result;
}

}  // namespace plexus::cli
