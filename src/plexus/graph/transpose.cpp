// transpose: the reverse CSR (CSC) of a CSR, as pull-style operators, in-edge queries and
// the vertex -> hyperedge incidence of a hypergraph need.
//
// Same two-level construction as the builder (see csr_assembly.hpp): every arc u -> v becomes
// an arc of row v carrying (u, weight); each reversed row is sorted by (u, weight) so the
// result is the same whatever the thread count. Parallel arcs stay parallel: nothing is
// deduplicated.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "csr_assembly.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus {
namespace {

template <class T>
csr_arrays reverse(const csr_arrays& a, vertex_t num_columns) {
  const vertex_t n = a.num_vertices();
  const edge_t m = a.num_edges();
  const edge_t* offsets = a.offsets.data();
  const vertex_t* indices = a.indices.data();
  const weight_t* weights = a.weights.data();

  edge_t bad = m;
#pragma omp parallel for schedule(static) reduction(min : bad)
  for (edge_t e = 0; e < m; ++e)
    if (indices[e] >= num_columns && e < bad) bad = e;
  if (bad != m)
    throw error(error_kind::invalid_argument, "transpose: column index " + std::to_string(indices[bad]) +
                                                  " is not below the " + std::to_string(num_columns) +
                                                  " columns");

  // Chunks are ranges of arcs, so a hub row is shared among threads; the first row of a
  // chunk is found by binary search over the offsets.
  const auto produce = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = detail::block_range(m, chunks, chunk);
    if (lo == hi) return;
    auto u = static_cast<vertex_t>(std::upper_bound(offsets, offsets + n + 1, lo) - offsets - 1);
    for (edge_t e = lo; e < hi; ++e) {
      while (offsets[static_cast<std::size_t>(u) + 1] <= e) ++u;
      if constexpr (std::is_same_v<T, std::uint64_t>)
        emit(indices[e], detail::pack_arc(u, weights[e]));
      else
        emit(indices[e], u);
    }
  };
  return detail::assemble_rows<T>(
      num_columns, n, detail::choose_bucket_shift(num_columns, m), /*dedupe=*/false, produce, [] {},
      [](int) {});
}

}  // namespace

csr_arrays transpose(const csr_arrays& arrays, vertex_t num_columns) {
  if (arrays.offsets.empty() && arrays.indices.empty() && arrays.weights.empty()) {
    csr_arrays empty;
    empty.offsets.assign(std::size_t{num_columns} + 1, 0);
    return empty;
  }
  if (arrays.offsets.empty() || arrays.offsets.front() != 0 ||
      arrays.offsets.back() != arrays.indices.size() ||
      (!arrays.weights.empty() && arrays.weights.size() != arrays.indices.size()))
    throw error(error_kind::invalid_argument, "transpose: offsets, indices and weights disagree in length");
  return arrays.weights.empty() ? reverse<vertex_t>(arrays, num_columns)
                                : reverse<std::uint64_t>(arrays, num_columns);
}

csr_arrays transpose(const csr_arrays& arrays) {
  return transpose(arrays, arrays.num_vertices());
}

}  // namespace plexus
