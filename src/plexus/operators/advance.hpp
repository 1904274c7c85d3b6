// advance: the frontier-expansion operator (Gunrock, Wang et al., PPoPP 2016).
//
// Push: for every edge (src, dst, edge, weight) leaving the input sparse frontier, call
// f(src, dst, edge, weight); dst enters the output frontier when f returns true. f runs
// concurrently on many edges and must make its own updates safe (exec::atomic_*). The edges
// are spread over threads by a load_balance strategy, chosen per call or automatically from
// the frontier's size and edge count. prepare() scans the frontier's degrees first; its
// total is also the "edges to check" figure of direction-optimizing BFS.
//
// Pull: for every vertex v with active(v), scan its in-neighbours u; at the first u in the
// input bitmap for which f(u, v, edge, weight) returns true, v enters the output bitmap and
// the scan stops (early exit). Returns the number of vertices added.
#pragma once

#include <cstddef>

#include "plexus/backends/target.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/load_balance.hpp"

#include "plexus/operators/host/block_mapped.hpp"
#include "plexus/operators/host/degree_bucketed.hpp"
#include "plexus/operators/host/edge_balanced.hpp"
#include "plexus/operators/host/pull.hpp"
#include "plexus/operators/host/thread_mapped.hpp"
#include "plexus/operators/host/warp_mapped.hpp"

#if PLEXUS_SIMT_COMPILER
#include "plexus/operators/simt/block_mapped.hpp"
#include "plexus/operators/simt/degree_bucketed.hpp"
#include "plexus/operators/simt/edge_balanced.hpp"
#include "plexus/operators/simt/pull.hpp"
#include "plexus/operators/simt/thread_mapped.hpp"
#include "plexus/operators/simt/warp_mapped.hpp"
#endif

namespace plexus::operators {

/// Scratch of a push advance: the exclusive scan of the input frontier's degrees.
template <class Space>
class push_workspace {
 public:
  explicit push_workspace(std::size_t capacity) : degrees_(capacity + 1), offsets_(capacity + 1) {}

  /// Scans the degrees of `in`; returns the number of edges leaving it. Synchronises.
  edge_t prepare(const Space& space, csr_view g, const sparse_frontier<Space>& in) {
    size_ = in.size();
    scan(space, g, in);
    total_ = offsets_.get(size_);
    return total_;
  }
  /// As prepare(), for a caller that already knows the frontier's size and its number of
  /// out-edges (a tally kept while the frontier was built): no host round trip. Only the
  /// edge-balanced strategy reads the scan, so for the others it is left out: on a tiny
  /// frontier its two launches were a large part of an SSSP round
  /// (docs/performance/bfs.md, "Small push rounds"). Nor does the host's edge-balanced push
  /// read it where it walks the frontier (host_walks_frontier).
  void prepare(const Space& space, csr_view g, const sparse_frontier<Space>& in, std::size_t size,
               edge_t total, load_balance balance) {
    size_ = size;
    total_ = total;
    const bool walked = Space::family == backend_family::cpu && host_walks_frontier(total);
    if (!walked && resolve_load_balance(Space::family, balance, size, total) == load_balance::edge_balanced)
      scan(space, g, in);
  }
  /// The scan behind both prepare() forms (public: CUDA lambdas may not live in private
  /// members).
  void scan(const Space& space, csr_view g, const sparse_frontier<Space>& in) {
    const std::size_t size = size_;
    const vertex_t* items = in.data();
    edge_t* degrees = degrees_.data();
    exec::for_each(space, size + 1, PLEXUS_LAMBDA(std::size_t i) { degrees[i] = i < size ? g.degree(items[i]) : 0; });
    exec::exclusive_scan(space, degrees_.data(), offsets_.data(), size + 1);
  }
  std::size_t frontier_size() const { return size_; }
  edge_t total_edges() const { return total_; }
  const edge_t* offsets() const { return offsets_.data(); }

 private:
  exec::buffer<Space, edge_t> degrees_, offsets_;
  std::size_t size_ = 0;
  edge_t total_ = 0;
};

/// Push advance from `in` (whose workspace was prepared) into `out` (appended to).
template <class Space, class F>
void advance_push(const Space& space, csr_view g, const sparse_frontier<Space>& in, const push_workspace<Space>& work,
                  sparse_frontier<Space>& out, load_balance balance, F f) {
  const std::size_t size = work.frontier_size();
  if (size == 0 || work.total_edges() == 0) return;
  balance = resolve_load_balance(Space::family, balance, size, work.total_edges());
  const auto view = out.view();
  const vertex_t* items = in.data();
  switch (balance) {
    case load_balance::thread_mapped:
      detail::push_thread_mapped(space, g, items, size, work.offsets(), work.total_edges(), view, f);
      break;
    case load_balance::warp_mapped:
      detail::push_warp_mapped(space, g, items, size, work.offsets(), work.total_edges(), view, f);
      break;
    case load_balance::block_mapped:
      detail::push_block_mapped(space, g, items, size, work.offsets(), work.total_edges(), view, f);
      break;
    case load_balance::degree_bucketed:
      detail::push_degree_bucketed(space, g, items, size, work.offsets(), work.total_edges(), view, f);
      break;
    case load_balance::automatic:
    case load_balance::edge_balanced:
      detail::push_edge_balanced(space, g, items, size, work.offsets(), work.total_edges(), view, f);
      break;
  }
}

/// Push advance from the `size` ids at `items` by degree buckets (a block per long list, a
/// subgroup per medium one, a lane per short one), which needs no workspace: no scan of the
/// degrees, so none of the lists' offsets is read twice. For lists read over the bus, where
/// every read costs a round trip (the out-of-core engine's in-place lists).
template <class Space, class F>
void advance_push_bucketed(const Space& space, csr_view g, const vertex_t* items, std::size_t size,
                           sparse_frontier<Space>& out, F f) {
  if (size == 0) return;
  detail::push_degree_bucketed(space, g, items, size, nullptr, 0, out.view(), f);
}

/// A push visitor with a prefetch hint (see the advance_push overload below).
template <class F, class Prefetch>
struct prefetching {
  F visit;
  Prefetch hint;
  PLEXUS_HOST_DEVICE bool operator()(vertex_t u, vertex_t v, edge_t e, weight_t w) { return visit(u, v, e, w); }
  void prefetch(vertex_t target) const { hint(target); }
};

/// As advance_push above, where f reads state of each edge's target that is rarely in cache
/// (an SSSP distance, a BFS parent): prefetch(target) is called some edges before
/// f(.., target, ..) and should start the load of that state (exec::prefetch_for_update). The
/// host's strategies use it; GPUs ignore it.
template <class Space, class F, class Prefetch>
void advance_push(const Space& space, csr_view g, const sparse_frontier<Space>& in, const push_workspace<Space>& work,
                  sparse_frontier<Space>& out, load_balance balance, F f, Prefetch prefetch) {
  if constexpr (Space::family == backend_family::cpu)
    advance_push(space, g, in, work, out, balance, prefetching<F, Prefetch>{f, prefetch});
  else
    advance_push(space, g, in, work, out, balance, f);
}

/// Pull advance over the in-CSR `in`; returns how many vertices entered `next`.
template <class Space, class Active, class F>
std::size_t advance_pull(const Space& space, csr_view in, bitmap_frontier<Space>& frontier,
                         bitmap_frontier<Space>& next, Active active, F f) {
  return detail::pull(space, in, frontier.view(), next.view(), active, f);
}

}  // namespace plexus::operators
