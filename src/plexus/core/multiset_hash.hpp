// Comparing two multisets of arcs (or of any tuples of up to three 32/64-bit words) in one
// streaming pass each, without sorting or random access: each element is mixed under a key
// drawn at random when the process starts, and the mixes are added modulo 2^64. Equal
// multisets give equal sums whatever the order of their elements; unequal ones give equal
// sums only by accident. The key is secret and new each run, so a crafted input cannot aim
// for a collision: its chance is about that of two random 64-bit values being equal. This is
// the multiset hash of Clarke et al. ("Incremental multiset hash functions and their
// application to memory integrity checking", ASIACRYPT 2003, MSet-Add-Hash) with the keyed
// MurmurHash3 finalizer (Appleby, fmix64) standing in for the random function.
//
// Readers use it to check, at the cost of a few multiplies per element, structure that would
// otherwise need a sort: that an undirected graph's lists are symmetric, that a reverse CSR is
// the transpose of the forward one, that a hypergraph's two incidences agree. A mismatch
// only says that the multisets differ; the reader then finds and names the culprit on a slow
// path.
#pragma once

#include <cstdint>
#include <random>

#include "plexus/core/fmix64.hpp"

namespace plexus {

class multiset_hash {
 public:
  /// A fresh random key.
  multiset_hash() {
    std::random_device device;
    key0_ = (std::uint64_t{device()} << 32) | device();
    key1_ = (std::uint64_t{device()} << 32) | device();
  }

  /// The mix of the element (a, b, c): a bijection of (a, b) keyed by key0, then of c.
  std::uint64_t operator()(std::uint32_t a, std::uint32_t b, std::uint64_t c = 0) const {
    const std::uint64_t ab = fmix64(((std::uint64_t{a} << 32) | b) ^ key0_);
    return c == 0 ? ab : fmix64(ab ^ (c + key1_));
  }

 private:
  std::uint64_t key0_ = 0, key1_ = 0;
};

}  // namespace plexus
