// subgroup<exec::cuda>: the operations of a 32-lane warp behind backends/simt/ (see
// simt/vendor.hpp), on the *_sync intrinsics of CUDA 9 and later. `lanes` names the lanes
// that take part, as the intrinsics require; every one of them must make the call.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {
class cuda;
}

namespace plexus::backends {

template <>
struct subgroup<exec::cuda> {
  static constexpr unsigned width = 32;
  using mask_type = unsigned;
  static constexpr mask_type all = 0xffffffffu;

  __device__ static unsigned lane() { return threadIdx.x & (width - 1); }
  /// The lanes below the calling one.
  __device__ static mask_type lanes_below() { return (1u << lane()) - 1u; }
  __device__ static mask_type active() { return __activemask(); }
  __device__ static mask_type ballot(mask_type lanes, bool p) { return __ballot_sync(lanes, p); }
  template <class T>
  __device__ static T shuffle(mask_type lanes, T v, unsigned source, unsigned tile = width) {
    return __shfl_sync(lanes, v, static_cast<int>(source), static_cast<int>(tile));
  }
  template <class T>
  __device__ static T shuffle_xor(mask_type lanes, T v, unsigned lane_mask, unsigned tile = width) {
    return __shfl_xor_sync(lanes, v, static_cast<int>(lane_mask), static_cast<int>(tile));
  }
  template <class T>
  __device__ static T shuffle_up(mask_type lanes, T v, unsigned delta) {
    return __shfl_up_sync(lanes, v, delta);
  }
  /// The lanes among `lanes` whose x equals the calling lane's.
  template <class T>
  __device__ static mask_type match_any(mask_type lanes, T x) {
    return __match_any_sync(lanes, x);
  }
  /// The largest / smallest v over a tile of `Tile` aligned lanes (`lanes` its mask).
  template <unsigned Tile>
  __device__ static std::uint32_t tile_max(mask_type lanes, std::uint32_t v) {
#if __CUDA_ARCH__ >= 800
    return __reduce_max_sync(lanes, v);
#else
    for (unsigned offset = Tile / 2; offset > 0; offset /= 2) v = max(v, shuffle_xor(lanes, v, offset, Tile));
    return v;
#endif
  }
  template <unsigned Tile>
  __device__ static std::uint32_t tile_min(mask_type lanes, std::uint32_t v) {
#if __CUDA_ARCH__ >= 800
    return __reduce_min_sync(lanes, v);
#else
    for (unsigned offset = Tile / 2; offset > 0; offset /= 2) v = min(v, shuffle_xor(lanes, v, offset, Tile));
    return v;
#endif
  }
  __device__ static void sync(mask_type lanes = all) { __syncwarp(lanes); }
  __device__ static int count(mask_type m) { return __popc(m); }
  /// The lowest lane of m, -1 when m is empty.
  __device__ static int first(mask_type m) { return __ffs(static_cast<int>(m)) - 1; }
  /// The highest lane of m; m must not be empty.
  __device__ static int last(mask_type m) { return 31 - __clz(static_cast<int>(m)); }
};

}  // namespace plexus::backends
