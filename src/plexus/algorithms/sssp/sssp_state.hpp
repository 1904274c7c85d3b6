// The SSSP state of a vertex: one 64-bit word, high half the float bits of the tentative
// distance (non-negative floats order like their bit patterns), low half the parent. One
// compare-and-swap lowers distance and parent together, so the parent always belongs to the
// recorded distance. The top bit, the distance's sign, is free for the near flag of GPU pull
// rounds (near_flag below); state_distance masks it.
#pragma once

#include <cstring>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

// The top bit of a state word (the sign bit of the distance, which is never negative) marks
// the members of the near set during a pull round: a pull reads the state of each in-neighbour
// anyway, and the flag there saves a probe of a separate bitmap for every in-arc (one random
// read of two per arc, most of them served by L2).
inline constexpr unsigned long long near_flag = 1ull << 63;

PLEXUS_HOST_DEVICE inline unsigned long long pack_state(weight_t distance, vertex_t parent) {
  static_assert(sizeof(weight_t) == 4, "state packing assumes 32-bit weights");
  unsigned int bits;
  memcpy(&bits, &distance, sizeof bits);
  return (static_cast<unsigned long long>(bits) << 32) | parent;
}
PLEXUS_HOST_DEVICE inline weight_t state_distance(unsigned long long state) {
  const unsigned int bits = static_cast<unsigned int>((state & ~near_flag) >> 32);
  weight_t distance;
  memcpy(&distance, &bits, sizeof distance);
  return distance;
}

/// Lowers *slot to (distance, parent) when distance is strictly smaller than the recorded
/// one; returns whether it did. Ties never move a parent, so the source keeps itself as
/// parent and zero-weight cycles cannot make parents point at each other. The near flag
/// stays as it was.
PLEXUS_HOST_DEVICE inline bool relax(unsigned long long* slot, weight_t distance, vertex_t parent) {
  const unsigned long long packed = pack_state(distance, parent);
  unsigned long long old = exec::atomic_load(slot);
  while (distance < state_distance(old)) {
    const unsigned long long seen = exec::atomic_cas(slot, old, packed | (old & near_flag));
    if (seen == old) return true;
    old = seen;
  }
  return false;
}

}  // namespace plexus::detail
