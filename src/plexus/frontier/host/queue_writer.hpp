// Per-thread staging of pushes into a shared sparse frontier: ids are batched locally and
// appended with one atomic per batch, as GAPBS's QueueBuffer does, so host push steps do not
// contend on the frontier's counter.
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators::detail {

template <class View>
class queue_writer {
 public:
  explicit queue_writer(const View& out) : out_(out) {}
  queue_writer(const queue_writer&) = delete;
  queue_writer& operator=(const queue_writer&) = delete;
  ~queue_writer() { flush(); }

  void push(vertex_t v) {
    batch_[count_++] = v;
    if (count_ == kBatch) flush();
  }
  void flush() {
    if (count_ == 0) return;
    const auto start = out_.reserve(count_);
    for (std::size_t k = 0; k < count_ && start + k < out_.capacity; ++k) out_.items[start + k] = batch_[k];
    count_ = 0;
  }

 private:
  static constexpr std::size_t kBatch = 1024;
  View out_;
  std::size_t count_ = 0;
  vertex_t batch_[kBatch];
};

/// How many edges ahead of the one being visited a prefetching visitor's hint runs: far
/// enough for a miss to DRAM to complete in the time the edges between take.
inline constexpr edge_t kPrefetchEdges = 16;

/// Calls f on every edge of frontier vertex v in [first, last) and stages accepted targets.
/// A visitor with a prefetch(target) member (operators::prefetching) gets that call
/// kPrefetchEdges edges before the visit, and the first kPrefetchEdges targets up front. An
/// SSSP relaxation is a dependent chain (load the target's state, compare, compare-and-swap)
/// whose locked instruction stops later loads from starting early, so the out-of-order core
/// alone overlaps few of the targets' cache misses.
template <class View, class F>
inline void visit_edges(const csr_view& g, vertex_t v, edge_t first, edge_t last, queue_writer<View>& out, F& f) {
  constexpr bool hinted = requires { f.prefetch(vertex_t{}); };
  if constexpr (hinted) {
    const edge_t primed = last - first < kPrefetchEdges ? last : first + kPrefetchEdges;
    for (edge_t e = first; e < primed; ++e) f.prefetch(g.indices[e]);
  }
  for (edge_t e = first; e < last; ++e) {
    if constexpr (hinted)
      if (e + kPrefetchEdges < last) f.prefetch(g.indices[e + kPrefetchEdges]);
    const vertex_t u = g.indices[e];
    if (f(v, u, e, g.weight(e))) out.push(u);
  }
}

}  // namespace plexus::operators::detail
