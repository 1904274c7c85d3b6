// Parallel building blocks shared by the graph builder and the transposes (library-internal).
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
//      bucket, so the scatter needs no atomics and writes whole buffers sequentially. An arc
//      travels as one integer key, (row inside its bucket << column bits) | neighbour: 32 bits
//      when both fit (a scale-22 graph does), 64 bits otherwise; a weight travels beside it;
//   2. rows: each bucket (a few hundred kilobytes) is sorted in cache by an LSD radix sort of
//      its keys, which orders it by row and, inside a row, by neighbour in one go; parallel
//      arcs (equal keys, now adjacent) are ordered by weight, then dropped or kept, and the
//      neighbours are written back over the bucket's own keys with the row lengths counted;
//   3. a prefix sum of the kept row lengths gives the offsets, and the buckets are copied to
//      their final places (skipped when keys are 32-bit and nothing was dropped: the bucket
//      array then is the index array).
//
// The arrangement inside a bucket before sorting does not matter: every row is sorted by its
// full arc (neighbour, then weight), and arcs that compare equal are identical, so the output
// depends on the input alone, whatever the thread count. Counts and offsets are edge_t
// (64-bit) throughout so that graphs with more than 2^31 arcs work.
#pragma once

#include <omp.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// memmove of n elements that tolerates null pointers when n is 0 (empty vectors have them).
template <class T>
void move_elements(T* to, const T* from, std::size_t n) {
  if (n != 0) std::memmove(to, from, n * sizeof(T));
}

/// Hands the whole pages inside data[0, n) back to the kernel: for storage past a vector's
/// end that nothing will use, so that it costs address space only. (Pages touched again would
/// read as zeros.)
template <class T>
void release_pages(T* data, std::size_t n) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
  const auto end = reinterpret_cast<std::uintptr_t>(data + n) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

/// Copies one 64-byte cache line to `to` (64-byte aligned) with non-temporal stores where the
/// target has them: the line is neither read first nor kept in cache.
inline void stream_line(void* to, const void* from) {
#if defined(__SSE2__)
  auto* d = static_cast<__m128i*>(to);
  const auto* s = static_cast<const __m128i*>(from);
  for (int i = 0; i < 4; ++i) _mm_stream_si128(d + i, _mm_loadu_si128(s + i));
#else
  std::memcpy(to, from, 64);
#endif
}

/// Orders this thread's streaming stores before whatever it does next (the barrier that ends
/// the parallel region then publishes them).
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
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

/// Bucket widths are at most 2^16 rows so that a row's place inside its bucket and a 32-bit
/// neighbour always fit one 64-bit key.
inline constexpr int kMaxBucketShift = 16;
/// Aim for buckets of about 2^15 arcs: the bucket, the radix sort's second buffer and its
/// counters then fit in the 1-2 MiB L2 cache of current server cores.
inline constexpr int kTargetBucketArcsLog2 = 15;
/// At most about 2^12 buckets, so one write-combining buffer per bucket (at most 384 KiB with
/// 64-bit keys and weights) stays in a thread's L2 cache during the partition.
inline constexpr int kMaxBucketsLog2 = 12;
/// Arcs dropped as parallel edges are closed up in place when they are at most this fraction
/// of all arcs (the index array then keeps that much spare capacity, in address space only);
/// more are copied out.
inline constexpr edge_t kMaxSpareFraction = 8;
/// Input chunks per thread in the partition (more balance the load, fewer write fewer partial
/// cache lines).
inline constexpr std::size_t kChunksPerThread = 4;
/// Bytes of keys per write-combining buffer: one cache line.
inline constexpr std::size_t kCombineBytes = 64;

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

/// Bits per radix sort pass at most: the counters of all passes (at most 3 x 2^11 for 32-bit
/// keys) stay in the L1 cache.
inline constexpr int kRadixBits = 11;
inline constexpr int kMaxRadixPasses = (64 + kRadixBits - 1) / kRadixBits;
/// Buckets at most this long are sorted by insertion sort (counters would cost more).
inline constexpr std::size_t kInsertionSortLimit = 48;

/// Sorts keys[0, n) (and, with Weighted, weights[0, n) along with them) by the key's low
/// `key_bits` bits with a stable LSD radix sort. Returns true when the sorted data ended up
/// in the scratch arrays rather than in place. Count must hold n.
template <bool Weighted, class Count, class K>
bool radix_sort_keys(K* keys, weight_t* weights, std::size_t n, int key_bits, K* key_scratch,
                     weight_t* weight_scratch) {
  const int passes = std::max(1, (key_bits + kRadixBits - 1) / kRadixBits);
  const int digit_bits = (key_bits + passes - 1) / passes;
  const std::size_t digits = std::size_t{1} << digit_bits;
  const K mask = static_cast<K>(digits - 1);
  Count count[kMaxRadixPasses][std::size_t{1} << kRadixBits];
  for (int p = 0; p < passes; ++p) std::fill(count[p], count[p] + digits, Count{0});
  // All histograms in one read; the usual pass counts are unrolled.
  const auto histogram = [&]<int Passes>(std::integral_constant<int, Passes>) {
    for (std::size_t i = 0; i < n; ++i) {
      const K key = keys[i];
      for (int p = 0; p < (Passes == 0 ? passes : Passes); ++p) ++count[p][(key >> (p * digit_bits)) & mask];
    }
  };
  switch (passes) {
    case 1:
      histogram(std::integral_constant<int, 1>{});
      break;
    case 2:
      histogram(std::integral_constant<int, 2>{});
      break;
    case 3:
      histogram(std::integral_constant<int, 3>{});
      break;
    default:
      histogram(std::integral_constant<int, 0>{});
  }
  K* from = keys;
  K* to = key_scratch;
  weight_t* from_w = weights;
  weight_t* to_w = weight_scratch;
  bool in_scratch = false;
  for (int p = 0; p < passes; ++p) {
    const int shift = p * digit_bits;
    Count* c = count[p];
    // A digit shared by every key orders nothing: skip the pass.
    if (c[(from[0] >> shift) & mask] == n) continue;
    Count running = 0;
    for (std::size_t d = 0; d < digits; ++d) {
      const Count here = c[d];
      c[d] = running;
      running += here;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const Count slot = c[(from[i] >> shift) & mask]++;
      to[slot] = from[i];
      if constexpr (Weighted) to_w[slot] = from_w[i];
    }
    std::swap(from, to);
    std::swap(from_w, to_w);
    in_scratch = !in_scratch;
  }
  return in_scratch;
}

/// Orders weights[0, n) by weight_key (IEEE total order: -0 before +0).
inline void sort_weights(weight_t* weights, std::size_t n) {
  const auto less = [](weight_t a, weight_t b) { return weight_key(a) < weight_key(b); };
  if (n <= kInsertionSortLimit) {
    for (std::size_t i = 1; i < n; ++i) {
      const weight_t x = weights[i];
      std::size_t j = i;
      for (; j > 0 && less(x, weights[j - 1]); --j) weights[j] = weights[j - 1];
      weights[j] = x;
    }
  } else {
    std::sort(weights, weights + n, less);
  }
}

/// Sorts one bucket's keys (and weights) into (row, neighbour, weight) order; returns true
/// when the result lies in the scratch arrays.
template <bool Weighted, class K>
bool sort_bucket(K* keys, weight_t* weights, std::size_t n, int key_bits, K* key_scratch,
                 weight_t* weight_scratch) {
  if (n <= kInsertionSortLimit) {
    const auto less = [&](std::size_t a, K key, weight_t w) {
      if constexpr (Weighted)
        return key < keys[a] || (key == keys[a] && weight_key(w) < weight_key(weights[a]));
      else
        return key < keys[a];
    };
    for (std::size_t i = 1; i < n; ++i) {
      const K key = keys[i];
      weight_t w{};
      if constexpr (Weighted) w = weights[i];
      std::size_t j = i;
      for (; j > 0 && less(j - 1, key, w); --j) {
        keys[j] = keys[j - 1];
        if constexpr (Weighted) weights[j] = weights[j - 1];
      }
      keys[j] = key;
      if constexpr (Weighted) weights[j] = w;
    }
    return false;
  }
  bool in_scratch;
  if (n <= std::numeric_limits<std::uint32_t>::max())
    in_scratch =
        radix_sort_keys<Weighted, std::uint32_t>(keys, weights, n, key_bits, key_scratch, weight_scratch);
  else
    in_scratch =
        radix_sort_keys<Weighted, std::uint64_t>(keys, weights, n, key_bits, key_scratch, weight_scratch);
  if constexpr (Weighted) {
    // The radix sort is stable, so equal keys keep their partition order: order them by weight.
    const K* k = in_scratch ? key_scratch : keys;
    weight_t* w = in_scratch ? weight_scratch : weights;
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i + 1;
      while (j < n && k[j] == k[i]) ++j;
      if (j - i > 1) sort_weights(w + i, j - i);
      i = j;
    }
  }
  return in_scratch;
}

/// assemble_rows (below) with bucket keys of type K, which holds the row bits of a bucket
/// above `column_bits` neighbour bits.
template <class K, class T, class Produce, class Release, class Stage>
csr_arrays assemble_keyed_rows(vertex_t num_rows, int column_bits, int shift, bool dedupe,
                               const Produce& produce, const Release& release, const Stage& stage) {
  constexpr bool weighted = std::is_same_v<T, std::uint64_t>;
  constexpr std::size_t combine = kCombineBytes / sizeof(K);
  const std::size_t n = num_rows;
  const std::size_t width = std::size_t{1} << shift;
  const std::size_t num_buckets = (n + width - 1) >> shift;
  const K row_mask = static_cast<K>(width - 1);
  const K column_mask = static_cast<K>((std::uint64_t{1} << column_bits) - 1);
  const auto first_row = [&](std::size_t b) { return b << shift; };
  const auto end_row = [&](std::size_t b) { return std::min(n, (b + 1) << shift); };
  const auto make_key = [&](vertex_t row, T arc) {
    K neighbor;
    if constexpr (weighted)
      neighbor = packed_neighbor(arc);
    else
      neighbor = arc;
    return static_cast<K>(((static_cast<K>(row) & row_mask) << column_bits) | neighbor);
  };

  // The input is cut into a few chunks per thread, handed out dynamically so that a thread
  // slowed by other work on its core holds up no one. Every per-thread buffer is allocated
  // here, outside the parallel regions, so that an allocation failure surfaces as
  // std::bad_alloc.
  const std::size_t threads = static_cast<std::size_t>(omp_get_max_threads());
  const std::size_t chunks = threads * kChunksPerThread;

  // 1. Partition. start[c * B + b] is first the number of arcs of chunk c in bucket b, then
  //    where chunk c's slice of bucket b begins.
  host_vector<edge_t> start(chunks * num_buckets + 1, 0);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    edge_t* count = start.data() + c * num_buckets;
    produce(c, chunks, [&](vertex_t row, T) { ++count[row >> shift]; });
  }
  host_vector<edge_t> bucket_begin(num_buckets + 1);
  edge_t total = 0, largest = 0;
  for (std::size_t b = 0; b < num_buckets; ++b) {
    bucket_begin[b] = total;
    for (std::size_t c = 0; c < chunks; ++c) {
      const edge_t count = start[c * num_buckets + b];
      start[c * num_buckets + b] = total;
      total += count;
    }
    largest = std::max(largest, total - bucket_begin[b]);
  }
  bucket_begin[num_buckets] = total;

  host_vector<K> keys(total);
  host_vector<weight_t> weights(weighted ? total : 0);
  advise_huge_pages(keys.data(), keys.size());
  advise_huge_pages(weights.data(), weights.size());
  {
    const std::size_t per_thread = num_buckets * combine;
    host_vector<K> key_buffer(per_thread * threads);
    host_vector<weight_t> weight_buffer(weighted ? per_thread * threads : 0);
    const host_vector<edge_t> slice_begin = start;
    // Key index i starts a cache line iff (i + phase) % combine == 0.
    const std::size_t phase = (reinterpret_cast<std::uintptr_t>(keys.data()) / sizeof(K)) % combine;
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t c = 0; c < chunks; ++c) {
      const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
      K* buffered = key_buffer.data() + t * per_thread;
      weight_t* buffered_weights = weighted ? weight_buffer.data() + t * per_thread : nullptr;
      edge_t* next = start.data() + c * num_buckets;
      const edge_t* begin = slice_begin.data() + c * num_buckets;
      // Writes out bucket b's buffered arcs: the last `in_line` places of its current cache
      // line end at next[b], and those at or after the slice's beginning are this chunk's.
      const auto flush = [&](std::size_t b, std::size_t in_line) {
        const edge_t end = next[b];
        const std::size_t count = std::min<edge_t>(in_line, end - begin[b]);
        if (count == 0) return;  // the line holds only a neighbouring chunk's arcs
        const std::size_t slot = b * combine + in_line - count;
        if (count == combine)
          stream_line(keys.data() + end - count, buffered + slot);
        else
          std::memcpy(keys.data() + end - count, buffered + slot, count * sizeof(K));
        if constexpr (weighted)
          std::memcpy(weights.data() + end - count, buffered_weights + slot, count * sizeof(weight_t));
      };
      // Each chunk owns [next[b], next[b] + its count) of bucket b exclusively. The buffer of
      // a bucket mirrors the cache line its next arc falls in, so whole lines go out at
      // once, with streaming stores that skip reading the line first; the partial lines at
      // the ends of a slice, which a neighbouring chunk may share, are written element-wise.
      produce(c, chunks, [&](vertex_t row, T arc) {
        const std::size_t b = row >> shift;
        const std::size_t slot = (next[b]++ + phase) % combine;
        buffered[b * combine + slot] = make_key(row, arc);
        if constexpr (weighted) buffered_weights[b * combine + slot] = packed_weight(arc);
        if (slot == combine - 1) flush(b, combine);
      });
      for (std::size_t b = 0; b < num_buckets; ++b) {
        const std::size_t in_line = (next[b] + phase) % combine;
        if (in_line != 0) flush(b, in_line);
      }
      stream_fence();
    }
  }
  host_vector<edge_t>().swap(start);
  release();
  stage(1);

  // 2. Rows. Each bucket is sorted, then its neighbours (the keys' low bits) are written back
  //    over keys[bucket_begin[b], ...), with dedupe compacted towards the bucket's start;
  //    offsets[v] receives row v's kept length.
  host_vector<edge_t> offsets(n + 1);
  host_vector<edge_t> kept_in_bucket(num_buckets);
  // Second buffers of the radix sort: one per thread for the buckets of at most `limit` arcs,
  // then one for the rest (buckets around hubs), which are sorted one at a time afterwards.
  // Fewer than `threads` buckets exceed total / threads, so the buffers together stay about
  // the size of the key array whatever the degree distribution.
  const edge_t limit = std::min(largest, std::max(total / threads, edge_t{4} << kTargetBucketArcsLog2));
  const auto do_bucket = [&](std::size_t b, K* key_scratch, weight_t* weight_scratch) {
    const std::size_t rows = end_row(b) - first_row(b);
    const edge_t lo = bucket_begin[b];
    const std::size_t size = bucket_begin[b + 1] - lo;
    edge_t* length = offsets.data() + first_row(b);
    std::fill(length, length + rows, edge_t{0});
    K* bucket = keys.data() + lo;
    weight_t* bucket_weights = weighted ? weights.data() + lo : nullptr;
    const int key_bits = std::bit_width(rows - 1) + column_bits;
    const bool in_scratch =
        sort_bucket<weighted>(bucket, bucket_weights, size, key_bits, key_scratch, weight_scratch);
    const K* sorted = in_scratch ? key_scratch : bucket;
    const weight_t* sorted_weights = in_scratch ? weight_scratch : bucket_weights;
    // out <= i throughout, so writing back over the bucket never overtakes the reads; the
    // previous key is kept in a register since its slot may already be overwritten. Keys
    // arrive grouped by row, so a row's length is counted in a register too and stored when
    // the next row begins.
    std::size_t out = 0, row_start = 0;
    K previous = size == 0 ? K{0} : ~sorted[0];
    K row = size == 0 ? K{0} : sorted[0] >> column_bits;
    for (std::size_t i = 0; i < size; ++i) {
      const K key = sorted[i];
      if (key >> column_bits != row) {
        length[row] = out - row_start;
        row = key >> column_bits;
        row_start = out;
      }
      bucket[out] = key & column_mask;
      if constexpr (weighted) bucket_weights[out] = sorted_weights[i];
      out += !dedupe || key != previous;
      previous = key;
    }
    if (size != 0) length[row] = out - row_start;
    kept_in_bucket[b] = out;
  };
  {
    host_vector<K> key_scratch(limit * threads);
    host_vector<weight_t> weight_scratch(weighted ? limit * threads : 0);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t b = 0; b < num_buckets; ++b) {
      if (bucket_begin[b + 1] - bucket_begin[b] > limit) continue;
      const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
      do_bucket(b, key_scratch.data() + t * limit, weighted ? weight_scratch.data() + t * limit : nullptr);
    }
  }
  if (largest > limit) {
    host_vector<K> key_scratch(largest);
    host_vector<weight_t> weight_scratch(weighted ? largest : 0);
    for (std::size_t b = 0; b < num_buckets; ++b)
      if (bucket_begin[b + 1] - bucket_begin[b] > limit)
        do_bucket(b, key_scratch.data(), weight_scratch.data());
  }
  offsets[n] = 0;
  const edge_t kept = exclusive_scan_in_place(offsets.data(), n + 1);
  stage(2);

  // 3. Final arrays. With 32-bit keys the bucket array becomes the index array: when nothing
  //    was dropped the buckets already lie end to end, and when little was, they are closed
  //    up in place (the spare capacity left behind, at most 1/kMaxSpareFraction of it, goes
  //    back to the kernel but for a page).
  //    Otherwise, and always with 64-bit keys, they are copied to new arrays.
  csr_arrays result;
  const auto destination = [&](std::size_t b) { return offsets[std::min(n, first_row(b))]; };
  if constexpr (std::is_same_v<K, vertex_t>) {
    // Buckets only move towards the start. Group g of consecutive buckets moves its arcs
    // within its own source range [from, ...), except the first ones, whose destinations lie
    // below it, among earlier groups' sources: those wait in a buffer until every group has
    // read its sources.
    const std::size_t groups = std::min(threads, num_buckets);
    std::vector<edge_t> buffered_before(groups + 1, 0);
    for (std::size_t g = 0; g < groups; ++g) {
      const auto [b0, b1] = block_range(num_buckets, groups, g);
      const edge_t from = bucket_begin[b0], to = destination(b0);
      buffered_before[g + 1] = buffered_before[g] + (to < from ? std::min(destination(b1), from) - to : 0);
    }
    if (total - kept <= total / kMaxSpareFraction && buffered_before[groups] <= total / kMaxSpareFraction) {
      host_vector<K> early_keys(buffered_before[groups]);
      host_vector<weight_t> early_weights(weighted ? buffered_before[groups] : 0);
      const auto close_gaps = [&]<class V>(V* data, V* early) {
#pragma omp parallel for schedule(static, 1) num_threads(groups)
        for (std::size_t g = 0; g < groups; ++g) {
          const auto [b0, b1] = block_range(num_buckets, groups, g);
          V* buffer = early + buffered_before[g];
          edge_t to_buffer = buffered_before[g + 1] - buffered_before[g];
          for (std::size_t b = b0; b < b1; ++b) {
            const V* source = data + bucket_begin[b];
            const edge_t early_here = std::min(kept_in_bucket[b], to_buffer);
            move_elements(buffer, source, early_here);
            buffer += early_here;
            to_buffer -= early_here;
            move_elements(data + destination(b) + early_here, source + early_here,
                          kept_in_bucket[b] - early_here);
          }
        }
        // The implicit barrier above: every group has read its sources.
#pragma omp parallel for schedule(static, 1) num_threads(groups)
        for (std::size_t g = 0; g < groups; ++g)
          move_elements(data + destination(block_range(num_buckets, groups, g).first),
                        early + buffered_before[g], buffered_before[g + 1] - buffered_before[g]);
      };
      if (kept != total) {
        close_gaps(keys.data(), early_keys.data());
        if constexpr (weighted) close_gaps(weights.data(), early_weights.data());
      }
      release_pages(keys.data() + kept, total - kept);
      keys.resize(kept);
      if constexpr (weighted) {
        release_pages(weights.data() + kept, total - kept);
        weights.resize(kept);
      }
      result.indices = std::move(keys);
      result.weights = std::move(weights);
      result.offsets = std::move(offsets);
      stage(3);
      return result;
    }
  }
  result.indices.resize(kept);
  advise_huge_pages(result.indices.data(), result.indices.size());
  if constexpr (weighted) {
    result.weights.resize(kept);
    advise_huge_pages(result.weights.data(), result.weights.size());
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t b = 0; b < num_buckets; ++b) {
    const edge_t from = bucket_begin[b];
    const edge_t to = destination(b);
    if constexpr (std::is_same_v<K, vertex_t>)
      move_elements(result.indices.data() + to, keys.data() + from, kept_in_bucket[b]);
    else
      for (edge_t i = 0; i < kept_in_bucket[b]; ++i)
        result.indices[to + i] = static_cast<vertex_t>(keys[from + i]);
    if constexpr (weighted)
      move_elements(result.weights.data() + to, weights.data() + from, kept_in_bucket[b]);
  }
  result.offsets = std::move(offsets);
  stage(3);
  return result;
}

/// Builds a CSR of `num_rows` rows from arcs enumerated by `produce`; T is vertex_t
/// (unweighted arcs) or a pack_arc key (weighted arcs), and every neighbour is below
/// `num_columns`.
///
/// produce(chunk, num_chunks, emit) must call emit(row, arc) for every arc of chunk `chunk`
/// of `num_chunks`, with row < num_rows; it is called twice per chunk (count, then scatter)
/// and must enumerate the same arcs both times. After the scatter `release()` is called so
/// the caller can free its input before the next allocations; `stage(k)` is called after
/// each of the three steps above (k = 1, 2, 3). With `dedupe`, only the first of each run of
/// arcs to the same neighbour is kept; rows are sorted by neighbour then weight, so for
/// weighted arcs that is the one of minimum weight. `shift` is the log2 of the bucket width
/// (at most kMaxBucketShift); choose_bucket_shift picks a fast one, and any value gives the
/// same CSR.
template <class T, class Produce, class Release, class Stage>
csr_arrays assemble_rows(vertex_t num_rows, vertex_t num_columns, int shift, bool dedupe,
                         const Produce& produce, const Release& release, const Stage& stage) {
  static_assert(std::is_same_v<T, vertex_t> || std::is_same_v<T, std::uint64_t>);
  const int column_bits = std::bit_width(std::max<vertex_t>(num_columns, 1) - 1);
  // The widest key holds kMaxBucketShift row bits above a 32-bit neighbour.
  static_assert(kMaxBucketShift + 32 <= 64);
  if (column_bits < 32 && shift + column_bits <= 32)
    return assemble_keyed_rows<std::uint32_t, T>(num_rows, column_bits, shift, dedupe, produce, release,
                                                 stage);
  return assemble_keyed_rows<std::uint64_t, T>(num_rows, column_bits, shift, dedupe, produce, release, stage);
}

}  // namespace plexus::detail
