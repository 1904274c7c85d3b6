// bucket_pile on the host (contract in frontier/bucket_pile.hpp): thread-local bins of width
// `width` by key, as in GAPBS's delta-stepping (Beamer, Asanović, Patterson, "The GAP
// Benchmark Suite", arXiv:1508.03619; its sssp.cc): a push appends to the pushing thread's own
// bin with no atomic and no shared cache line, duplicates included, and a drain reads only the
// bins its window overlaps. The generic pile passes over every waiting vertex at every drain,
// which makes narrow windows cost O(pile) each; CPUs want narrow windows (few wasted
// relaxations) and cannot hide that pass behind thousands of threads.
//
// Bins are numbered from base_, the first bin a window can still reach; keys further than
// kBins bins from it wait in one overflow list per thread, which is re-sorted into bins when
// a window reaches it or the base moves (graphs whose distances span more than kBins widths).
//
// Memory: one 4-byte entry per push, stale duplicates included until their window drains, so
// at most one per relaxation that lands past the window: bounded by the arcs relaxed, as in
// GAPBS, where the generic pile is bounded by the vertex count.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include <omp.h>

#include "plexus/backends/host/space.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/atomics.hpp"
#include "plexus/frontier/bucket_pile.hpp"
#include "plexus/frontier/host/queue_writer.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus {

template <>
class bucket_pile<exec::host> {
 public:
  using count_type = unsigned long long;

  struct view_type {
    bucket_pile* pile;
    // Called by OpenMP threads of one parallel region; each writes only its own bins.
    void push(vertex_t v, weight_t key) const {
      pile->push_into(pile->owners_[static_cast<std::size_t>(omp_get_thread_num())], v, key);
      pile->note_pending();
    }
  };

  /// One set of bins per OpenMP thread that a parallel region may start from here on.
  bucket_pile(std::size_t /*n*/, weight_t width)
      : owners_(static_cast<std::size_t>(std::max(1, omp_get_max_threads()))),
        width_(width > 0 ? width : std::numeric_limits<weight_t>::min()) {}

  view_type view() { return view_type{this}; }
  const count_type* count_data() const { return &pending_; }
  std::size_t checked_size(count_type pending) const { return static_cast<std::size_t>(pending); }

  // Admitted vertices reach `out` in batches (one atomic per batch): with one atomic per
  // vertex, the two cores' appends to the shared count made parallel drains slower than one
  // core draining alone (docs/performance/sssp.md, "Batched drains").
  template <class Key, class Claim>
  void drain(const exec::host&, std::size_t pending, weight_t low, weight_t high, Key key, Claim claim,
             sparse_frontier<exec::host>& out) {
    if (pending == 0) return;
    // Bins wholly below the window hold only keys below low (a key only falls after its
    // push): they are dropped unread.
    const std::size_t new_base = std::max(base_, bin_floor(low));
    const std::size_t shift = new_base - base_;
    base_ = new_base;
    const std::size_t last = std::max(bin_floor(high), base_) - base_;  // last bin the window overlaps
    const auto drain_owner = [&](owner& o) {
      operators::detail::queue_writer<sparse_frontier<exec::host>::view_type> admitted(out.view());
      const std::size_t dropped = std::min(shift, o.bins.size());
      for (std::size_t b = 0; b < dropped; ++b) o.waiting -= o.bins[b].size();
      o.bins.erase(o.bins.begin(), o.bins.begin() + static_cast<std::ptrdiff_t>(dropped));
      // Survivors are pushed again by their current key: into a later bin, or into the bin
      // being read, which was swapped out first and so is not read twice.
      const auto sort_out = [&](vertex_t v, weight_t k) {
        if (k < low) return;
        if (k < high) {
          if (claim(v)) admitted.push(v);
        } else {
          push_into(o, v, k);
        }
      };
      // Keys are read a batch ahead of the claims: the key reads (random, mostly cache misses)
      // then overlap one another instead of each waiting behind the previous claim's locked
      // exchange.
      std::vector<vertex_t> taken;
      const auto take_and_sort_out = [&](std::vector<vertex_t>& list) {
        taken.clear();
        taken.swap(list);
        o.waiting -= taken.size();
        weight_t keys[kKeyBatch];
        for (std::size_t i = 0; i < taken.size(); i += kKeyBatch) {
          const std::size_t batch = std::min(kKeyBatch, taken.size() - i);
          for (std::size_t j = 0; j < batch; ++j) keys[j] = key(taken[i + j]);
          for (std::size_t j = 0; j < batch; ++j) sort_out(taken[i + j], keys[j]);
        }
      };
      for (std::size_t b = 0; b < o.bins.size() && b <= last; ++b) take_and_sort_out(o.bins[b]);
      if (!o.overflow.empty() && (shift > 0 || last >= kBins - 1)) take_and_sort_out(o.overflow);
    };
    std::size_t waiting = 0;
    for (const owner& o : owners_) waiting += o.waiting;
    if (waiting < exec::kHostSerialBelow) {
      for (owner& o : owners_) drain_owner(o);
    } else {
      const std::size_t owners = owners_.size();
#pragma omp parallel for schedule(dynamic, 1)
      for (std::size_t t = 0; t < owners; ++t) drain_owner(owners_[t]);
    }
    count_type left = 0;
    for (const owner& o : owners_) left += o.waiting;
    pending_ = left;
  }

  /// Reads bins in key order and stops at the first that holds a key at or above floor: a
  /// vertex's current key always sits in the bin it was last pushed to, so no later bin holds a
  /// smaller one (up to the bin boundaries' rounding, which only moves the next window).
  template <class Key>
  weight_t smallest_key(const exec::host&, std::size_t pending, weight_t floor, Key key) const {
    weight_t best = std::numeric_limits<weight_t>::infinity();
    if (pending == 0) return best;
    std::size_t bins = 0;
    for (const owner& o : owners_) bins = std::max(bins, o.bins.size());
    const auto consider = [&](const std::vector<vertex_t>& list) {
      for (const vertex_t v : list) {
        const weight_t k = key(v);
        if (k >= floor) best = std::min(best, k);
      }
    };
    for (std::size_t b = 0; b < bins && best == std::numeric_limits<weight_t>::infinity(); ++b)
      for (const owner& o : owners_)
        if (b < o.bins.size()) consider(o.bins[b]);
    if (best == std::numeric_limits<weight_t>::infinity())
      for (const owner& o : owners_) consider(o.overflow);
    return best;
  }

 private:
  static constexpr std::size_t kBins = std::size_t(1) << 16;
  static constexpr std::size_t kKeyBatch = 64;  // keys a drain reads before claiming any

  // One thread's bins, on cache lines of their own.
  struct alignas(64) owner {
    std::vector<std::vector<vertex_t>> bins;  // bins[b]: keys in [(base_ + b) w, (base_ + b + 1) w)
    std::vector<vertex_t> overflow;           // keys kBins or more bins past base_
    std::size_t waiting = 0;                  // entries in bins and overflow
  };

  // Absolute bin of a key, saturated past base_ + kBins (infinite keys included).
  std::size_t bin_floor(weight_t key) const {
    const double q = static_cast<double>(key) / static_cast<double>(width_);
    const double cap = static_cast<double>(base_ + kBins);
    return q < cap ? static_cast<std::size_t>(std::max(0.0, q)) : base_ + kBins;
  }

  void push_into(owner& o, vertex_t v, weight_t key) {
    const std::size_t bin = std::max(bin_floor(key), base_) - base_;
    if (bin >= kBins) {
      o.overflow.push_back(v);
    } else {
      if (bin >= o.bins.size()) o.bins.resize(bin + 1);
      o.bins[bin].push_back(v);
    }
    ++o.waiting;
  }

  // Nonzero once anything waits; pushes of one region race to set it, hence atomics, and read
  // it first so that only the first push writes the shared line.
  void note_pending() {
    if (exec::atomic_load(&pending_) == 0) exec::atomic_store(&pending_, count_type(1));
  }

  std::vector<owner> owners_;
  weight_t width_;
  std::size_t base_ = 0;
  count_type pending_ = 0;
};

}  // namespace plexus
