// Comparing two multisets of arcs (or of any tuples of two 32-bit words and a third word) in
// one streaming pass each, without sorting or random access: each element is mixed under keys
// drawn at random when the process starts, and the mixes are added modulo 2^64. Equal
// multisets give equal sums whatever the order of their elements; unequal ones give equal
// sums only by accident. The keys are secret and new each run, so a crafted input cannot aim
// for a collision: its chance is about that of two random 64-bit values being equal. This is
// the multiset hash of Clarke et al. ("Incremental multiset hash functions and their
// application to memory integrity checking", ASIACRYPT 2003, MSet-Add-Hash), with a keyed
// multiply-and-fold mix standing in for the random function: the element's words are keyed
// into one 64-bit word, multiplied by a random odd key as a 128-bit product whose halves are
// folded together (the mix of wyhash and mum-hash). One multiply an element (two with a third
// word) keeps the check a small cost next to reading the data: docs/performance/io.md.
//
// Readers use it to check, at that cost, structure that would otherwise need a sort: that an
// undirected graph's lists are symmetric, that a reverse CSR is the transpose of the forward
// one, that a hypergraph's two incidences agree. A mismatch only says that the multisets
// differ; the reader then finds and names the culprit on a slow path.
#pragma once

#include <array>
#include <cstdint>
#include <random>

namespace plexus {

class multiset_hash {
 public:
  /// Fresh random keys.
  multiset_hash() {
    std::random_device device;
    const auto draw = [&] { return (std::uint64_t{device()} << 32) | device(); };
    key0_ = draw();
    key1_ = draw() | 1;
    key2_ = draw() | 1;
  }
  /// The hasher whose keys() are `keys`: the processes of a distributed run read parts of one
  /// file and add their sums, so they share the keys one of them drew.
  explicit multiset_hash(const std::array<std::uint64_t, 3>& keys)
      : key0_(keys[0]), key1_(keys[1] | 1), key2_(keys[2] | 1) {}

  std::array<std::uint64_t, 3> keys() const { return {key0_, key1_, key2_}; }

  /// The mix of the element (a, b, c): (a, b) as one word, keyed, with c times a second key
  /// added (keys unknown to whoever wrote the input, so no two elements can be made to meet
  /// before the mix), then multiplied by a third key and folded.
  std::uint64_t operator()(std::uint32_t a, std::uint32_t b, std::uint64_t c = 0) const {
    const std::uint64_t word = ((((std::uint64_t{a} << 32) | b) ^ key0_) + c * key1_);
    const unsigned __int128 product = static_cast<unsigned __int128>(word) * key2_;
    return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64);
  }

 private:
  std::uint64_t key0_ = 0, key1_ = 0, key2_ = 0;
};

}  // namespace plexus
