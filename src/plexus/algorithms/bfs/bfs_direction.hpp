// When direction-optimizing BFS changes direction (Beamer, Asanovic, Patterson, SC 2012; as in
// GAPBS bfs.cc): the rule the single-device loop and the distributed loop both apply, the
// latter to figures summed over its ranks, so that both take the same steps.
#pragma once

#include <cstdint>

#include "plexus/algorithms/bfs/bfs.hpp"

namespace plexus::detail {

/// Whether the next step pulls: always when pull is forced; under automatic, when the
/// frontier's out-arcs (`scout`) exceed the unexplored arcs / alpha, but never right after a
/// bottom-up phase (GAPBS resets its scout count there: the phase ended because the frontier
/// became small, so one top-down step comes first).
inline bool bfs_pulls(const bfs_options& options, bool can_pull, bool just_pulled, std::uint64_t scout,
                      std::uint64_t edges_to_check, double alpha) {
  return can_pull && (options.direction == direction_mode::pull ||
                      (options.direction == direction_mode::automatic && !just_pulled &&
                       static_cast<double>(scout) > static_cast<double>(edges_to_check) / alpha));
}

/// Whether a bottom-up phase goes on after a step that woke `awake` vertices, the one before
/// it `previous`: while the frontier grows or is still large (more than n / beta).
inline bool bfs_keeps_pulling(const bfs_options& options, std::uint64_t awake, std::uint64_t previous,
                              double n) {
  return awake > 0 && (options.direction == direction_mode::pull || awake >= previous ||
                       static_cast<double>(awake) > n / options.beta);
}

}  // namespace plexus::detail
