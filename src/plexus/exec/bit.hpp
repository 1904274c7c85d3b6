// Bit operations on 64-bit words for bitmap frontiers, usable on every back end.
#pragma once

#include "plexus/core/macros.hpp"

namespace plexus::exec {

/// Number of set bits.
PLEXUS_HOST_DEVICE inline int popcount(unsigned long long word) {
#if defined(__CUDA_ARCH__)
  return __popcll(word);
#else
  return __builtin_popcountll(word);
#endif
}

/// Index of the lowest set bit; `word` must be non-zero.
PLEXUS_HOST_DEVICE inline int lowest_bit(unsigned long long word) {
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(word)) - 1;
#else
  return __builtin_ctzll(word);
#endif
}

}  // namespace plexus::exec
