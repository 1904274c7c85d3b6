// transpose: the reverse CSR (CSC) of a CSR, as pull-style operators and in-edge queries need.
//
// Same counting-sort construction as the builder (see csr_assembly.hpp): histogram the
// column of every arc, prefix-sum into offsets, scatter (row, weight) to an atomically claimed
// slot of its column, then sort each reversed row by (row, weight) so the result is the same
// whatever the thread count. Parallel arcs stay parallel: nothing is deduplicated.
#include <omp.h>

#include <atomic>
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
csr_arrays reverse(const csr_arrays& a) {
  const vertex_t n = a.num_vertices();
  const std::size_t rows = n;
  const edge_t m = a.num_edges();
  const edge_t* offsets = a.offsets.data();
  const vertex_t* indices = a.indices.data();
  const weight_t* weights = a.weights.data();

  host_vector<edge_t> counts(rows + 1);
  detail::parallel_fill<edge_t>(counts.data(), rows + 1, 0);
  bool out_of_range = false;
#pragma omp parallel for schedule(static) reduction(|| : out_of_range)
  for (edge_t e = 0; e < m; ++e) {
    if (indices[e] >= n) {
      out_of_range = true;
      continue;
    }
    detail::atomic_increment(counts[indices[e]]);
  }
  if (out_of_range)
    throw error(error_kind::invalid_argument,
                "transpose: a column index is not below the " + std::to_string(n) + " rows");
  detail::exclusive_scan_in_place(counts.data(), rows + 1);

  host_vector<T> data(m);
  detail::advise_huge_pages(data.data(), data.size());
  {
    host_vector<edge_t> cursor(rows);
    detail::advise_huge_pages(cursor.data(), rows);
#pragma omp parallel for schedule(static)
    for (std::size_t v = 0; v < rows; ++v) cursor[v] = counts[v];
#pragma omp parallel for schedule(dynamic, 1024)
    for (vertex_t u = 0; u < n; ++u) {
      for (edge_t e = offsets[u]; e < offsets[static_cast<std::size_t>(u) + 1]; ++e) {
        T arc;
        if constexpr (std::is_same_v<T, std::uint64_t>)
          arc = detail::pack_arc(u, weights[e]);
        else
          arc = u;
        data[detail::claim_slot(cursor[indices[e]])] = arc;
      }
    }
  }
  detail::sort_rows(counts.data(), n, data.data());
  return detail::finish_rows(std::move(counts), std::move(data), n, /*dedupe=*/false);
}

}  // namespace

csr_arrays transpose(const csr_arrays& arrays) {
  if (arrays.offsets.empty()) {
    csr_arrays empty;
    empty.offsets.assign(1, 0);
    return empty;
  }
  if (arrays.offsets.back() != arrays.indices.size() ||
      (!arrays.weights.empty() && arrays.weights.size() != arrays.indices.size()))
    throw error(error_kind::invalid_argument, "transpose: offsets, indices and weights disagree in length");
  return arrays.weights.empty() ? reverse<vertex_t>(arrays) : reverse<std::uint64_t>(arrays);
}

}  // namespace plexus
