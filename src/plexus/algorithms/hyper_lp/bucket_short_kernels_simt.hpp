// The short-list kernels of bucketed_mode on SIMT back ends (bucketed_mode_simt.hpp): a tile
// of kSmallTile lanes per small segment, a subgroup per medium one, each taking kTileSegments
// segments per pass.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/segment_buckets.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "plexus/operators/simt/mode_tables.hpp"
#include "plexus/operators/simt/tile_mode.hpp"

namespace plexus::detail::hyper_lp_simt {

using namespace plexus::operators::simt;
using operators::kNoVote;

constexpr unsigned kSmallTile = 16;                            // lanes per small segment
constexpr std::uint32_t kMediumSlots = 2 * kMediumSegmentMax;  // shared table of a medium segment
static_assert(kNoVote == kModeEmpty, "a no-vote key is never inserted into a mode table");
static_assert(kSmallSegmentMax <= kSmallTile, "small segments fit a tile");

// Bucketed mode breaks ties by key alone.
__device__ inline std::uint64_t no_rank(std::uint32_t) { return 0; }

// Inserts x with the lanes of the subgroup that hold the same key combined first: once labels
// converge most pins of a list carry one label, and one atomic add per subgroup instead of one
// per lane removes the contention on that slot. Returns true to the lane that placed a new key.
template <class Space, class Counts>
__device__ inline bool mode_insert_aggregated(std::uint32_t* keys, Counts counts, std::uint32_t mask,
                                              std::uint32_t x) {
  using sg = backends::subgroup<Space>;
  const auto peers = sg::match_any(sg::active(), x);
  if (static_cast<int>(sg::lane()) != sg::first(peers)) return false;
  return mode_add(keys, counts, mask, x, static_cast<std::uint32_t>(sg::count(peers)));
}

// Each tile takes kTileSegments segments per pass and issues the loads of all of them (list
// id, length, key) before it counts any: a segment's loads are a dependent chain, and with a
// single chain per tile the kernel waited on memory latency at full occupancy.
constexpr unsigned kTileSegments = 2;

template <class Space, unsigned Width, class Length, class Key, class Out>
__global__ void bucket_tile_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key,
                                   Out out) {
  const unsigned tile_lane = threadIdx.x & (Width - 1);
  const std::size_t tiles = static_cast<std::size_t>(gridDim.x) * blockDim.x / Width;
  for (std::size_t j = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / Width; j < count;
       j += kTileSegments * tiles) {
    std::size_t s[kTileSegments];
    std::uint32_t x[kTileSegments];
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const std::size_t jk = j + k * tiles;
      s[k] = jk < count ? ids[jk] : 0;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const std::size_t d = j + k * tiles < count ? static_cast<std::size_t>(length(s[k])) : 0;
      x[k] = tile_lane < d ? key(s[k], tile_lane) : kNoVote;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      const tile_winner w = tile_mode<Space, tile_count::pairwise, Width>(x[k]);
      if (tile_lane == 0 && j + k * tiles < count) out(s[k], w.key, w.count);
    }
  }
}

template <class Space, class Length, class Key, class Out>
__global__ void bucket_subgroup_kernel(const std::uint32_t* ids, std::size_t count, Length length, Key key,
                                       Out out) {
  using sg = backends::subgroup<Space>;
  __shared__ std::uint32_t table_keys[Space::block_size / sg::width][kMediumSlots];
  __shared__ std::uint32_t table_counts[Space::block_size / sg::width][kMediumSlots];
  const unsigned lane = sg::lane(), index = threadIdx.x / sg::width;
  std::uint32_t* keys = table_keys[index];
  std::uint32_t* counts = table_counts[index];
  const std::size_t subgroups = (static_cast<std::size_t>(gridDim.x) * blockDim.x) / sg::width;
  // As the tile kernel: kTileSegments segments per pass, whose loads (and, for those of at
  // most a subgroup's width of keys, the keys themselves) are issued before any is counted.
  for (std::size_t j = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / sg::width; j < count;
       j += kTileSegments * subgroups) {
    std::size_t s[kTileSegments], d[kTileSegments];
    std::uint32_t x[kTileSegments];
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) s[k] = j + k * subgroups < count ? ids[j + k * subgroups] : 0;
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      d[k] = j + k * subgroups < count ? static_cast<std::size_t>(length(s[k])) : 0;
      x[k] = d[k] <= sg::width && lane < d[k] ? key(s[k], lane) : kNoVote;
    }
#pragma unroll
    for (unsigned k = 0; k < kTileSegments; ++k) {
      if (j + k * subgroups >= count) break;
      if (d[k] <= sg::width) {
        const tile_winner w = tile_mode<Space, tile_count::match, sg::width>(x[k]);
        if (lane == 0) out(s[k], w.key, w.count);
        continue;
      }
      const auto capacity = static_cast<std::uint32_t>(operators::mode_table_capacity(d[k]));
      for (std::uint32_t i = lane; i < capacity; i += sg::width) {
        keys[i] = kModeEmpty;
        counts[i] = 0;
      }
      sg::sync();
      for (std::size_t i = lane; i < d[k]; i += sg::width) {
        const std::uint32_t y = key(s[k], i);
        if (y != kNoVote) mode_insert_aggregated<Space>(keys, wide_counts{counts}, capacity - 1, y);
      }
      sg::sync();
      mode_candidate best =
          table_best(keys, counts, capacity, lane, sg::width, mode_candidate{kNoVote, 0, 0}, no_rank);
      best = subgroup_best<Space>(best);
      if (lane == 0) out(s[k], best.count ? best.key : kNoVote, best.count);
      sg::sync();  // every lane has read the table before it is cleared for the next segment
    }
  }
}

}  // namespace plexus::detail::hyper_lp_simt
