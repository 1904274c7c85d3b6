// bucketed_mode(host, workspace, buckets, length, key, out): see bucketed_mode.hpp.
//
// The three degree buckets are processed one after the other, each by the OpenMP team with
// the counting that fits its lengths: short segments by a quadratic scan of a stack array
// (no heap, no hashing), medium and long ones by gathering their keys into a thread-local
// array, then, unless they are all one key, counting them in a thread-local open-addressing
// table (linear probing, capacity a power of two at least twice the length, only the used
// slots cleared afterwards). Long segments are handed out one at a time (dynamic, chunk 1) since
// a few of them can hold most of the pins. The winner rule (count, then smallest key) is the
// SIMT version's, so every back end picks the same key.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "plexus/backends/host/space.hpp"
#include "plexus/graph/segment_buckets.hpp"
#include "plexus/operators/mode_vote.hpp"

namespace plexus::detail {

template <>
class mode_workspace<exec::host> {
 public:
  mode_workspace(const exec::host&, std::size_t /*max_length*/) {}
};

namespace hyper_lp_host {

using operators::kNoVote;

struct mode_table {
  std::vector<std::uint32_t> keys, counts, used, votes;
};

/// Most frequent voting key of segment s (count 0 and kNoVote when nothing votes).
template <class Key>
void hashed_mode(mode_table& t, std::size_t s, std::size_t d, Key& key, std::uint32_t& best,
                 std::uint32_t& best_count) {
  const std::size_t capacity = operators::mode_table_capacity(d);
  if (t.keys.size() < capacity) {
    t.keys.assign(capacity, kNoVote);
    t.counts.assign(capacity, 0);
  }
  // The keys are gathered first, in a loop of independent loads the core can overlap (label
  // gathers are cache misses on large inputs), and counted afterwards.
  if (t.votes.size() < d) t.votes.resize(d);
  std::size_t voting = 0;
  for (std::size_t i = 0; i < d; ++i) {
    const std::uint32_t k = key(s, i);
    t.votes[voting] = k;
    voting += k != kNoVote;
  }
  best = kNoVote;
  best_count = 0;
  if (voting == 0) return;
  // One key throughout, as most lists hold once labels converge: no table needed.
  const std::uint32_t first = t.votes[0];
  if (std::all_of(t.votes.begin(), t.votes.begin() + voting,
                  [first](std::uint32_t k) { return k == first; })) {
    best = first;
    best_count = static_cast<std::uint32_t>(voting);
    return;
  }
  const std::size_t mask = capacity - 1;
  t.used.clear();
  for (std::size_t i = 0; i < voting; ++i) {
    const std::uint32_t k = t.votes[i];
    std::size_t slot = (static_cast<std::size_t>(k) * 0x9e3779b1u) & mask;
    while (t.keys[slot] != kNoVote && t.keys[slot] != k) slot = (slot + 1) & mask;
    if (t.keys[slot] == kNoVote) {
      t.keys[slot] = k;
      t.used.push_back(static_cast<std::uint32_t>(slot));
    }
    ++t.counts[slot];
  }
  for (const std::uint32_t slot : t.used) {
    const std::uint32_t k = t.keys[slot], c = t.counts[slot];
    if (c > best_count || (c == best_count && k < best)) {
      best = k;
      best_count = c;
    }
    t.keys[slot] = kNoVote;
    t.counts[slot] = 0;
  }
}

}  // namespace hyper_lp_host

template <class Length, class Key, class Out>
void bucketed_mode(const exec::host&, mode_workspace<exec::host>&, const segment_buckets& buckets, Length length, Key key,
                   Out out) {
  const std::uint32_t* small = buckets.ids[0];
  const std::size_t n_small = buckets.count[0];
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::size_t j = 0; j < n_small; ++j) {
    const std::size_t s = small[j];
    const std::size_t d = static_cast<std::size_t>(length(s));
    std::uint32_t keys[kSmallSegmentMax];
    std::size_t k = 0;
    for (std::size_t i = 0; i < d; ++i) {
      const std::uint32_t x = key(s, i);
      if (x != operators::kNoVote) keys[k++] = x;
    }
    std::uint32_t best = operators::kNoVote, best_count = 0;
    for (std::size_t a = 0; a < k; ++a) {
      bool seen_before = false;
      for (std::size_t b = 0; b < a && !seen_before; ++b) seen_before = keys[b] == keys[a];
      if (seen_before) continue;  // counted at its first occurrence
      std::uint32_t c = 1;
      for (std::size_t b = a + 1; b < k; ++b) c += keys[b] == keys[a];
      if (c > best_count || (c == best_count && keys[a] < best)) {
        best = keys[a];
        best_count = c;
      }
    }
    out(s, best, best_count);
  }
  for (int b = 1; b < kSegmentBuckets; ++b) {
    const std::uint32_t* ids = buckets.ids[b];
    const std::size_t count = buckets.count[b];
    [[maybe_unused]] const int chunk = b == 1 ? 64 : 1;  // the schedule's chunk
#pragma omp parallel
    {
      hyper_lp_host::mode_table table;
#pragma omp for schedule(dynamic, chunk)
      for (std::size_t j = 0; j < count; ++j) {
        const std::size_t s = ids[j];
        std::uint32_t best, best_count;
        hyper_lp_host::hashed_mode(table, s, static_cast<std::size_t>(length(s)), key, best, best_count);
        out(s, best, best_count);
      }
    }
  }
}

}  // namespace plexus::detail
