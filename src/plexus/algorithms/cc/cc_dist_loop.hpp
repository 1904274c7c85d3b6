// The distributed connected-components loop (cc_dist.hpp), written once over an execution
// space and instantiated per back end (cc_dist_instances.hpp): Afforest on the local graph
// (cc_loop.hpp), then the rounds that carry each star's smallest key between ranks. No
// back-end code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

#include "plexus/algorithms/cc/cc_dist.hpp"
#include "plexus/algorithms/cc/cc_loop.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"

namespace plexus::detail {

/// The boundary of a rank's local graph: its ghosts, and its owned vertices that some peer
/// holds as ghosts (each once), as local ids in the space's memory.
template <class Space>
struct local_boundary {
  exec::buffer<Space, vertex_t> ghosts, shared;

  explicit local_boundary(const dist::partition& part) {
    host_vector<vertex_t> ids(part.num_ghosts());
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = part.ghost_local_id(i);
    ghosts.assign(ids);
    ids.clear();
    for (const dist::peer_plan& plan : part.plans())
      ids.insert(ids.end(), plan.send.begin(), plan.send.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    shared.assign(ids);
  }
};

/// Each of `vertices` (boundary vertices, each once) whose star's key fell below its value
/// takes that key and is marked. One thread per vertex; the stars' keys are only read.
template <class Space, class Key>
void mark_fallen_keys(const Space& space, const exec::buffer<Space, vertex_t>& vertices, const vertex_t* comp,
                      const Key* best, Key* value, typename bitmap_frontier<Space>::view_type marks) {
  const vertex_t* ids = vertices.data();
  exec::for_each(
      space, vertices.size(), PLEXUS_LAMBDA(std::size_t i) {
        const vertex_t v = ids[i];
        const Key key = best[comp[v]];
        if (key < value[v]) {
          value[v] = key;
          marks.set(v);
        }
      });
}

/// Rounds until every star holds its global component's smallest key. On entry best[r] is,
/// for every local root r (comp[v] == r for the members v of r's star), the smallest key of
/// its owned members, and the largest Key where it has none; on return, the smallest key of
/// its global component. Returns the rounds run (the same on every rank).
///
/// value[v] of a boundary vertex is the key last sent or received for it, and never below its
/// star's key. A round: (1) ghosts whose star's key fell below their value take it and are
/// marked; one all-reduce of the marks ends the rounds when there are none; (2) the marked
/// ghosts' keys go to their owners, each min-combined into the owner's star. When every arc
/// between ranks is listed at both ends (`both_ends`: undirected graphs, and directed ones
/// with their in-lists), that is all: the arc u -> x with u here and x on rank s puts a copy
/// of x in u's star and a copy of u in x's star on s, so when no rank marks anything, each
/// star's key is at least the other's and they are equal. Otherwise only u's rank knows the
/// arc, and a round also (3) marks the owned vertices some peer holds whose star's key fell
/// (in (2) too) and sends their keys to the ghost copies, each min-combined into the copy's
/// star; the marks of (1) count these too. A copy's value is only ever replaced by a smaller
/// one: the owner's key is at most every key any copy sent it, and a copy sends every fall.
/// Either way the stars of a component end with one key, each key being some member's: the
/// smallest.
template <class Space, class Key>
int spread_smallest_keys(dist::communicator& comm, dist::ghost_exchange<Space>& exchange,
                         const local_boundary<Space>& boundary, bool both_ends, const vertex_t* comp,
                         Key* best) {
  const Space space;
  const vertex_t local = exchange.part().num_local();
  exec::buffer<Space, Key> value_buffer(local);
  value_buffer.fill(std::numeric_limits<Key>::max());
  Key* value = value_buffer.data();
  bitmap_frontier<Space> to_owners(local), to_ghosts(both_ends ? 0 : local);
  const auto owners_marks = to_owners.view(), ghosts_marks = to_ghosts.view();
  const auto mark = [&](const exec::buffer<Space, vertex_t>& vertices,
                        typename bitmap_frontier<Space>::view_type marks) {
    mark_fallen_keys(space, vertices, comp, best, value, marks);
  };
  const vertex_t* ghost_ids = boundary.ghosts.data();
  int rounds = 0;
  while (true) {
    mark(boundary.ghosts, owners_marks);
    std::uint64_t marked = to_owners.size(space);
    if (!both_ends) {
      mark(boundary.shared, ghosts_marks);
      marked += to_ghosts.size(space);
    }
    if (comm.all_reduce<std::uint64_t>(marked, dist::reduce_op::sum) == 0) break;
    ++rounds;
    dist::reduce_changed_to_owners(
        exchange, to_owners.data(), value,
        PLEXUS_LAMBDA(vertex_t v, Key key) { exec::atomic_min(&best[comp[v]], key); });
    to_owners.clear();
    if (both_ends) continue;
    mark(boundary.shared, ghosts_marks);
    // The ghost blocks' marks come back as the copies that received a key.
    dist::broadcast_changed_to_ghosts(exchange, to_ghosts.data(), value);
    exec::for_each(
        space, boundary.ghosts.size(), PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t g = ghost_ids[i];
          if (ghosts_marks.test(g)) exec::atomic_min(&best[comp[g]], value[g]);
        });
    to_ghosts.clear();
  }
  space.synchronize();
  return rounds;
}

/// best[r] = the smallest key_of(v) over the owned members v of each local root r's star
/// (the largest Key elsewhere), then spread over the ranks.
template <class Space, class Key, class KeyOf>
int smallest_keys(dist::communicator& comm, dist::ghost_exchange<Space>& exchange,
                  const local_boundary<Space>& boundary, bool both_ends, const vertex_t* comp,
                  exec::buffer<Space, Key>& best, KeyOf key_of) {
  const Space space;
  best.fill(std::numeric_limits<Key>::max());
  Key* keys = best.data();
  exec::for_each(
      space, exchange.part().num_owned(), PLEXUS_LAMBDA(std::size_t i) {
        const vertex_t v = static_cast<vertex_t>(i);
        exec::atomic_min(&keys[comp[v]], key_of(v));
      });
  return spread_smallest_keys(comm, exchange, boundary, both_ends, comp, keys);
}

template <class Space>
cc_dist_result cc_dist_run(dist::communicator& comm, const dist::partition& part, const device_graph& graph,
                           std::span<const std::uint64_t> original_ids, bool by_global_id,
                           const cc_options& options) {
  const Space space;
  dist::ghost_exchange<Space> exchange(comm, part);
  const local_boundary<Space> boundary(part);
  // Whether every arc between ranks is listed at both ends, on every rank.
  const bool both_ends =
      comm.all_reduce<std::uint8_t>(graph.has_in_edges() ? 1 : 0, dist::reduce_op::min) != 0;
  const vertex_t local = graph.num_vertices(), owned = part.num_owned(), first = part.first_owned();
  exec::buffer<Space, vertex_t> comp_buffer(local),
      sample_buffer(static_cast<std::size_t>(options.sample_size));
  exec::buffer<Space, unsigned long long> skip_key_buffer(1);
  exec::buffer<Space, vertex_t> label_buffer(local);
  exec::buffer<Space, unsigned long long> original_buffer;
  if (!by_global_id)
    original_buffer.assign(host_vector<unsigned long long>(original_ids.begin(), original_ids.end()));
  const vertex_t* comp = comp_buffer.data();
  const vertex_t* label = label_buffer.data();

  cc_dist_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  afforest(space, graph, options, owned, comp_buffer, sample_buffer, skip_key_buffer);
  if (by_global_id) {
    result.rounds = smallest_keys(
        comm, exchange, boundary, both_ends, comp, label_buffer,
        PLEXUS_LAMBDA(vertex_t v) { return first + v; });
  } else {
    // The smallest original id first, then the global id of the vertex that holds it.
    exec::buffer<Space, unsigned long long> smallest_original(local);
    const unsigned long long* original = original_buffer.data();
    result.rounds = smallest_keys(
        comm, exchange, boundary, both_ends, comp, smallest_original,
        PLEXUS_LAMBDA(vertex_t v) { return original[v]; });
    const unsigned long long* smallest = smallest_original.data();
    result.rounds += smallest_keys(
        comm, exchange, boundary, both_ends, comp, label_buffer, PLEXUS_LAMBDA(vertex_t v) {
          return original[v] == smallest[comp[v]] ? first + v : std::numeric_limits<vertex_t>::max();
        });
  }
  // Every owned vertex takes its star's label.
  exec::buffer<Space, vertex_t> owned_label(owned);
  vertex_t* out = owned_label.data();
  exec::for_each(
      space, owned, PLEXUS_LAMBDA(std::size_t i) { out[i] = label[comp[i]]; });
  // Assigned, not initialised: nvcc 13 stops with an internal error on a const initialised by
  // a call that takes extended lambdas.
  std::size_t roots = 0;
  roots = exec::reduce(
      space, owned, std::size_t(0),
      PLEXUS_LAMBDA(std::size_t i) {
        return static_cast<std::size_t>(out[i] == first + static_cast<vertex_t>(i));
      },
      exec::plus{});
  result.num_components = comm.all_reduce<std::uint64_t>(roots, dist::reduce_op::sum);
  result.seconds = clock.stop();
  result.label = owned_label.to_host();
  result.exchange = exchange.stats();
  return result;
}

}  // namespace plexus::detail
