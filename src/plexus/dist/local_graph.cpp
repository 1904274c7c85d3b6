// A rank's graph in local ids (local_graph.hpp).
#include "plexus/dist/local_graph.hpp"

#include <algorithm>
#include <cstdint>

#include "plexus/core/error.hpp"

namespace plexus::dist {

namespace {

/// The owned vertices' lists of `lists` in local ids, followed by empty lists up to
/// part.num_local().
csr_arrays local_lists(const partition& part, const csr_arrays& lists, vertex_t first, list_order order) {
  const vertex_t owned = part.num_owned(), last = first + owned;
  csr_arrays local;
  local.offsets.resize(static_cast<std::size_t>(part.num_local()) + 1);
  std::copy(lists.offsets.begin(), lists.offsets.end(), local.offsets.begin());
  std::fill(local.offsets.begin() + owned + 1, local.offsets.end(), lists.offsets[owned]);
  local.indices.resize(lists.indices.size());
  const bool weighted = !lists.weights.empty();
  if (weighted) local.weights.assign(lists.weights.begin(), lists.weights.end());
  const auto rows = static_cast<std::int64_t>(owned);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t u = 0; u < rows; ++u) {
    const edge_t begin = lists.offsets[static_cast<std::size_t>(u)];
    const edge_t end = lists.offsets[static_cast<std::size_t>(u) + 1];
    for (edge_t e = begin; e < end; ++e) local.indices[e] = part.local_id(lists.indices[e]);
    if (order == list_order::global) continue;
    // Sorted by global id the list reads [lower ghosts | owned | higher ghosts]; locally the
    // owned come first.
    const auto from = lists.indices.begin();
    const edge_t lower_end =
        static_cast<edge_t>(std::lower_bound(from + static_cast<std::ptrdiff_t>(begin),
                                             from + static_cast<std::ptrdiff_t>(end), first) -
                            from);
    const edge_t owned_end =
        static_cast<edge_t>(std::lower_bound(from + static_cast<std::ptrdiff_t>(lower_end),
                                             from + static_cast<std::ptrdiff_t>(end), last) -
                            from);
    const auto at = [](auto& array, edge_t e) { return array.begin() + static_cast<std::ptrdiff_t>(e); };
    std::rotate(at(local.indices, begin), at(local.indices, lower_end), at(local.indices, owned_end));
    if (weighted)
      std::rotate(at(local.weights, begin), at(local.weights, lower_end), at(local.weights, owned_end));
  }
  return local;
}

}  // namespace

csr_graph local_graph(const partition& part, const graph_slice& slice, list_order order) {
  if (slice.first != part.first_owned() || slice.num_owned() != part.num_owned())
    throw error(error_kind::invalid_argument, "local_graph: the slice is not the partition's");
  std::optional<csr_arrays> in;
  if (slice.in) in = local_lists(part, *slice.in, slice.first, order);
  return csr_graph(local_lists(part, slice.out, slice.first, order), slice.directed, std::move(in));
}

}  // namespace plexus::dist
