// Subgroup operations some vendors lack, built from the ones every subgroup has (ballot,
// shuffle, first): the HIP back end uses them, and the CUDA tests check them against CUDA's own
// instructions (tests/exec/subgroup_test_instances.hpp).
#pragma once

namespace plexus::backends {

/// The lanes among `lanes` whose x equals the calling lane's: what CUDA's __match_any_sync
/// gives. Every lane of `lanes` must call it with `lanes` the same. One round per distinct
/// key: the lowest lane still unmatched broadcasts its key, and the lanes holding it leave.
template <class Subgroup, class T>
__device__ typename Subgroup::mask_type match_any_by_ballot(typename Subgroup::mask_type lanes, T x) {
  using mask_type = typename Subgroup::mask_type;
  const mask_type me = mask_type(1) << Subgroup::lane();
  mask_type pending = lanes, mine = 0;
  // `pending` is the same in every lane, so all lanes take the same number of rounds.
  while (pending != 0) {
    const T key = Subgroup::shuffle(lanes, x, static_cast<unsigned>(Subgroup::first(pending)));
    const mask_type same = Subgroup::ballot(lanes, x == key) & pending;
    if (same & me) mine = same;
    pending &= ~same;
  }
  return mine;
}

/// The largest / smallest v over a tile of `Tile` aligned lanes, by a butterfly of shuffles.
template <class Subgroup, unsigned Tile, class T>
__device__ T tile_max_by_shuffle(typename Subgroup::mask_type lanes, T v) {
  for (unsigned offset = Tile / 2; offset > 0; offset /= 2) {
    const T other = Subgroup::shuffle_xor(lanes, v, offset, Tile);
    v = other > v ? other : v;
  }
  return v;
}
template <class Subgroup, unsigned Tile, class T>
__device__ T tile_min_by_shuffle(typename Subgroup::mask_type lanes, T v) {
  for (unsigned offset = Tile / 2; offset > 0; offset /= 2) {
    const T other = Subgroup::shuffle_xor(lanes, v, offset, Tile);
    v = other < v ? other : v;
  }
  return v;
}

}  // namespace plexus::backends
