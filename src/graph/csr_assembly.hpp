// Parallel building blocks shared by the graph builder and the transpose (library-internal).
//
// Both turn a bag of arcs into a CSR the same way (the counting-sort construction used by
// GAPBS's builder and by Ligra): histogram the row of every arc, exclusive prefix sum into
// offsets, scatter each arc to a per-row cursor, then sort every row so that the result does
// not depend on the order in which threads reached the cursors. Counts and offsets are
// edge_t (64-bit) throughout so that graphs with more than 2^31 arcs work.
#pragma once

#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::detail {

/// Rows shorter than this are sorted by insertion sort: most rows of sparse graphs are short,
/// and std::sort's introsort setup dominates for them.
inline constexpr edge_t kInsertionSortLimit = 32;

/// Asks the kernel to back a large, not yet touched array with transparent huge pages. The
/// scatter writes to random places of arrays of hundreds of megabytes; with 4 KiB pages
/// nearly every write misses the TLB, which under virtualisation (two-level page walks) made
/// the scatter several times slower. A hint only: failure changes nothing but speed.
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
    // Block bounds in size_t: n * t would overflow 32 bits for large arrays.
    const std::size_t lo = n / static_cast<std::size_t>(nt) * static_cast<std::size_t>(t) +
                           std::min<std::size_t>(static_cast<std::size_t>(t), n % static_cast<std::size_t>(nt));
    const std::size_t len = n / static_cast<std::size_t>(nt) + (static_cast<std::size_t>(t) < n % static_cast<std::size_t>(nt) ? 1 : 0);
    const std::size_t hi = lo + len;
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

/// Increments counter by one from many threads. Only the final count is read (after the
/// parallel region), so relaxed ordering suffices.
inline void atomic_increment(edge_t& counter) {
  std::atomic_ref<edge_t>(counter).fetch_add(1, std::memory_order_relaxed);
}

/// Claims the next free slot of a row. Each call returns a distinct slot (fetch_add is a
/// read-modify-write), so no two arcs are written to the same place.
inline edge_t claim_slot(edge_t& cursor) {
  return std::atomic_ref<edge_t>(cursor).fetch_add(1, std::memory_order_relaxed);
}

template <class T>
void insertion_sort(T* first, T* last) {
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

/// Sorts every row [offsets[v], offsets[v+1]) of data. Dynamic scheduling because row
/// lengths are skewed (power-law graphs put most arcs in a few rows).
template <class T>
void sort_rows(const edge_t* offsets, vertex_t num_rows, T* data) {
#pragma omp parallel for schedule(dynamic, 256)
  for (vertex_t v = 0; v < num_rows; ++v) {
    T* first = data + offsets[v];
    T* last = data + offsets[static_cast<std::size_t>(v) + 1];
    if (static_cast<edge_t>(last - first) <= kInsertionSortLimit)
      insertion_sort(first, last);
    else
      std::sort(first, last);
  }
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
inline std::uint64_t pack_arc(vertex_t neighbor, weight_t w) {
  return (static_cast<std::uint64_t>(neighbor) << 32) | weight_key(w);
}
inline vertex_t packed_neighbor(std::uint64_t arc) { return static_cast<vertex_t>(arc >> 32); }
inline weight_t packed_weight(std::uint64_t arc) { return key_weight(static_cast<std::uint32_t>(arc)); }

inline vertex_t row_neighbor(vertex_t arc) { return arc; }
inline vertex_t row_neighbor(std::uint64_t arc) { return packed_neighbor(arc); }

/// Turns sorted rows into the final CSR arrays. With `dedupe`, only the first arc of each
/// run of equal neighbours is kept; rows are sorted by (neighbour, weight), so that arc has
/// the minimum weight. Arcs of type vertex_t are unweighted; packed std::uint64_t arcs are
/// unpacked into indices and weights. Unweighted rows that lose nothing are moved, not copied.
template <class T>
csr_arrays finish_rows(host_vector<edge_t> offsets, host_vector<T> data, vertex_t num_rows, bool dedupe) {
  constexpr bool weighted = std::is_same_v<T, std::uint64_t>;
  const std::size_t n = num_rows;
  host_vector<edge_t> kept;
  edge_t total = offsets[n];
  if (dedupe) {
    kept.resize(n + 1);
#pragma omp parallel for schedule(dynamic, 1024)
    for (vertex_t v = 0; v < num_rows; ++v) {
      const edge_t lo = offsets[v], hi = offsets[static_cast<std::size_t>(v) + 1];
      edge_t count = 0;
      for (edge_t e = lo; e < hi; ++e) count += e == lo || row_neighbor(data[e]) != row_neighbor(data[e - 1]);
      kept[v] = count;
    }
    kept[n] = 0;
    total = exclusive_scan_in_place(kept.data(), n + 1);
  }
  const bool unchanged = !dedupe || total == offsets[n];
  if constexpr (!weighted) {
    if (unchanged) return csr_arrays{std::move(offsets), std::move(data), {}};
  }
  const host_vector<edge_t>& out_offsets = unchanged ? offsets : kept;
  csr_arrays result;
  result.indices.resize(total);
  if constexpr (weighted) result.weights.resize(total);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t v = 0; v < num_rows; ++v) {
    const edge_t lo = offsets[v], hi = offsets[static_cast<std::size_t>(v) + 1];
    edge_t out = out_offsets[v];
    for (edge_t e = lo; e < hi; ++e) {
      if (!unchanged && e != lo && row_neighbor(data[e]) == row_neighbor(data[e - 1])) continue;
      result.indices[out] = row_neighbor(data[e]);
      if constexpr (weighted) result.weights[out] = packed_weight(data[e]);
      ++out;
    }
  }
  result.offsets = unchanged ? std::move(offsets) : std::move(kept);
  return result;
}

}  // namespace plexus::detail
