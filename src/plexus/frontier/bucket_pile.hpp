// bucket_pile: vertices waiting under a key (SSSP: their tentative distance) until a window
// [low, high) of keys is drained into the next near set: the far pile of near-far SSSP.
//
// Contract, on every back end:
// - view().push(v, key) inside operator lambdas. A vertex may be pushed many times; its key
//   only falls between pushes (a distance only falls).
// - drain(space, pending, low, high, key, claim, out) appends to `out` every waiting vertex
//   whose current key(v) lies in [low, high) and for which claim(v) returns true, drops those
//   below low (their window has passed) and keeps the rest. claim may see a vertex more than
//   once; it is where the caller deduplicates.
// - smallest_key(space, pending, floor, key) is the smallest current key at or above floor
//   among the waiting vertices (+infinity when there is none).
// - count_data() points at a word in the space's memory, nonzero while vertices wait, that
//   kernels may read beside other counters (one transfer per round); `pending` is the value
//   read from it.
//
// Generic form (GPUs): one list, each vertex in it once (a mark per vertex against an epoch),
// and each drain passes over the whole list. This is the far pile of Davidson, Baxter, Garland
// and Owens ("Work-Efficient Parallel GPU Methods for Single-Source Shortest Paths", IPDPS
// 2014): with wide windows the passes are few, and one pass is a single coalesced kernel. The
// host form (host/bucket_pile.hpp) keeps thread-local bins by key instead, as GAPBS does, so
// that narrow windows cost only their own bins.
#pragma once

#include <cstddef>
#include <limits>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus {

template <class Space>
class bucket_pile {
 public:
  using count_type = unsigned long long;

  struct view_type {
    typename sparse_frontier<Space>::view_type list;
    unsigned int* mark;
    unsigned int epoch;

    PLEXUS_HOST_DEVICE void push(vertex_t v, weight_t) const {
      if (exec::claim_mark(&mark[v], epoch)) list.push(v);
    }
  };

  /// For vertex ids below n. The generic form holds any key in one list; `width` (the
  /// window width the caller will drain by) matters to the host form only.
  bucket_pile(std::size_t n, weight_t /*width*/) : list_(n), next_(n), mark_(n) { mark_.fill(0); }

  /// Valid until the next drain.
  view_type view() { return view_type{list_.view(), mark_.data(), epoch_}; }
  const count_type* count_data() const { return list_.count_data(); }
  /// `pending` read through count_data, checked against the capacity.
  std::size_t checked_size(count_type pending) const { return list_.checked_size(pending); }

  template <class Key, class Claim>
  void drain(const Space& space, std::size_t pending, weight_t low, weight_t high, Key key, Claim claim,
             sparse_frontier<Space>& out) {
    next_.clear();
    // Survivors move to a fresh list under a fresh epoch, so each is held there once.
    const unsigned int epoch = ++epoch_;
    auto keep = next_.view();
    auto admitted = out.view();
    unsigned int* mark = mark_.data();
    const vertex_t* items = list_.data();
    exec::for_each(
        space, pending, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = items[i];
          const weight_t k = key(v);
          if (k < low) return;
          if (k < high) {
            if (claim(v)) admitted.push(v);
          } else if (exec::claim_mark(&mark[v], epoch)) {
            keep.push(v);
          }
        });
    list_.swap(next_);
  }

  /// After a drain every survivor's key is at least that drain's high, so `floor` needs no test.
  template <class Key>
  weight_t smallest_key(const Space& space, std::size_t pending, weight_t /*floor*/, Key key) const {
    const vertex_t* items = list_.data();
    return exec::reduce(
        space, pending, std::numeric_limits<weight_t>::infinity(),
        PLEXUS_LAMBDA(std::size_t i) { return key(items[i]); }, exec::minimum{});
  }

 private:
  sparse_frontier<Space> list_, next_;
  exec::buffer<Space, unsigned int> mark_;
  unsigned int epoch_ = 1;
};

}  // namespace plexus

#include "plexus/frontier/host/bucket_pile.hpp"
