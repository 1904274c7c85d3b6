// Bit operations on 64-bit words for bitmap frontiers, usable on every back end.
#pragma once

#include "plexus/backends/device_functions.hpp"
#include "plexus/backends/target.hpp"

namespace plexus::exec {

/// Number of set bits.
PLEXUS_HOST_DEVICE inline int popcount(unsigned long long word) {
  return backends::device_functions::popcount(word);
}

/// Index of the lowest set bit; `word` must be non-zero.
PLEXUS_HOST_DEVICE inline int lowest_bit(unsigned long long word) {
  return backends::device_functions::lowest_bit(word);
}

}  // namespace plexus::exec
