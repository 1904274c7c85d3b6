// The SSSP state of a vertex: one 32-bit word, the float bits of its tentative distance
// (non-negative floats order like their bit patterns). The traversal keeps no parents: they
// follow from the distances afterwards (canonical_sssp_parents, sssp_parents.hpp), so every
// random read and compare-and-swap of a relaxation moves the 4 bytes GAPBS's distance array
// does, not the 8 of a distance-and-parent word (docs/performance/sssp.md, "Distances only").
// The top bit, the distance's sign, is free for the near flag of GPU pull rounds (near_flag
// below); state_distance masks it.
#pragma once

#include <cstring>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

using sssp_state = unsigned int;

// The top bit of a state word (the sign bit of the distance, which is never negative) marks
// the members of the near set during a pull round: a pull reads the state of each in-neighbour
// anyway, and the flag there saves a probe of a separate bitmap for every in-arc (one random
// read of two per arc, most of them served by L2).
inline constexpr sssp_state near_flag = 1u << 31;

PLEXUS_HOST_DEVICE inline sssp_state pack_state(weight_t distance) {
  static_assert(sizeof(weight_t) == sizeof(sssp_state), "the state is a distance's float bits");
  sssp_state bits;
  memcpy(&bits, &distance, sizeof bits);
  return bits;
}
PLEXUS_HOST_DEVICE inline weight_t state_distance(sssp_state state) {
  const sssp_state bits = state & ~near_flag;
  weight_t distance;
  memcpy(&distance, &bits, sizeof distance);
  return distance;
}

/// Lowers *slot to distance when distance is strictly smaller than the recorded one; returns
/// whether it did. The near flag stays as it was.
PLEXUS_HOST_DEVICE inline bool relax(sssp_state* slot, weight_t distance) {
  const sssp_state packed = pack_state(distance);
  sssp_state old = exec::atomic_load(slot);
  while (distance < state_distance(old)) {
    const sssp_state seen = exec::atomic_cas(slot, old, packed | (old & near_flag));
    if (seen == old) return true;
    old = seen;
  }
  return false;
}

}  // namespace plexus::detail
