// The halves of semi-synchronous label propagation (lp.hpp): which vertices take their new
// label in an iteration. Shared by the loop (lp_loop.hpp) and its serial reference
// (lp_verify.cpp), so both draw the same halves.
#pragma once

#include <cstdint>

#include "plexus/core/random.hpp"

namespace plexus::detail {

/// The key of an iteration's draw.
constexpr std::uint64_t halves_round_key(std::uint64_t seed, std::uint64_t iteration) { return hash_pair(seed, iteration); }

/// Whether the vertex of rank `rank` (its place in original-id order) takes its new label in
/// the iteration of `round_key`: a counter-based draw, so the same on every back end, thread
/// count and vertex order.
constexpr bool moves_this_round(std::uint64_t round_key, std::uint64_t rank) {
  return (hash_pair(round_key, rank) >> 63) != 0;
}

}  // namespace plexus::detail
