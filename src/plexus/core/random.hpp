// Counter-based random numbers: every value is a pure function of (seed, item index, draw).
//
// Parallel generators must give the same output for a seed whatever the thread count and the
// schedule, so no state is carried from one item to the next: item i opens its own stream
// keyed by a hash of (seed, i), in the spirit of Salmon et al., "Parallel random numbers: as
// easy as 1, 2, 3" (SC 2011). The stream itself is SplitMix64 (Steele, Lea, Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014): a Weyl sequence passed through
// the MurmurHash3-style 64-bit finaliser with Stafford's "Mix13" constants, which passes
// BigCrush. Everything is constexpr, which GPU compilers also compile for kernels, so kernels
// draw the same numbers.
#pragma once

#include <cstdint>

namespace plexus {

/// Stafford's Mix13 finaliser: a bijection on 64-bit words with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// The SplitMix64 increment (2^64 / golden ratio, odd).
inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ull;

/// Hash of (seed, index): the key of item `index`'s stream. Mixing the seed first keeps
/// streams of nearby seeds and nearby indices unrelated.
constexpr std::uint64_t hash_pair(std::uint64_t seed, std::uint64_t index) {
  return mix64(mix64(seed ^ 0x6a09e667f3bcc909ull) + index * kGoldenGamma);
}

/// A short SplitMix64 stream for one item: counter_rng(seed, i) yields the same sequence for
/// the same (seed, i) on any thread or device.
class counter_rng {
 public:
  constexpr counter_rng(std::uint64_t seed, std::uint64_t index)
      : state_(hash_pair(seed, index)) {}

  /// Next 64 uniformly distributed bits.
  constexpr std::uint64_t next() {
    state_ += kGoldenGamma;
    return mix64(state_);
  }

  /// Uniform integer in [0, range) by multiply-high (Lemire, "Fast random integer generation
  /// in an interval", TOMACS 2019, without the rejection step: the bias is below range / 2^64,
  /// far under anything a graph generator can detect). range 0 returns 0.
  constexpr std::uint64_t uniform(std::uint64_t range) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * range) >> 64);
  }

  /// Uniform double in [0, 1) with 53 random bits.
  constexpr double uniform01() {
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
  }

 private:
  std::uint64_t state_;
};

}  // namespace plexus
