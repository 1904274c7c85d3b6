// Parallel building blocks shared by the graph builder and the transpose (library-internal).
//
// Both turn a bag of (row, arc) pairs into a CSR whose rows are sorted. The textbook way
// (GAPBS builder.h, Ligra) is a counting sort over all rows: histogram, prefix sum, then a
// scatter of every arc to an atomically claimed slot of its row. On large graphs that scatter
// is a random write into an array of hundreds of megabytes, so nearly every write misses the
// caches and the TLB; it dominated the build. Here the counting sort is done in two levels,
// the way cache-conscious radix sorts and partitioned joins do it (Satish et al., "Fast sort
// on CPUs and GPUs", SIGMOD 2010; Balkesen et al., "Main-memory hash joins on multi-core
// CPUs", ICDE 2013):
//
//   1. partition: rows are grouped into buckets of 2^shift consecutive ids, few enough that
//      every thread keeps one 64-byte software write-combining buffer per bucket in cache.
//      Per-chunk bucket counts and a prefix sum give every chunk its own slice of each
//      bucket, so the scatter needs no atomics and writes whole buffers sequentially;
//   2. rows: each bucket (a few hundred kilobytes) is counting-sorted by row in cache, every
//      row is sorted (insertion sort, std::sort or an LSD radix sort by length), and parallel
//      arcs are dropped in the same pass;
//   3. a prefix sum of the kept row lengths gives the offsets, and the buckets are copied to
//      their final places (skipped when nothing was dropped and the arcs are unweighted).
//
// The arrangement inside a bucket depends on the thread count, but every row is then sorted
// by its full arc key (neighbour, or neighbour and weight), and arcs with equal keys are
// identical, so the output depends on the input alone. Counts and offsets are edge_t (64-bit)
// throughout so that graphs with more than 2^31 arcs work.
#pragma once

#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::detail {

/// Rows shorter than this are sorted by insertion sort: most rows of sparse graphs are short,
/// and std::sort's introsort setup dominates for them.
inline constexpr edge_t kInsertionSortLimit = 32;

/// Asks the kernel to back a large, not yet touched array with transparent huge pages, so
/// that streaming through it takes few page faults and few TLB misses. A hint only: failure
/// changes nothing but speed.
template <class T>
void advise_huge_pages(T* data, std::size_t n) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data + n)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

/// Sets data[0, n) to value in parallel (first touch by the threads that will use the pages).
template <class T>
void parallel_fill(T* data, std::size_t n, T value) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) data[i] = value;
}

/// [begin, end) of block `block` when n items are cut into `blocks` nearly equal blocks.
/// Computed without n * block, which could overflow for large n.
inline std::pair<std::uint64_t, std::uint64_t> block_range(std::uint64_t n, std::uint64_t blocks,
                                                           std::uint64_t block) {
  const std::uint64_t base = n / blocks, extra = n % blocks;
  const std::uint64_t begin = base * block + std::min(block, extra);
  return {begin, begin + base + (block < extra ? 1 : 0)};
}

/// Replaces data[0, n) by its exclusive prefix sum and returns the total. Two passes over
/// contiguous blocks (one per thread): block sums, a serial scan of those few sums, then each
/// block scanned from its start value. Integer addition makes the result independent of the
/// thread count. Sums are accumulated in T, so T must be wide enough for the total (edge_t
/// for arc offsets).
template <class T>
T exclusive_scan_in_place(T* data, std::size_t n) {
  if (n == 0) return 0;
  const int max_threads = omp_get_max_threads();
  std::vector<T> block_sums(static_cast<std::size_t>(max_threads) + 1, 0);
  int used_threads = 1;
#pragma omp parallel num_threads(max_threads)
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
#pragma omp single
    used_threads = nt;
    const auto [lo, hi] = block_range(n, static_cast<std::uint64_t>(nt), static_cast<std::uint64_t>(t));
    T sum = 0;
    for (std::size_t i = lo; i < hi; ++i) sum += data[i];
    block_sums[static_cast<std::size_t>(t) + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int b = 1; b <= nt; ++b) block_sums[b] += block_sums[b - 1];
    // The implicit barrier at the end of `single` publishes the scanned block sums.
    T running = block_sums[static_cast<std::size_t>(t)];
    for (std::size_t i = lo; i < hi; ++i) {
      const T d = data[i];
      data[i] = running;
      running += d;
    }
  }
  return block_sums[static_cast<std::size_t>(used_threads)];
}

template <class T>
void insertion_sort(T* first, T* last) {
  if (last - first < 2) return;  // also keeps `first + 1` off a null pointer for empty rows
  for (T* i = first + 1; i < last; ++i) {
    const T x = *i;
    T* j = i;
    while (j > first && x < *(j - 1)) {
      *j = *(j - 1);
      --j;
    }
    *j = x;
  }
}

/// Rows longer than this are sorted by LSD radix sort instead of std::sort.
inline constexpr edge_t kRadixSortLimit = 256;
inline constexpr int kRadixBits = 11;

/// LSD radix sort of [first, last), using scratch[0, last - first) as the second buffer.
/// Only the bits in which the keys differ are sorted on: ids of a scale-20 graph take two
/// 11-bit passes, and packed weighted arcs skip the weight bits when all weights are equal.
template <class T>
void radix_sort(T* first, T* last, T* scratch) {
  const std::size_t n = static_cast<std::size_t>(last - first);
  T differ = 0;
  for (std::size_t i = 1; i < n; ++i) differ |= first[i] ^ first[0];
  if (differ == 0) return;
  const int low = std::countr_zero(differ), high = std::bit_width(differ);
  T* from = first;
  T* to = scratch;
  for (int shift = low; shift < high; shift += kRadixBits) {
    std::uint32_t count[std::size_t{1} << kRadixBits] = {};
    constexpr T kMask = (T{1} << kRadixBits) - 1;
    for (std::size_t i = 0; i < n; ++i) ++count[(from[i] >> shift) & kMask];
    std::uint32_t running = 0;
    for (std::uint32_t& c : count) {
      const std::uint32_t here = c;
      c = running;
      running += here;
    }
    for (std::size_t i = 0; i < n; ++i) to[count[(from[i] >> shift) & kMask]++] = from[i];
    std::swap(from, to);
  }
  if (from != first) std::memcpy(first, from, n * sizeof(T));
}

/// Sorts one row; scratch has room for as many arcs as the row.
template <class T>
void sort_row(T* first, T* last, T* scratch) {
  const auto n = static_cast<edge_t>(last - first);
  if (n <= kInsertionSortLimit)
    insertion_sort(first, last);
  else if (n <= kRadixSortLimit || n > std::numeric_limits<std::uint32_t>::max())
    std::sort(first, last);
  else
    radix_sort(first, last, scratch);
}

/// Maps a float to an unsigned integer with the same order (IEEE-754 total order on non-NaN
/// values, -0 before +0), so (neighbour, weight) pairs sort as single 64-bit keys.
inline std::uint32_t weight_key(weight_t w) {
  const auto bits = std::bit_cast<std::uint32_t>(w);
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

inline weight_t key_weight(std::uint32_t key) {
  const std::uint32_t bits = (key & 0x80000000u) ? (key & 0x7fffffffu) : ~key;
  return std::bit_cast<weight_t>(bits);
}

/// A weighted arc packed as one sortable key: neighbour in the high half, weight key below.
/// Unweighted arcs are the bare neighbour id (vertex_t).
inline std::uint64_t pack_arc(vertex_t neighbor, weight_t w) {
  return (static_cast<std::uint64_t>(neighbor) << 32) | weight_key(w);
}
inline vertex_t packed_neighbor(std::uint64_t arc) {
  return static_cast<vertex_t>(arc >> 32);
}
inline weight_t packed_weight(std::uint64_t arc) {
  return key_weight(static_cast<std::uint32_t>(arc));
}

inline vertex_t row_neighbor(vertex_t arc) {
  return arc;
}
inline vertex_t row_neighbor(std::uint64_t arc) {
  return packed_neighbor(arc);
}

/// Bucket widths are at most 2^16 rows so that a row's place inside its bucket fits 16 bits,
/// which keeps the partitioned copy of every arc small (2 bytes of row, plus the arc).
inline constexpr int kMaxBucketShift = 16;
/// Aim for buckets of about 2^15 arcs: the bucket, its sorted copy and the row counters then
/// fit in the 1-2 MiB L2 cache of current server cores.
inline constexpr int kTargetBucketArcsLog2 = 15;
/// At most about 2^12 buckets, so one write-combining buffer per bucket (about 400 KiB for
/// weighted arcs) stays in a thread's L2 cache during the partition.
inline constexpr int kMaxBucketsLog2 = 12;
/// Arcs per write-combining buffer: one 64-byte line of 32-bit arcs.
inline constexpr std::size_t kCombine = 16;

/// log2 of the bucket width for `num_rows` rows holding about `num_arcs` arcs.
inline int choose_bucket_shift(std::uint64_t num_rows, std::uint64_t num_arcs) {
  if (num_rows <= 1) return 0;
  const int row_bits = std::bit_width(num_rows - 1);
  // Rows per bucket ~ 2^target / mean degree = 2^target * rows / arcs.
  int shift = row_bits;
  if (num_arcs > 0) {
    const int arc_bits = std::bit_width(num_arcs) - 1;
    shift = kTargetBucketArcsLog2 + row_bits - arc_bits;
  }
  shift = std::max(shift, row_bits - kMaxBucketsLog2);
  return std::clamp(shift, 0, kMaxBucketShift);
}

/// Builds a CSR of `num_rows` rows from arcs enumerated by `produce`; T is vertex_t
/// (unweighted arcs) or a pack_arc key (weighted arcs).
///
/// produce(chunk, num_chunks, emit) must call emit(row, arc) for every arc of chunk `chunk`
/// of `num_chunks`, with row < num_rows; it is called twice per chunk (count, then scatter)
/// and must enumerate the same arcs both times. After the scatter `release()` is called so
/// the caller can free its input before the next allocations; `stage(k)` is called after
/// each of the three steps above (k = 1, 2, 3). With `dedupe`, only the first of each run of
/// arcs to the same neighbour is kept; rows are sorted by the whole key, so for weighted arcs
/// that is the one of minimum weight. `shift` is the log2 of the bucket width (at most
/// kMaxBucketShift); choose_bucket_shift picks a fast one, and any value gives the same CSR.
template <class T, class Produce, class Release, class Stage>
csr_arrays assemble_rows(vertex_t num_rows, int shift, bool dedupe, const Produce& produce,
                         const Release& release, const Stage& stage) {
  static_assert(std::is_same_v<T, vertex_t> || std::is_same_v<T, std::uint64_t>);
  constexpr bool weighted = std::is_same_v<T, std::uint64_t>;
  const std::size_t n = num_rows;
  const std::size_t width = std::size_t{1} << shift;
  const std::size_t num_buckets = (n + width - 1) >> shift;
  const vertex_t row_mask = static_cast<vertex_t>(width - 1);
  const auto first_row = [&](std::size_t b) { return b << shift; };
  const auto end_row = [&](std::size_t b) { return std::min(n, (b + 1) << shift); };

  // Work is cut into a fixed number of chunks; every per-thread buffer is allocated here,
  // outside the parallel regions, so that an allocation failure surfaces as std::bad_alloc.
  const int max_threads = omp_get_max_threads();
  const std::size_t chunks = static_cast<std::size_t>(max_threads);

  // 1. Partition. start[c * B + b] is first the number of arcs of chunk c in bucket b, then
  //    where chunk c's slice of bucket b begins.
  host_vector<edge_t> start(chunks * num_buckets + 1, 0);
#pragma omp parallel for schedule(static, 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    edge_t* count = start.data() + c * num_buckets;
    produce(c, chunks, [&](vertex_t row, T) { ++count[row >> shift]; });
  }
  host_vector<edge_t> bucket_begin(num_buckets + 1);
  edge_t total = 0;
  for (std::size_t b = 0; b < num_buckets; ++b) {
    bucket_begin[b] = total;
    for (std::size_t c = 0; c < chunks; ++c) {
      const edge_t count = start[c * num_buckets + b];
      start[c * num_buckets + b] = total;
      total += count;
    }
  }
  bucket_begin[num_buckets] = total;

  host_vector<std::uint16_t> local_row(total);
  host_vector<T> arcs(total);
  advise_huge_pages(local_row.data(), local_row.size());
  advise_huge_pages(arcs.data(), arcs.size());
  {
    const std::size_t per_thread = num_buckets * kCombine;
    host_vector<std::uint16_t> row_buffer(per_thread * chunks);
    host_vector<T> arc_buffer(per_thread * chunks);
    host_vector<std::uint32_t> fill(num_buckets * chunks);
#pragma omp parallel for schedule(static, 1)
    for (std::size_t c = 0; c < chunks; ++c) {
      const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
      std::uint16_t* rows = row_buffer.data() + t * per_thread;
      T* buffered = arc_buffer.data() + t * per_thread;
      std::uint32_t* filled = fill.data() + t * num_buckets;
      edge_t* next = start.data() + c * num_buckets;
      std::fill(filled, filled + num_buckets, 0u);
      // Each chunk owns [next[b], next[b] + its count) of bucket b exclusively, so plain
      // stores suffice; whole buffers go out at once, which keeps the write streams few and
      // sequential.
      produce(c, chunks, [&](vertex_t row, T arc) {
        const std::size_t b = row >> shift;
        const std::size_t slot = b * kCombine + filled[b];
        rows[slot] = static_cast<std::uint16_t>(row & row_mask);
        buffered[slot] = arc;
        if (++filled[b] == kCombine) {
          std::memcpy(local_row.data() + next[b], rows + b * kCombine, kCombine * sizeof(std::uint16_t));
          std::memcpy(arcs.data() + next[b], buffered + b * kCombine, kCombine * sizeof(T));
          next[b] += kCombine;
          filled[b] = 0;
        }
      });
      for (std::size_t b = 0; b < num_buckets; ++b) {
        if (filled[b] == 0) continue;
        std::memcpy(local_row.data() + next[b], rows + b * kCombine, filled[b] * sizeof(std::uint16_t));
        std::memcpy(arcs.data() + next[b], buffered + b * kCombine, filled[b] * sizeof(T));
      }
    }
  }
  host_vector<edge_t>().swap(start);
  release();
  stage(1);

  // 2. Rows. sorted[bucket_begin[b], ...) receives bucket b's rows, each sorted and, with
  //    dedupe, compacted towards the bucket's start; offsets[v] receives row v's kept length.
  host_vector<edge_t> offsets(n + 1);
  host_vector<T> sorted(total);
  advise_huge_pages(sorted.data(), sorted.size());
  host_vector<edge_t> kept_in_bucket(num_buckets);
  host_vector<edge_t> row_end(width * chunks);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t b = 0; b < num_buckets; ++b) {
    edge_t* end = row_end.data() + static_cast<std::size_t>(omp_get_thread_num()) * width;
    const std::size_t rows = end_row(b) - first_row(b);
    const edge_t lo = bucket_begin[b], hi = bucket_begin[b + 1];
    std::fill(end, end + rows, edge_t{0});
    for (edge_t e = lo; e < hi; ++e) ++end[local_row[e]];
    edge_t running = lo;
    for (std::size_t r = 0; r < rows; ++r) {
      const edge_t length = end[r];
      end[r] = running;
      running += length;
    }
    // Counting sort by row: afterwards end[r] is where row r ends (and row r + 1 begins).
    for (edge_t e = lo; e < hi; ++e) sorted[end[local_row[e]]++] = arcs[e];
    // arcs[lo, hi) has been read out, so it serves as the radix sort's second buffer.
    edge_t row_begin = lo, out = lo;
    for (std::size_t r = 0; r < rows; ++r) {
      T* first = sorted.data() + row_begin;
      T* last = sorted.data() + end[r];
      sort_row(first, last, arcs.data() + row_begin);
      if (dedupe) {
        // out <= row_begin: compaction moves arcs towards the bucket's start only.
        const edge_t kept_from = out;
        for (T* a = first; a < last; ++a)
          if (a == first || row_neighbor(*a) != row_neighbor(*(a - 1))) sorted[out++] = *a;
        offsets[first_row(b) + r] = out - kept_from;
      } else {
        offsets[first_row(b) + r] = end[r] - row_begin;
        out = end[r];
      }
      row_begin = end[r];
    }
    kept_in_bucket[b] = out - lo;
  }
  host_vector<std::uint16_t>().swap(local_row);
  host_vector<T>().swap(arcs);
  host_vector<edge_t>().swap(row_end);
  offsets[n] = 0;
  const edge_t kept = exclusive_scan_in_place(offsets.data(), n + 1);
  stage(2);

  // 3. Final arrays. When nothing was dropped the buckets already lie end to end.
  csr_arrays result;
  if constexpr (!weighted) {
    if (kept == total) {
      result.indices = std::move(sorted);
      result.offsets = std::move(offsets);
      stage(3);
      return result;
    }
  }
  result.indices.resize(kept);
  if constexpr (weighted) result.weights.resize(kept);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t b = 0; b < num_buckets; ++b) {
    const T* from = sorted.data() + bucket_begin[b];
    const edge_t to = offsets[first_row(b)];
    if constexpr (weighted) {
      for (edge_t i = 0; i < kept_in_bucket[b]; ++i) {
        result.indices[to + i] = packed_neighbor(from[i]);
        result.weights[to + i] = packed_weight(from[i]);
      }
    } else {
      std::memcpy(result.indices.data() + to, from, kept_in_bucket[b] * sizeof(T));
    }
  }
  result.offsets = std::move(offsets);
  stage(3);
  return result;
}

}  // namespace plexus::detail
