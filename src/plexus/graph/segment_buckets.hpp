// Degree buckets of segments (the incidence lists of a hypergraph's vertices or hyperedges),
// which hypergraph label propagation gives mappings of fitting size
// (algorithms/hyper_lp/bucketed_mode.hpp).
//
// De Caro et al. ("Evaluating Portable Programming Models for Hypergraph Label Propagation
// on GPUs") split the work of each label propagation phase by degree so that each size class
// gets a mapping that fits it: a thread per short list (private counting), a warp per
// medium list (a slice of shared memory as histogram), a block per long list (a shared-memory
// histogram with a global-memory fallback). Long lists come in three buckets here, so that a
// GPU can give each a block of fitting size and shared table (hyper_lp/bucketed_mode_simt.hpp):
// on power-law hypergraphs their lengths span two orders of magnitude. The buckets are
// computed once per hypergraph (device/device_hypergraph.hpp) and reused by every phase of
// every run.
//
// This header holds only the plain description (no back-end code), so graph headers can
// carry it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plexus {

enum class segment_bucket : int { small = 0, medium = 1, large = 2, very_large = 3, huge = 4 };
inline constexpr int kSegmentBuckets = 5;

/// Longest segment of the small bucket: counted by one thread in registers / local memory.
inline constexpr std::size_t kSmallSegmentMax = 16;
/// Longest segment of the medium bucket: counted by one warp (on CUDA in registers up to 32
/// keys, else in a 256-slot shared table small enough to keep every warp slot of an SM busy).
inline constexpr std::size_t kMediumSegmentMax = 128;
/// Longest segments of the large and very large buckets: counted by a block of threads (on
/// CUDA 128 threads with a 2048-slot table, then 512 with 8192 slots); longer ones are huge
/// (1024 threads with 16384 slots, and a global-memory table when the keys do not fit).
inline constexpr std::size_t kLargeSegmentMax = 1024;
inline constexpr std::size_t kVeryLargeSegmentMax = 6144;

/// Segment ids grouped by length class, in the back end's memory. Segments of length 0 are
/// in no bucket. Ids within a bucket are increasing.
struct segment_buckets {
  const std::uint32_t* ids[kSegmentBuckets] = {};
  std::size_t count[kSegmentBuckets] = {};
  std::size_t max_length = 0;  // longest segment of all

  std::size_t size(segment_bucket b) const { return count[static_cast<int>(b)]; }
  std::size_t total() const {
    std::size_t sum = 0;
    for (std::size_t c : count) sum += c;
    return sum;
  }
};

/// Which bucket a segment of `length` > 0 belongs to.
constexpr segment_bucket bucket_of_length(std::size_t length) {
  return length <= kSmallSegmentMax       ? segment_bucket::small
         : length <= kMediumSegmentMax    ? segment_bucket::medium
         : length <= kLargeSegmentMax     ? segment_bucket::large
         : length <= kVeryLargeSegmentMax ? segment_bucket::very_large
                                          : segment_bucket::huge;
}

}  // namespace plexus
