// The level-synchronous k-core peeling loop (PKC, see kcore.hpp), written once over an
// execution space and instantiated per back end (kcore_instances.hpp). No back-end code: only
// frontiers, the push advance and exec primitives.
//
// State: degree[v], a signed 32-bit count of v's neighbours not yet peeled (for peeled
// vertices, and for vertices waiting in a frontier, it may have fallen below its true value:
// see the advance below); core[v], written once, when v joins a frontier. The host keeps the
// level k, the number of vertices not yet peeled and the remaining list's length.
//
// Invariant between levels, after level k: a peeled vertex has degree <= k, a vertex not yet
// peeled has degree > k. So "degree > k" tells the remaining vertices apart wherever they
// are, and the remaining list may keep peeled vertices for a while (see drop_peeled).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "plexus/algorithms/kcore/kcore.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/operators/self_loops.hpp"

namespace plexus::detail {

using kcore_degree = std::int32_t;

/// Degree of "no remaining vertex" in the reduction below; kcore.cpp refuses degrees this large.
inline constexpr kcore_degree kcore_no_degree = std::numeric_limits<kcore_degree>::max();

// Where a level starts: the smallest degree among the remaining vertices, and the arcs of the
// vertices that have it, which the load balancer of the level's first round needs. One
// reduction finds both, so starting a level costs two host round trips (this reduction and
// the count of the compaction that gathers those vertices), and none to total the arcs.
struct kcore_level {
  kcore_degree degree;
  edge_t arcs;
};

// Keeps the smaller degree, adding the arcs of equal ones: associative and commutative, as
// exec::reduce requires.
struct lowest_degree {
  PLEXUS_HOST_DEVICE kcore_level operator()(const kcore_level& a, const kcore_level& b) const {
    if (a.degree != b.degree) return a.degree < b.degree ? a : b;
    return {a.degree, a.arcs + b.arcs};
  }
};

// PKC's remaining list: vertex ids in device memory, from which each level compacts its
// first frontier. Peeled vertices are dropped from it once they make up half of it: until
// then a level scans at most twice what remains, and the dropping compaction (a pass and a
// host round trip) runs O(log n) times instead of once per level.
template <class Space>
class remaining_list {
 public:
  explicit remaining_list(vertex_t n) : ids_(n), spare_(n), length_(n) {}

  /// Lists every vertex.
  void fill_all(const Space& space) {
    vertex_t* ids = ids_.data();
    exec::for_each(
        space, length_, PLEXUS_LAMBDA(std::size_t i) { ids[i] = static_cast<vertex_t>(i); });
  }
  /// Drops the peeled vertices (degree <= level) when they are at least half of the list and
  /// some vertex remains to be peeled.
  void drop_peeled(const Space& space, const kcore_degree* degree, kcore_degree level, std::size_t unpeeled) {
    if (unpeeled == 0 || 2 * unpeeled > length_) return;
    length_ = exec::compact(
        space, ids_.data(), length_, spare_.data(), PLEXUS_LAMBDA(vertex_t v) { return degree[v] > level; });
    ids_.swap(spare_);
  }
  const vertex_t* data() const { return ids_.data(); }
  std::size_t size() const { return length_; }

 private:
  exec::buffer<Space, vertex_t> ids_, spare_;
  std::size_t length_;
};

template <class Space>
kcore_result kcore_run(const device_graph& graph, const kcore_options& options) {
  const Space space;
  const csr_view g = graph.out_view();
  const vertex_t n = g.num_vertices;

  exec::buffer<Space, kcore_degree> degree_buffer(n);
  exec::buffer<Space, vertex_t> core_buffer(n);
  remaining_list<Space> remaining(n);
  sparse_frontier<Space> frontier(n), next(n);
  operators::push_workspace<Space> work(n);
  kcore_degree* degree = degree_buffer.data();
  vertex_t* core = core_buffer.data();
  // A kept self-loop is not counted in its vertex's degree (kcore.hpp). When its vertex is
  // peeled, the advance meets the loop as a neighbour at or below the level and skips it.
  const operators::self_loop_flags<Space> loops(space, g);
  const unsigned char* loop = loops.flags();

  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(
      space, n, PLEXUS_LAMBDA(std::size_t v) {
        const edge_t own = loop ? loop[v] : 0;
        degree[v] = static_cast<kcore_degree>(g.degree(static_cast<vertex_t>(v)) - own);
      });
  remaining.fill_all(space);

  kcore_result result;
  std::size_t unpeeled = n;
  kcore_degree peeled_below = -1;  // the last level peeled
  while (unpeeled > 0) {
    throw_if_stop_requested();
    // The level: the smallest degree above the last level, which only vertices not yet
    // peeled have. Levels in between would have empty frontiers: they are skipped.
    const vertex_t* listed = remaining.data();
    const kcore_degree last = peeled_below;
    const kcore_level start = exec::reduce(
        space, remaining.size(), kcore_level{kcore_no_degree, 0},
        PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = listed[i];
          return degree[v] > last ? kcore_level{degree[v], g.degree(v)} : kcore_level{kcore_no_degree, 0};
        },
        lowest_degree{});
    if (start.degree == kcore_no_degree)
      throw error(error_kind::internal,
                  "k-core: " + std::to_string(unpeeled) + " vertices left with no degree to peel");
    const kcore_degree level = start.degree;
    const vertex_t core_number = static_cast<vertex_t>(level);

    // The level's first frontier: every remaining vertex of degree <= level (equal to level,
    // since none is lower), gathered in list order.
    std::size_t size = exec::compact(
        space, listed, remaining.size(), frontier.data(),
        PLEXUS_LAMBDA(vertex_t v) { return degree[v] > last && degree[v] <= level; });
    frontier.set_size(size);
    const vertex_t* first = frontier.data();
    exec::for_each(
        space, size, PLEXUS_LAMBDA(std::size_t i) { core[first[i]] = core_number; });
    work.prepare(space, g, frontier, size, start.arcs, options.balance);

    while (size > 0) {
      next.clear();
      const auto joined = next.view();
      operators::advance_push(
          space, g, frontier, work, next, options.balance,
          PLEXUS_LAMBDA(vertex_t, vertex_t u, edge_t, weight_t) {
            // A neighbour at or below the level is peeled or waits in a frontier of this
            // level: its degree no longer counts.
            if (exec::atomic_load(&degree[u]) <= level) return false;
            // Invariant: degrees fall by one per atomic, so of the decrements of u exactly
            // one returns level + 1. That thread alone writes u's core and puts u in the next
            // frontier, so u joins it once. Decrements that passed the load before it may
            // take the degree below the level; u's core is the level all the same, and its
            // degree stays at or below the level, as a peeled vertex's must.
            if (exec::atomic_add(&degree[u], kcore_degree{-1}) != level + 1) return false;
            core[u] = core_number;
            joined.add_tally(g.degree(u));
            return true;
          });
      unpeeled -= size;
      ++result.rounds;
      frontier.swap(next);
      // One read gives the next frontier's size and, from the tally, its arcs.
      const auto [joined_size, joined_arcs] = frontier.size_and_tally();
      size = joined_size;
      if (size > 0) work.prepare(space, g, frontier, size, static_cast<edge_t>(joined_arcs), options.balance);
    }
    ++result.levels;
    peeled_below = level;
    remaining.drop_peeled(space, degree, level, unpeeled);
  }
  result.seconds = clock.stop();
  result.max_core = peeled_below < 0 ? 0 : static_cast<vertex_t>(peeled_below);
  result.core = core_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
