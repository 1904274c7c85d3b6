// The 64-bit finalizer of MurmurHash3 (Appleby, "MurmurHash3", fmix64): a bijection of 64-bit
// words in which every input bit affects every output bit. The .plx checksum chains blocks
// with it; multiset_hash mixes keyed elements with it.
#pragma once

#include <cstdint>

namespace plexus {

inline std::uint64_t fmix64(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

}  // namespace plexus
