// tile_mode<Space, How, Width>(x): the most frequent key among the Width lanes of a tile
// (Width lanes aligned within the subgroup), computed in registers with no shared memory and
// no atomics.
//
// Each lane holds one key (kNoVote when it casts no vote) and first counts the tile's lanes
// holding the same key, in one of two ways:
//   match     the subgroup's match_any gives the set of lanes with the lane's key; its cost
//             grows with the number of distinct keys, so it suits keys that mostly agree;
//   pairwise  the lane compares its key with each lane's in turn (Width shuffles), a fixed
//             cost that is cheaper for short tiles of mostly distinct keys.
// Two tile reductions then pick the highest count and, among the keys that reach it, the
// smallest key. This is the winner rule of the count tables (mode_tables.hpp), so a segment of
// at most Width keys gets the same answer either way. Every lane of the tile must call it.
#pragma once

#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/operators/mode_vote.hpp"

namespace plexus::operators::simt {

enum class tile_count { match, pairwise };

struct tile_winner {
  std::uint32_t key, count;  // count 0 and key kNoVote: no lane voted
};

/// Lanes of the calling lane's tile of `Width` lanes, as a subgroup mask.
template <class Space, unsigned Width>
__device__ inline typename backends::subgroup<Space>::mask_type tile_lanes() {
  using sg = backends::subgroup<Space>;
  using mask_type = typename sg::mask_type;
  static_assert(Width >= 4 && Width <= sg::width && (Width & (Width - 1)) == 0,
                "tiles are a power of two of at least 4 lanes, within one subgroup");
  if constexpr (Width == sg::width) {
    return sg::all;
  } else {
    const unsigned first = sg::lane() & ~(Width - 1);
    return ((mask_type(1) << Width) - 1) << first;
  }
}

template <class Space, tile_count How, unsigned Width>
__device__ inline tile_winner tile_mode(std::uint32_t x) {
  using sg = backends::subgroup<Space>;
  const auto lanes = tile_lanes<Space, Width>();
  std::uint32_t count = 0;
  if constexpr (How == tile_count::pairwise) {
#pragma unroll
    for (unsigned o = 0; o < Width; ++o) count += sg::shuffle(lanes, x, o, Width) == x;
  } else {
    count = static_cast<std::uint32_t>(sg::count(sg::match_any(lanes, x)));
  }
  if (x == kNoVote) count = 0;
  const std::uint32_t best_count = sg::template tile_max<Width>(lanes, count);
  const std::uint32_t best = sg::template tile_min<Width>(lanes, count == best_count ? x : kNoVote);
  return {best, best_count};
}

}  // namespace plexus::operators::simt
