// Sparse degree / size histograms from CSR row lengths.
//
// Counting is dense over 0..max (max <= number of stored entries, so the count array is never
// larger than the CSR itself) and then compressed to the values that occur. Small ranges are
// counted in parallel with an OpenMP array reduction; wide ranges serially, because per-thread
// copies of a wide count array would cost more than the pass they save.
#include "plexus/hypergraph/degree_distribution.hpp"

#include <algorithm>
#include <vector>

namespace plexus {

namespace {

// Above this many bins, per-thread copies of the count array stop paying for themselves.
constexpr edge_t kParallelBins = edge_t{1} << 14;

}  // namespace

histogram row_length_histogram(const csr_arrays& arrays) {
  const vertex_t n = arrays.num_vertices();
  if (n == 0) return {};
  const edge_t* offsets = arrays.offsets.data();
  edge_t max_length = 0;
#pragma omp parallel for reduction(max : max_length) schedule(static)
  for (vertex_t v = 0; v < n; ++v) max_length = std::max(max_length, offsets[v + 1] - offsets[v]);

  const edge_t bins = max_length + 1;
  std::vector<std::uint64_t> counts(bins, 0);
  if (bins <= kParallelBins) {
    std::uint64_t* c = counts.data();
#pragma omp parallel for reduction(+ : c[:bins]) schedule(static)
    for (vertex_t v = 0; v < n; ++v) ++c[offsets[v + 1] - offsets[v]];
  } else {
    for (vertex_t v = 0; v < n; ++v) ++counts[offsets[v + 1] - offsets[v]];
  }

  histogram out;
  for (edge_t value = 0; value < bins; ++value)
    if (counts[value] != 0) out.push_back({value, counts[value]});
  return out;
}

histogram vertex_degree_histogram(const hypergraph& graph) { return row_length_histogram(graph.vertex_to_edges()); }

histogram edge_size_histogram(const hypergraph& graph) { return row_length_histogram(graph.edge_to_vertices()); }

}  // namespace plexus
