// The neighbour reduction behind label propagation: the most frequent key (label) among a
// segment's votes. What every implementation of it shares, on every back end: the key that
// casts no vote and the size of the open-addressing count tables. The SIMT building blocks
// are in operators/simt/mode_tables.hpp and operators/simt/tile_mode.hpp; the reductions
// themselves belong to their algorithms (lp/segmented_mode*.hpp, hyper_lp/bucketed_mode*.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace plexus::operators {

/// Key value meaning "this position casts no vote" (a repeated pin votes once). It is also
/// the empty slot of a count table, so it is never counted.
inline constexpr std::uint32_t kNoVote = 0xffffffffu;

/// Slots of an open-addressing count table for `keys` keys: the smallest power of two of at
/// least 64 and twice the keys, so linear probing never finds the table more than half full.
/// Every back end's count tables are sized by it.
constexpr std::size_t mode_table_capacity(std::size_t keys) {
  std::size_t capacity = 64;
  while (capacity < 2 * keys) capacity *= 2;
  return capacity;
}

}  // namespace plexus::operators
