// segmented_mode(host, n, length, key, rank, out): see segmented_mode.hpp.
//
// Sort-free per-segment histogram. Short segments (up to kSmallSegment keys) are gathered
// into a stack array and counted by a quadratic scan, which touches no heap and beats hashing
// at these sizes. Longer ones use a thread-local open-addressing table (linear probing) of a
// power-of-two capacity at least twice the segment length, reused across segments; only the
// slots used are cleared afterwards, so a hub does not make every later segment pay for its
// table size. The winner rule (count, then rank, then key) is the one the SIMT version uses,
// so every back end picks the same key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "plexus/backends/host/space.hpp"
#include "plexus/core/types.hpp"
#include "plexus/operators/mode_vote.hpp"

namespace plexus::detail {

namespace lp_host {

/// True when (count_a, rank_a, key_a) beats (count_b, rank_b, key_b).
inline bool mode_better(std::uint32_t count_a, std::uint64_t rank_a, std::uint32_t key_a, std::uint32_t count_b,
                        std::uint64_t rank_b, std::uint32_t key_b) {
  if (count_a != count_b) return count_a > count_b;
  if (rank_a != rank_b) return rank_a < rank_b;
  return key_a < key_b;
}

}  // namespace lp_host

template <class Length, class Key, class Rank, class Out>
void segmented_mode(const exec::host&, std::size_t n, Length length, Key key, Rank rank, Out out) {
  constexpr std::size_t kSmallSegment = 32;
  constexpr std::uint32_t kEmpty = 0xffffffffu;  // keys are vertex ids < invalid_vertex
#pragma omp parallel
  {
    std::vector<std::uint32_t> table_keys, table_counts, used;
#pragma omp for schedule(dynamic, 256)
    for (std::size_t s = 0; s < n; ++s) {
      const std::size_t d = static_cast<std::size_t>(length(s));
      if (d == 0) continue;
      std::uint32_t best = 0, best_count = 0;
      std::uint64_t best_rank = 0;
      auto consider = [&](std::uint32_t k, std::uint32_t c) {
        const std::uint64_t r = rank(s, k);
        if (best_count == 0 || lp_host::mode_better(c, r, k, best_count, best_rank, best)) {
          best = k;
          best_count = c;
          best_rank = r;
        }
      };
      if (d <= kSmallSegment) {
        std::uint32_t keys[kSmallSegment];
        for (std::size_t i = 0; i < d; ++i) keys[i] = key(s, i);
        for (std::size_t i = 0; i < d; ++i) {
          bool seen_before = false;
          for (std::size_t j = 0; j < i && !seen_before; ++j) seen_before = keys[j] == keys[i];
          if (seen_before) continue;  // counted at its first occurrence
          std::uint32_t c = 1;
          for (std::size_t j = i + 1; j < d; ++j) c += keys[j] == keys[i];
          consider(keys[i], c);
        }
      } else {
        const std::size_t capacity = operators::mode_table_capacity(d);
        if (table_keys.size() < capacity) {
          table_keys.assign(capacity, kEmpty);
          table_counts.assign(capacity, 0);
        }
        const std::size_t mask = capacity - 1;
        used.clear();
        for (std::size_t i = 0; i < d; ++i) {
          const std::uint32_t k = key(s, i);
          std::size_t slot = (static_cast<std::size_t>(k) * 0x9e3779b1u) & mask;
          while (table_keys[slot] != kEmpty && table_keys[slot] != k) slot = (slot + 1) & mask;
          if (table_keys[slot] == kEmpty) {
            table_keys[slot] = k;
            used.push_back(static_cast<std::uint32_t>(slot));
          }
          ++table_counts[slot];
        }
        for (const std::uint32_t slot : used) {
          consider(table_keys[slot], table_counts[slot]);
          table_keys[slot] = kEmpty;
          table_counts[slot] = 0;
        }
      }
      out(s, best, best_count);
    }
  }
}

}  // namespace plexus::detail
