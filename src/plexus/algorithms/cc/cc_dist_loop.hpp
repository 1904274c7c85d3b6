// The distributed connected-components loop (cc_dist.hpp), written once over an execution
// space and instantiated per back end (cc_dist_instances.hpp): Afforest's phases on each
// rank's local graph (cc_loop.hpp), its sampling done over all ranks, and the rounds that
// carry each star's smallest key between ranks (cc_dist_keys.hpp). No back-end code.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "plexus/algorithms/cc/cc_dist.hpp"
#include "plexus/algorithms/cc/cc_dist_keys.hpp"
#include "plexus/algorithms/cc/cc_loop.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

/// The key rounds before phase 2 samples the keys. The first round carries each star's key
/// to every boundary vertex and the second most of what the first changed; later rounds each
/// cost a round's latency for few vertices (Kronecker 21 at two ranks: 8 rounds in all
/// without a bound, 6 with it, and a fifth less time; docs/performance/distributed.md).
/// Stopping early is safe: a star holding the sampled key is joined to that key's vertex
/// whatever the round, so the skipping vertices lie in one component; only how many skip
/// depends on it.
inline constexpr int phase2_rounds = 2;

/// Afforest's phases 2 and 3 over the ranks, after phase 1 (`neighbor_rounds` rounds, each
/// rank's own bound) on every rank's local graph and with `keys` started from its stars. Where
/// the ranks agreed that a component may be skipped (`skips`: every arc is seen from both
/// ends, and phase 1 ran), the phase-1 components' keys are spread over the ranks first (for
/// phase2_rounds rounds) and the key most frequent among vertices sampled on every rank names
/// the component whose members skip their remaining arcs, local and remote alike: an arc from
/// it to another component is linked from the other end, on whichever rank owns that end, and
/// the skip depends on membership alone, not on which arcs this rank linked. Then phase 3 and
/// the keys spread again. On return every star holds its global component's smallest key. Returns the
/// exchange rounds run.
template <class Space, class Key>
int join_over_ranks(dist::communicator& comm, const dist::partition& part, const device_graph& graph,
                    const cc_options& options, int neighbor_rounds, bool skips, vertex_t* comp,
                    star_keys<Space, Key>& keys) {
  const Space space;
  int rounds = 0;
  // With nothing skipped, only ghosts whose star holds no key match: they list no arcs.
  Key skipped = star_keys<Space, Key>::none;
  if (skips) {
    rounds += keys.spread(comm, comp, phase2_rounds);
    skipped = most_frequent_key(comm, part, keys, comp, options.sample_size);
  }
  const Key* best = keys.best();
  afforest_link_rest(
      space, graph, skips ? static_cast<edge_t>(neighbor_rounds) : 0, comp,
      PLEXUS_LAMBDA(vertex_t u) { return best[comp[u]] == skipped; });
  keys.merge_into_roots(comp);
  rounds += keys.spread(comm, comp);
  return rounds;
}

template <class Space>
cc_dist_result cc_dist_run(dist::communicator& comm, const dist::partition& part, const device_graph& graph,
                           std::span<const std::uint64_t> original_ids, bool by_global_id,
                           const cc_options& options) {
  const Space space;
  dist::ghost_exchange<Space> exchange(comm, part);
  const local_boundary<Space> boundary(part);
  // Whether every rank sees every arc from both ends and runs phase 1.
  const bool skips =
      comm.all_reduce<std::uint8_t>(afforest_may_skip(graph) && options.neighbor_rounds > 0 ? 1 : 0,
                                    dist::reduce_op::min) != 0;
  const vertex_t owned = part.num_owned(), first = part.first_owned();
  exec::buffer<Space, vertex_t> comp_buffer(graph.num_vertices());
  star_keys<Space, vertex_t> labels(exchange, boundary);
  exec::buffer<Space, unsigned long long> original_buffer;
  if (!by_global_id)
    original_buffer.assign(host_vector<unsigned long long>(original_ids.begin(), original_ids.end()));
  vertex_t* comp = comp_buffer.data();

  cc_dist_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  const int neighbor_rounds = afforest_link_neighbors(space, graph, options, comp, nullptr);
  if (by_global_id) {
    labels.start_from_global_ids(comp);
    result.rounds = join_over_ranks(comm, part, graph, options, neighbor_rounds, skips, comp, labels);
  } else {
    // The smallest original id first, then the global id of the vertex that holds it.
    star_keys<Space, unsigned long long> smallest_original(exchange, boundary);
    const unsigned long long* original = original_buffer.data();
    smallest_original.start_from(
        comp, PLEXUS_LAMBDA(vertex_t v) { return original[v]; });
    result.rounds =
        join_over_ranks(comm, part, graph, options, neighbor_rounds, skips, comp, smallest_original);
    const unsigned long long* smallest = smallest_original.best();
    labels.start_from(
        comp, PLEXUS_LAMBDA(vertex_t v) {
          return original[v] == smallest[comp[v]] ? first + v : std::numeric_limits<vertex_t>::max();
        });
    result.rounds += labels.spread(comm, comp);
  }
  // Every owned vertex takes its star's label, in place of its root: each entry reads only
  // its own.
  const vertex_t* label = labels.best();
  exec::for_each(
      space, owned, PLEXUS_LAMBDA(std::size_t i) { comp[i] = label[comp[i]]; });
  // Assigned, not initialised: nvcc 13 stops with an internal error on a const initialised by
  // a call that takes extended lambdas.
  std::size_t roots = 0;
  roots = exec::reduce(
      space, owned, std::size_t(0),
      PLEXUS_LAMBDA(std::size_t i) {
        return static_cast<std::size_t>(comp[i] == first + static_cast<vertex_t>(i));
      },
      exec::plus{});
  result.num_components = comm.all_reduce<std::uint64_t>(roots, dist::reduce_op::sum);
  result.seconds = clock.stop();
  result.label = comp_buffer.to_host(owned);
  result.exchange = exchange.stats();
  return result;
}

}  // namespace plexus::detail
