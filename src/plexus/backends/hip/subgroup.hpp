// subgroup<exec::hip>: the operations of a 64-lane AMD wavefront behind backends/simt/ (see
// simt/vendor.hpp). A wavefront runs its active lanes in lock step, so HIP's cross-lane
// operations take no lane mask: `lanes` only restricts ballots to the lanes named. HIP has no
// match_any and no reduction across lanes; they are built from ballots and shuffles
// (simt/subgroup_emulation.hpp).
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>

#include "plexus/backends/simt/subgroup_emulation.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {
class hip;
}

namespace plexus::backends {

template <>
struct subgroup<exec::hip> {
  static constexpr unsigned width = 64;
  using mask_type = unsigned long long;
  static constexpr mask_type all = ~0ull;

  __device__ static unsigned lane() { return threadIdx.x & (width - 1); }
  /// The lanes below the calling one.
  __device__ static mask_type lanes_below() { return (1ull << lane()) - 1ull; }
  __device__ static mask_type active() { return __ballot(1); }
  __device__ static mask_type ballot(mask_type lanes, bool p) { return __ballot(p) & lanes; }
  template <class T>
  __device__ static T shuffle(mask_type, T v, unsigned source, unsigned tile = width) {
    return __shfl(v, static_cast<int>(source), static_cast<int>(tile));
  }
  template <class T>
  __device__ static T shuffle_xor(mask_type, T v, unsigned lane_mask, unsigned tile = width) {
    return __shfl_xor(v, static_cast<int>(lane_mask), static_cast<int>(tile));
  }
  template <class T>
  __device__ static T shuffle_up(mask_type, T v, unsigned delta) {
    return __shfl_up(v, delta);
  }
  template <class T>
  __device__ static mask_type match_any(mask_type lanes, T x) {
    return match_any_by_ballot<subgroup>(lanes, x);
  }
  template <unsigned Tile>
  __device__ static std::uint32_t tile_max(mask_type lanes, std::uint32_t v) {
    return tile_max_by_shuffle<subgroup, Tile>(lanes, v);
  }
  template <unsigned Tile>
  __device__ static std::uint32_t tile_min(mask_type lanes, std::uint32_t v) {
    return tile_min_by_shuffle<subgroup, Tile>(lanes, v);
  }
  /// Orders the wavefront's shared-memory accesses around this point.
  __device__ static void sync(mask_type = all) {
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
  }
  __device__ static int count(mask_type m) { return static_cast<int>(__popcll(m)); }
  /// The lowest lane of m, -1 when m is empty.
  __device__ static int first(mask_type m) { return static_cast<int>(__ffsll(m)) - 1; }
  /// The highest lane of m; m must not be empty.
  __device__ static int last(mask_type m) { return 63 - __clzll(static_cast<long long>(m)); }
};

}  // namespace plexus::backends
