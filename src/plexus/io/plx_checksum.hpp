// Checksum of .plx sections: a 64-bit multiply-xor hash computed per 1 MiB block in parallel
// and chained in block order, so the result does not depend on the thread count.
//
// Within a block four independent lanes each fold one 8-byte word per step through
// h = (h ^ w) * K with K odd; both steps are bijections of h, so changing any single word
// always changes that lane's final state, and the lanes are chained through the bijective
// MurmurHash3 finalizer (Appleby, "MurmurHash3", fmix64). Four lanes keep four multiplies in
// flight, so hashing runs far faster than reading from the page cache and loading is not held
// back by it (docs/performance/io.md, "The .plx checksum"). It detects corruption and
// truncation; it is not a cryptographic digest. io::checksum below hashes a whole array.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "plexus/core/fmix64.hpp"

namespace plexus::io::detail {

inline constexpr std::size_t plx_hash_block = std::size_t{1} << 20;

/// Hash of one block of at most plx_hash_block bytes.
inline std::uint64_t plx_block_hash(const unsigned char* data, std::size_t bytes) {
  constexpr std::uint64_t k = 0x9e3779b97f4a7c15ULL;  // odd, so multiplying by it is a bijection
  std::uint64_t a = 0x243f6a8885a308d3ULL, b = 0x13198a2e03707344ULL;
  std::uint64_t c = 0xa4093822299f31d0ULL, d = 0x082efa98ec4e6c89ULL;
  std::size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    std::uint64_t w[4];
    std::memcpy(w, data + i, 32);
    a = (a ^ w[0]) * k;
    b = (b ^ w[1]) * k;
    c = (c ^ w[2]) * k;
    d = (d ^ w[3]) * k;
  }
  for (; i + 8 <= bytes; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    a = (a ^ w) * k;
  }
  if (i < bytes) {
    std::uint64_t w = 0;  // the last partial word, zero-padded; the length below tells pads apart
    std::memcpy(&w, data + i, bytes - i);
    b = (b ^ w) * k;
  }
  std::uint64_t h = fmix64(a ^ bytes);
  h = fmix64(h ^ b);
  h = fmix64(h ^ c);
  return fmix64(h ^ d);
}

/// Chains per-block hashes (in block order) into the checksum of a section of `bytes` bytes.
class plx_hash_chain {
 public:
  explicit plx_hash_chain(std::uint64_t bytes) : h_(fmix64(bytes ^ 0x5be0cd19137e2179ULL)) {}
  void add(std::uint64_t block_hash) { h_ = fmix64(h_ ^ block_hash); }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_;
};

}  // namespace plexus::io::detail

namespace plexus::io {

/// The checksum of the `bytes` bytes at `data`, as a .plx section carries it: 1 MiB blocks
/// hashed in parallel and chained in order, so the value does not depend on the thread count.
/// Also a digest of any array that must match another byte for byte (cli/run_answer.hpp).
inline std::uint64_t checksum(const void* data, std::uint64_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  const std::int64_t blocks = static_cast<std::int64_t>((bytes + detail::plx_hash_block - 1) / detail::plx_hash_block);
  std::vector<std::uint64_t> block_hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = static_cast<std::uint64_t>(b) * detail::plx_hash_block;
    const std::uint64_t size = std::min<std::uint64_t>(detail::plx_hash_block, bytes - begin);
    block_hashes[static_cast<std::size_t>(b)] = detail::plx_block_hash(p + begin, size);
  }
  detail::plx_hash_chain chain(bytes);
  for (std::uint64_t h : block_hashes) chain.add(h);
  return chain.value();
}

}  // namespace plexus::io
