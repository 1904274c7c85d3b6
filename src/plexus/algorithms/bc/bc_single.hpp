// Brandes dependencies from one source: what bc_loop.hpp runs for a batch of one source. See
// bc.hpp.
//
// The batched loop gives every (source, vertex) entry of a level one lane, which walks the
// vertex's whole list: on a skewed graph one hub's lane does a CAS and an add for each of its
// arcs one after the other while the rest of the GPU idles, and that lane sets the time of
// the level whether the batch holds one source or sixteen. With one source the levels are
// frontiers whose arcs the operators spread over lanes instead:
//
//   forward   level d finds level d + 1 and its path counts, in one of two directions chosen
//             per level as direction-optimising BFS chooses (Beamer, Asanovic, Patterson,
//             SC 2012), with the pull's cost being every unvisited vertex's whole list, since
//             a path count needs all parents and cannot stop at the first:
//               push  operators::advance_push from level d: a CAS on dist[w] elects one
//                     discoverer, which appends w and tallies its degree; every arc into level
//                     d + 1 adds sigma[v] to sigma[w] atomically;
//               pull  every unvisited w sums sigma[v] over its in-arcs from level d
//                     (exec::segmented_reduce_if, long lists split over blocks): no atomics
//                     on the sums, and the largest levels are found this way. An in-neighbour
//                     of an unvisited vertex is at level d or deeper or unreached (one at a
//                     shallower level would have reached it already), and only level d has
//                     its path counts yet, so the sum reads sigma alone and no level: one
//                     random read per arc instead of two. The level found keeps its sums
//                     aside until the reduction ends, so that no lane reads them early;
//             one host read per level gives the next level's size and arcs;
//   backward  deepest level first, every vertex v of a large level d gathers, over its
//             out-arcs into level d + 1, coefficient[w] = (1 + delta[w]) / sigma[w], and sets
//             delta[v] = sigma[v] * sum (the same segmented reduction, keeping the vertices
//             whose dist is d): a writer per vertex instead of an atomic add per arc into a
//             hub's delta, and no host read. The coefficients alternate between the two
//             halves of one array by the parity of the level: an out-neighbour of level d
//             lies at level d + 1 or shallower, the half that holds level d + 1 holds no
//             other level that deep, and the shallower levels of its parity are not swept
//             yet and still read 0, so the gather reads the coefficient alone, one random
//             read per arc instead of two.
//             Madduri et al. ("A faster parallel algorithm and
//             efficient multithreaded implementations for evaluating betweenness centrality on
//             massive datasets", IPDPS 2009) gather successors the same way. A small level
//             pushes from its stored list with atomic adds instead: a road network has
//             thousands of levels of a few hundred vertices, and testing every vertex's level
//             for each of them cost 14 times the sweep (docs/performance/bc.md).
//
// The levels are stored one after another, as the batched loop stores them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/frontier/segmented_push.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

/// Forward levels pull when the level's out-arcs exceed, over this factor, what a pull reads:
/// the unvisited vertices' in-arcs and a test of every vertex (counted as one arc each; without
/// it the last small levels of a Kronecker graph were pulled at several times a push's cost). A
/// pushed arc costs a CAS and an atomic add, a pulled one two plain loads (docs/performance/bc.md:
/// 4 measured best of 0 to 10^12 on Kronecker 20 and 22).
inline constexpr double kBrandesPullFactor = 4.0;
/// Backward levels of at least 1 / kBrandesGatherShare of the vertices gather by segmented sums
/// over every vertex's list (the test of a vertex's level costs one read each); so do levels
/// whose out-arcs reach 1 / kBrandesGatherArcShare of the vertices, since a push adds into
/// delta[v] once per arc of v and a hub's list waits on its adds one after another, where the
/// gather splits it over blocks. Smaller levels push from their stored list.
inline constexpr std::size_t kBrandesGatherShare = 64;
inline constexpr std::size_t kBrandesGatherArcShare = 16;

template <class Space>
class brandes_from_one_source {
 public:
  static constexpr vertex_t unseen = invalid_vertex;

  /// `in` is the reverse of g, or an empty view when it has none (then every level pushes);
  /// for an undirected graph g itself.
  brandes_from_one_source(const Space& space, const csr_view& g, const csr_view& in)
      : in_(in),
        dist_(g.num_vertices),
        stored_(g.num_vertices),
        sigma_(g.num_vertices),
        delta_(g.num_vertices),
        coefficients_(2 * static_cast<std::size_t>(g.num_vertices)),
        current_(g.num_vertices),
        next_(g.num_vertices),
        work_(g.num_vertices),
        out_segments_(space, g.num_vertices, g.offsets),
        in_segments_(space, in.offsets ? in.num_vertices : 0, in.offsets) {}

  /// Adds the dependencies of `source` to score (endpoints: paths also count for their two
  /// ends, and the source gets the number of vertices it reaches besides itself).
  void run(const Space& space, const csr_view& g, vertex_t source, bool endpoints, double* score) {
    forward(space, g, source);
    backward(space, g);
    const vertex_t* dist = dist_.data();
    const double* delta = delta_.data();
    const double reached = static_cast<double>(reached_ - 1);
    exec::for_each(space, g.num_vertices, PLEXUS_LAMBDA(std::size_t i) {
      const vertex_t v = static_cast<vertex_t>(i);
      if (dist[v] == unseen) return;
      if (v != source)
        score[v] += endpoints ? delta[v] + 1.0 : delta[v];
      else if (endpoints)
        score[v] += reached;
    });
  }

  /// The level-by-level BFS that counts shortest paths (public: GPU lambdas may not live in
  /// private members).
  void forward(const Space& space, const csr_view& g, vertex_t source) {
    dist_.fill(unseen);
    sigma_.zero();
    delta_.zero();
    dist_.set(source, 0);
    sigma_.set(source, 1.0);
    const vertex_t start[] = {source};
    current_.assign(std::span<const vertex_t>(start, 1));
    vertex_t* dist = dist_.data();
    double* sigma = sigma_.data();
    // Path counts of a pulled level wait here (delta is all zeros until the backward sweep)
    // until the reduction that finds them has ended.
    double* pulled_paths = delta_.data();
    const csr_view in = in_;
    // Whether a level's tally (in-arcs where a pull may read them, else out-arcs) is also the
    // next push's out-arcs: undirected graphs and push-only traversals.
    const bool tally_is_out_arcs = !in.offsets || in.offsets == g.offsets;
    std::size_t size = 1;
    edge_t arcs = work_.prepare(space, g, current_);
    bool prepared = true;
    // In-arcs of the vertices not reached yet, what a pull would read (the source's own
    // in-arcs are left in: reading them would cost a device read).
    edge_t unvisited_arcs = in.offsets ? in.num_edges : 0;
    reached_ = 1;
    starts_.assign({0});
    arcs_.clear();
    for (vertex_t depth = 0;; ++depth) {
      store(space, current_, size, starts_.back());
      starts_.push_back(starts_.back() + size);
      arcs_.push_back(arcs);
      const vertex_t deeper = depth + 1;
      const double pull_reads = static_cast<double>(unvisited_arcs) + static_cast<double>(g.num_vertices);
      const bool pull = in.offsets && static_cast<double>(arcs) * kBrandesPullFactor > pull_reads;
      next_.clear();
      const auto next_list = next_.view();
      if (pull) {
        segmented_reduce_push(
            space, in_segments_, PLEXUS_LAMBDA(std::size_t w) { return dist[w] == unseen; },
            PLEXUS_LAMBDA(edge_t e) { return sigma[in.indices[e]]; }, 0.0, exec::plus{},
            PLEXUS_LAMBDA(std::size_t s, double paths) {
              if (paths == 0.0) return false;
              const vertex_t w = static_cast<vertex_t>(s);
              dist[w] = deeper;
              pulled_paths[w] = paths;
              next_list.add_tally(in.degree(w));
              return true;
            },
            next_list);
      } else {
        if (!prepared) work_.prepare(space, g, current_, size, arcs, load_balance::automatic);
        operators::advance_push(space, g, current_, work_, next_, load_balance::automatic,
                                PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t, weight_t) {
                                  vertex_t seen = exec::atomic_load(&dist[w]);
                                  if (seen == unseen) seen = exec::atomic_cas(&dist[w], unseen, deeper);
                                  if (seen != unseen && seen != deeper) return false;
                                  exec::atomic_add(&sigma[w], sigma[v]);
                                  if (seen != unseen) return false;
                                  next_list.add_tally(in.offsets ? in.degree(w) : g.degree(w));
                                  return true;
                                });
      }
      current_.swap(next_);
      const auto [found, tally] = current_.size_and_tally();
      if (found == 0) break;
      if (pull) {
        const vertex_t* found_list = current_.data();
        exec::for_each(space, found, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t w = found_list[i];
          sigma[w] = pulled_paths[w];
          pulled_paths[w] = 0.0;
        });
      }
      size = found;
      reached_ += found;
      if (in.offsets) unvisited_arcs -= static_cast<edge_t>(tally);
      prepared = !tally_is_out_arcs;
      arcs = tally_is_out_arcs ? static_cast<edge_t>(tally) : work_.prepare(space, g, current_);
    }
  }

  /// Dependencies, deepest level first (public: as forward()).
  void backward(const Space& space, const csr_view& g) {
    const vertex_t* dist = dist_.data();
    const double* sigma = sigma_.data();
    double* delta = delta_.data();
    coefficients_.zero();
    // Even levels' coefficients in the first half, odd levels' in the second.
    const auto coefficients_of = [&](std::size_t level) {
      return coefficients_.data() + (level % 2) * static_cast<std::size_t>(g.num_vertices);
    };
    const std::size_t levels = starts_.size() - 1;
    const auto gathers = [&](std::size_t level) {
      return (starts_[level + 1] - starts_[level]) * kBrandesGatherShare >= g.num_vertices ||
             static_cast<std::size_t>(arcs_[level]) * kBrandesGatherArcShare >= g.num_vertices;
    };
    // The deepest level has no successors: its dependencies stay 0, and its coefficients are
    // needed when the level above gathers.
    if (levels >= 3 && gathers(levels - 2)) {
      const vertex_t* deepest = stored_.data() + starts_[levels - 1];
      double* coefficient = coefficients_of(levels - 1);
      exec::for_each(space, starts_[levels] - starts_[levels - 1], PLEXUS_LAMBDA(std::size_t i) {
        coefficient[deepest[i]] = 1.0 / sigma[deepest[i]];
      });
    }
    // The source's own dependency is never counted, so level 0 is not swept.
    for (std::size_t d = levels >= 2 ? levels - 2 : 0; d >= 1; --d) {
      const vertex_t depth = static_cast<vertex_t>(d), deeper = depth + 1;
      const std::size_t size = starts_[d + 1] - starts_[d];
      double* coefficient = coefficients_of(d);
      if (gathers(d)) {
        const double* successor_coefficient = coefficients_of(d + 1);
        exec::segmented_reduce_if(
            space, out_segments_, PLEXUS_LAMBDA(std::size_t v) { return dist[v] == depth; },
            PLEXUS_LAMBDA(edge_t e) { return successor_coefficient[g.indices[e]]; }, 0.0, exec::plus{},
            PLEXUS_LAMBDA(std::size_t v, double sum) {
              delta[v] = sigma[v] * sum;
              coefficient[v] = (1.0 + delta[v]) / sigma[v];
            });
        continue;
      }
      // A small level (the long tail of a road network) pushes from its stored list, so that
      // the sweep costs its own arcs and not a test of every vertex.
      load(space, starts_[d], size);
      work_.prepare(space, g, current_, size, arcs_[d], load_balance::automatic);
      operators::advance_push(space, g, current_, work_, next_, load_balance::automatic,
                              PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t, weight_t) {
                                if (dist[w] == deeper)
                                  exec::atomic_add(&delta[v], sigma[v] / sigma[w] * (1.0 + delta[w]));
                                return false;
                              });
      // A push reads its successors' dependencies themselves; only a gathering level above
      // reads this level's coefficients, so a road network's tail of small levels makes no
      // pass for them.
      if (d == 1 || !gathers(d - 1)) continue;
      const vertex_t* members = current_.data();
      exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) {
        const vertex_t v = members[i];
        coefficient[v] = (1.0 + delta[v]) / sigma[v];
      });
    }
  }

  /// Copies the `size` ids of `from` into the level store at `at`.
  void store(const Space& space, const sparse_frontier<Space>& from, std::size_t size, std::size_t at) {
    const vertex_t* items = from.data();
    vertex_t* to = stored_.data() + at;
    exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { to[i] = items[i]; });
  }

  /// Makes the `size` stored ids from `at` the current frontier.
  void load(const Space& space, std::size_t at, std::size_t size) {
    const vertex_t* from = stored_.data() + at;
    vertex_t* to = current_.data();
    exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { to[i] = from[i]; });
    current_.set_size(size);
  }

 private:
  csr_view in_;
  exec::buffer<Space, vertex_t> dist_, stored_;
  exec::buffer<Space, double> sigma_, delta_, coefficients_;
  sparse_frontier<Space> current_, next_;
  operators::push_workspace<Space> work_;
  exec::segment_plan<Space> out_segments_, in_segments_;
  std::size_t reached_ = 0;         // vertices reached from the source, itself included
  std::vector<std::size_t> starts_;  // level d is stored_[starts_[d], starts_[d + 1])
  std::vector<edge_t> arcs_;         // the out-arcs of each level
};

}  // namespace plexus::detail
