// The structure checks of .plx files; see plx_structure.hpp.
#include "plx_structure.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <utility>
#include <vector>

namespace plexus::io::plx_structure {

namespace {

/// The scan of scan_indices with its mode and weighting fixed, so the loops carry no test of
/// either. The block is walked row by row, each row's entries in one tight loop with the row
/// fixed. Out-of-range and unsorted entries are only flagged in the loops (a compare each);
/// their positions are found afterwards, in the rare block that has one.
template <arc_sums Sums, bool Weighted>
index_scan scan(std::span<const edge_t> offsets, const vertex_t* x, const weight_t* w, std::uint64_t begin,
                std::uint64_t end, std::uint64_t bound, const multiset_hash& hash, vertex_t first_row) {
  index_scan result;
  std::uint64_t sums[2] = {0, 0};
  vertex_t largest = 0;
  bool unsorted = false;
  const auto weight = [&](std::uint64_t e) -> std::uint64_t {
    if constexpr (Weighted) return std::bit_cast<std::uint32_t>(w[e]);
    return 0;
  };
  // The sum of entries [first, last) of row `row`, as (row, neighbour) when Straight, else
  // as (neighbour, row).
  const auto entries = [&]<bool Straight>(std::uint32_t row, std::uint64_t first, std::uint64_t last) {
    std::uint64_t sum = 0;
    vertex_t row_largest = 0;
    for (std::uint64_t e = first; e < last; ++e) {
      const vertex_t v = x[e];
      row_largest = std::max(row_largest, v);
      sum += Straight ? hash(row, v, weight(e)) : hash(v, row, weight(e));
    }
    largest = std::max(largest, row_largest);
    return sum;
  };
  // The row holding entry `begin`: the last row that starts at or before it.
  auto row =
      static_cast<std::uint64_t>(std::upper_bound(offsets.begin(), offsets.end(), begin) - offsets.begin()) -
      1;
  for (std::uint64_t first = begin; first < end; ++row) {
    const std::uint64_t last = std::min<std::uint64_t>(offsets[row + 1], end);
    for (std::uint64_t e = std::max<std::uint64_t>(first, offsets[row]) + 1; e < last; ++e)
      unsorted |= x[e - 1] > x[e];
    const auto r = static_cast<std::uint32_t>(first_row + row);
    if constexpr (Sums == arc_sums::halves) {
      // A sorted row holds its smaller neighbours first, then its loops, then its larger ones:
      // the smaller end lists an edge in the upper half (sum 0), the larger in the lower (sum 1).
      // (An unsorted row is refused anyway, whatever its sums.)
      const vertex_t* lower_end = std::lower_bound(x + first, x + last, r);
      const vertex_t* upper_begin = std::upper_bound(lower_end, x + last, r);
      sums[1] += entries.template operator()<false>(r, first, static_cast<std::uint64_t>(lower_end - x));
      sums[0] += entries.template operator()<true>(r, static_cast<std::uint64_t>(upper_begin - x), last);
      for (const vertex_t* loop = lower_end; loop < upper_begin; ++loop) largest = std::max(largest, *loop);
    } else {
      sums[0] += entries.template operator()<Sums == arc_sums::straight>(r, first, last);
    }
    first = last;
  }
  result.sum[0] = sums[0];
  result.sum[1] = sums[1];
  if (largest >= bound)
    for (std::uint64_t i = begin; i < end; ++i)
      if (x[i] >= bound) {
        result.out_of_range = i;
        break;
      }
  if (unsorted)
    for (std::uint64_t i = begin + 1; i < end; ++i)
      if (x[i - 1] > x[i] && !std::binary_search(offsets.begin(), offsets.end(), i)) {
        result.unsorted = i;
        break;
      }
  return result;
}

template <arc_sums Sums>
index_scan scan_weighting(std::span<const edge_t> offsets, const vertex_t* x, const weight_t* w,
                          std::uint64_t begin, std::uint64_t end, std::uint64_t bound,
                          const multiset_hash& hash, vertex_t first_row) {
  return w != nullptr ? scan<Sums, true>(offsets, x, w, begin, end, bound, hash, first_row)
                      : scan<Sums, false>(offsets, x, w, begin, end, bound, hash, first_row);
}

}  // namespace

index_scan scan_indices(std::span<const edge_t> offsets, const vertex_t* indices, const weight_t* weights,
                        std::uint64_t begin, std::uint64_t end, std::uint64_t bound, arc_sums sums,
                        const multiset_hash& hash, vertex_t first_row) {
  if (begin >= end) return {};
  switch (sums) {
    case arc_sums::straight:
      return scan_weighting<arc_sums::straight>(offsets, indices, weights, begin, end, bound, hash, first_row);
    case arc_sums::swapped:
      return scan_weighting<arc_sums::swapped>(offsets, indices, weights, begin, end, bound, hash, first_row);
    case arc_sums::halves:
      return scan_weighting<arc_sums::halves>(offsets, indices, weights, begin, end, bound, hash, first_row);
  }
  return {};
}

std::uint64_t first_non_finite(const weight_t* weights, std::uint64_t begin, std::uint64_t end) {
  // Branch-free: an exponent of all ones is infinity or NaN.
  std::uint32_t all_ones = 0;
  for (std::uint64_t i = begin; i < end; ++i)
    all_ones |= (std::bit_cast<std::uint32_t>(weights[i]) & 0x7f800000u) == 0x7f800000u;
  if (!all_ones) return kNone;
  for (std::uint64_t i = begin; i < end; ++i)
    if (!std::isfinite(weights[i])) return i;
  return kNone;
}

std::optional<vertex_t> first_differing_row(const csr_arrays& a, const csr_arrays& b) {
  const vertex_t n = a.num_vertices();
  const bool weights = !a.weights.empty() && !b.weights.empty();
  std::uint64_t first = kNone;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first)
  for (vertex_t r = 0; r < n; ++r) {
    if (r >= first) continue;
    const edge_t a0 = a.offsets[r], a1 = a.offsets[r + 1], b0 = b.offsets[r], b1 = b.offsets[r + 1];
    if (a1 - a0 != b1 - b0) {
      first = std::min<std::uint64_t>(first, r);
      continue;
    }
    std::vector<std::pair<vertex_t, std::uint32_t>> x, y;
    for (edge_t e = a0; e < a1; ++e)
      x.emplace_back(a.indices[e], weights ? std::bit_cast<std::uint32_t>(a.weights[e]) : 0u);
    for (edge_t e = b0; e < b1; ++e)
      y.emplace_back(b.indices[e], weights ? std::bit_cast<std::uint32_t>(b.weights[e]) : 0u);
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    if (x != y) first = std::min<std::uint64_t>(first, r);
  }
  if (first == kNone) return std::nullopt;
  return static_cast<vertex_t>(first);
}

std::optional<std::pair<vertex_t, vertex_t>> repeated_id(std::span<const std::uint64_t> ids) {
  const std::size_t n = ids.size();
  bool increasing = true;
  std::uint64_t lo = std::numeric_limits<std::uint64_t>::max(), hi = 0;
#pragma omp parallel for schedule(static) reduction(&& : increasing) reduction(min : lo) reduction(max : hi)
  for (std::size_t i = 0; i < n; ++i) {
    increasing = increasing && (i == 0 || ids[i - 1] < ids[i]);
    lo = std::min(lo, ids[i]);
    hi = std::max(hi, ids[i]);
  }
  if (increasing) return std::nullopt;  // ids in input order, as most files keep them
  // Renumbered ids (a degree-ordered file) of a dense range: one bit per id in the range finds
  // out whether any repeats.
  if (hi - lo < 64 * static_cast<std::uint64_t>(n)) {
    std::vector<std::uint64_t> bits((hi - lo) / 64 + 1, 0);
    bool repeated = false;
#pragma omp parallel for schedule(static) reduction(|| : repeated)
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t k = ids[i] - lo, bit = std::uint64_t{1} << (k % 64);
      repeated =
          repeated || (std::atomic_ref(bits[k / 64]).fetch_or(bit, std::memory_order_relaxed) & bit) != 0;
    }
    if (!repeated) return std::nullopt;
  }
  // A sparse range, or a repeat to name: sort (id, row) pairs.
  std::vector<std::pair<std::uint64_t, vertex_t>> sorted(n);
  for (std::size_t i = 0; i < n; ++i) sorted[i] = {ids[i], static_cast<vertex_t>(i)};
  std::sort(sorted.begin(), sorted.end());
  std::optional<std::pair<vertex_t, vertex_t>> found;
  for (std::size_t i = 1; i < n; ++i)
    if (sorted[i].first == sorted[i - 1].first && (!found || sorted[i - 1].second < found->first))
      found = std::pair{sorted[i - 1].second, sorted[i].second};
  return found;
}

}  // namespace plexus::io::plx_structure
