// tile_mode<How, Width>(x): the most frequent key among the Width lanes of a tile (Width lanes
// aligned within the warp), computed in registers with no shared memory and no atomics.
//
// Each lane holds one key (kNoVote when it casts no vote) and first counts the tile's lanes
// holding the same key, in one of two ways:
//   match     __match_any_sync gives the set of lanes with the lane's key; its cost grows with
//             the number of distinct keys, so it suits keys that mostly agree;
//   pairwise  the lane compares its key with each lane's in turn (Width shuffles), a fixed
//             cost that is cheaper for short tiles of mostly distinct keys.
// Two tile reductions then pick the highest count and, among the keys that reach it, the
// smallest key. This is the winner rule of the shared-memory tables (bucketed_mode.cuh), so a
// segment of at most Width keys gets the same answer either way. Every lane of the tile must
// call it.
#pragma once

#include <cstdint>

#include "plexus/exec/segment_buckets.hpp"

namespace plexus::exec::cuda_detail {

enum class tile_count { match, pairwise };

struct tile_winner {
  std::uint32_t key, count;  // count 0 and key kNoVote: no lane voted
};

/// Lanes of the calling lane's tile of `Width` lanes, as a warp mask.
template <unsigned Width>
__device__ inline unsigned tile_lanes() {
  static_assert(Width == 4 || Width == 8 || Width == 16 || Width == 32,
                "tiles are a power of two <= 32 lanes");
  if constexpr (Width == 32) {
    return 0xffffffffu;
  } else {
    const unsigned first = (threadIdx.x & 31) & ~(Width - 1);
    return ((1u << Width) - 1) << first;
  }
}

enum class tile_op { max, min };

/// The largest or smallest v over the tile's `lanes`.
template <tile_op Op, unsigned Width>
__device__ inline std::uint32_t tile_reduce(unsigned lanes, std::uint32_t v) {
#if __CUDA_ARCH__ >= 800
  return Op == tile_op::max ? __reduce_max_sync(lanes, v) : __reduce_min_sync(lanes, v);
#else
  for (unsigned offset = Width / 2; offset > 0; offset /= 2) {
    const std::uint32_t other = __shfl_xor_sync(lanes, v, offset, Width);
    v = Op == tile_op::max ? max(v, other) : min(v, other);
  }
  return v;
#endif
}

template <tile_count How, unsigned Width>
__device__ inline tile_winner tile_mode(std::uint32_t x) {
  const unsigned lanes = tile_lanes<Width>();
  std::uint32_t count = 0;
  if constexpr (How == tile_count::pairwise) {
#pragma unroll
    for (unsigned o = 0; o < Width; ++o) count += __shfl_sync(lanes, x, o, Width) == x;
  } else {
    count = static_cast<std::uint32_t>(__popc(__match_any_sync(lanes, x)));
  }
  if (x == kNoVote) count = 0;
  const std::uint32_t best_count = tile_reduce<tile_op::max, Width>(lanes, count);
  const std::uint32_t best = tile_reduce<tile_op::min, Width>(lanes, count == best_count ? x : kNoVote);
  return {best, best_count};
}

}  // namespace plexus::exec::cuda_detail
