// Brandes dependencies from one source over Plexus's load-balanced advance: what bc_loop.hpp
// runs for a batch of one source. See bc.hpp.
//
// The batched loop gives every (source, vertex) entry of a level one lane, which walks the
// vertex's whole list: on a skewed graph one hub's lane does a CAS and an add for each of its
// arcs one after the other while the rest of the GPU idles, and that lane sets the time of
// the level whether the batch holds one source or sixteen. With one source the entries are
// plain vertices, so each level is instead a frontier that operators::advance_push spreads by
// arcs (Jia et al., GTC 2011, and McLaughlin and Bader, SC 2014, balance BC the same way):
//
//   forward   level d pushes to level d + 1: the CAS on dist[w] elects one discoverer, which
//             appends w and tallies its degree (so one read per level gives the next level's
//             size and arcs); every arc into level d + 1 adds sigma[v] to sigma[w];
//   backward  deepest level first, level d pushes over the same arcs again and every arc
//             into level d + 1 adds sigma[v] / sigma[w] * (1 + delta[w]) to delta[v].
//
// The levels are stored one after another, as the batched loop stores them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/advance.hpp"

namespace plexus::detail {

template <class Space>
class brandes_from_one_source {
 public:
  static constexpr vertex_t unseen = invalid_vertex;

  explicit brandes_from_one_source(vertex_t n)
      : dist_(n), stored_(n), sigma_(n), delta_(n), current_(n), next_(n), work_(n) {}

  /// Adds the dependencies of `source` to score (endpoints: paths also count for their two
  /// ends, and the source gets the number of vertices it reaches besides itself).
  void run(const Space& space, const csr_view& g, vertex_t source, bool endpoints, double* score) {
    forward(space, g, source);
    backward(space, g);
    const vertex_t* dist = dist_.data();
    const double* delta = delta_.data();
    const double reached = static_cast<double>(starts_.back() - 1);
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
    starts_.assign({0});
    arcs_.clear();
    std::size_t size = 1;
    edge_t arcs = work_.prepare(space, g, current_);
    for (vertex_t depth = 0; size > 0; ++depth) {
      store(space, current_, size, starts_.back());
      starts_.push_back(starts_.back() + size);
      arcs_.push_back(arcs);
      next_.clear();
      const vertex_t deeper = depth + 1;
      const auto tally = next_.view();
      operators::advance_push(space, g, current_, work_, next_, load_balance::automatic,
                              PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t, weight_t) {
                                vertex_t seen = exec::atomic_load(&dist[w]);
                                if (seen == unseen) seen = exec::atomic_cas(&dist[w], unseen, deeper);
                                if (seen != unseen && seen != deeper) return false;
                                exec::atomic_add(&sigma[w], sigma[v]);
                                if (seen != unseen) return false;
                                tally.add_tally(g.degree(w));
                                return true;
                              });
      current_.swap(next_);
      const auto [found, found_arcs] = current_.size_and_tally();
      size = found;
      arcs = static_cast<edge_t>(found_arcs);
      if (size > 0) work_.prepare(space, g, current_, size, arcs, load_balance::automatic);
    }
  }

  /// Dependencies, deepest level first (public: as forward()).
  void backward(const Space& space, const csr_view& g) {
    const vertex_t* dist = dist_.data();
    const double* sigma = sigma_.data();
    double* delta = delta_.data();
    // The deepest level has no successors: its dependencies stay 0.
    for (std::size_t d = starts_.size() - 1; d-- > 1;) {
      const std::size_t depth = d - 1, size = starts_[d] - starts_[depth];
      load(space, starts_[depth], size);
      work_.prepare(space, g, current_, size, arcs_[depth], load_balance::automatic);
      const vertex_t deeper = static_cast<vertex_t>(depth + 1);
      operators::advance_push(space, g, current_, work_, next_, load_balance::automatic,
                              PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t, weight_t) {
                                if (dist[w] == deeper) exec::atomic_add(&delta[v], sigma[v] / sigma[w] * (1.0 + delta[w]));
                                return false;
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
  exec::buffer<Space, vertex_t> dist_, stored_;
  exec::buffer<Space, double> sigma_, delta_;
  sparse_frontier<Space> current_, next_;
  operators::push_workspace<Space> work_;
  std::vector<std::size_t> starts_;  // level d is stored_[starts_[d], starts_[d + 1])
  std::vector<edge_t> arcs_;         // the out-arcs of each level
};

}  // namespace plexus::detail
