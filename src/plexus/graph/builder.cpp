// build_graph: edge list -> csr_graph, in parallel and deterministic whatever the thread count.
//
// A counting-sort construction like GAPBS's (Beamer, Asanović, Patterson, "The GAP Benchmark
// Suite", arXiv:1508.03619, builder.h) and Ligra's, done in two cache-friendly levels (first
// into buckets of consecutive rows, then a radix sort inside each bucket; see
// csr_assembly.hpp) so that no step writes to random places of a large array. Rows are sorted
// by (neighbour, weight), which makes the result a function of the input alone and puts the
// minimum-weight arc first among parallel arcs so deduplication keeps it. Undirected graphs
// are mirrored while partitioning rather than by materialising the reversed arcs, so the edge
// list is never doubled in memory, and it is released as soon as the partition is done.
//
// Weighted arcs are handed to the assembly as one 64-bit value (neighbour << 32 |
// order-preserving weight bits); unweighted arcs as the bare neighbour id.
#include "plexus/graph/builder.hpp"

#include <omp.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "csr_assembly.hpp"
#include "plexus/core/error.hpp"

namespace plexus {
namespace {

constexpr edge_t kNoArc = std::numeric_limits<edge_t>::max();
constexpr std::uint64_t kStages = 5;

[[noreturn]] void invalid(const std::string& what) {
  throw error(error_kind::invalid_argument, "build_graph: " + what);
}

/// Checks the arrays against each other and every id against num_vertices. The offending arc
/// reported is the first one in input order, so the message does not depend on the schedule.
void validate(const edge_list& edges, bool check_weights) {
  const edge_t m = edges.src.size();
  if (edges.dst.size() != m)
    invalid(std::to_string(m) + " sources but " + std::to_string(edges.dst.size()) + " destinations");
  if (!edges.weights.empty() && edges.weights.size() != m)
    invalid(std::to_string(m) + " arcs but " + std::to_string(edges.weights.size()) + " weights");
  // num_vertices is a vertex_t, so it cannot exceed max_vertices and every id below it differs
  // from invalid_vertex.
  static_assert(std::numeric_limits<vertex_t>::max() <= max_vertices);
  if (!edges.original_ids.empty() && edges.original_ids.size() != edges.num_vertices)
    invalid("original id map has " + std::to_string(edges.original_ids.size()) + " entries for " +
            std::to_string(edges.num_vertices) + " vertices");
  const vertex_t n = edges.num_vertices;
  const vertex_t* src = edges.src.data();
  const vertex_t* dst = edges.dst.data();
  const weight_t* w = check_weights ? edges.weights.data() : nullptr;
  edge_t bad_id = kNoArc, bad_weight = kNoArc;
#pragma omp parallel for schedule(static) reduction(min : bad_id, bad_weight)
  for (edge_t e = 0; e < m; ++e) {
    if ((src[e] >= n || dst[e] >= n) && e < bad_id) bad_id = e;
    if (w && std::isnan(w[e]) && e < bad_weight) bad_weight = e;
  }
  if (bad_id != kNoArc)
    invalid("arc " + std::to_string(bad_id) + " (" + std::to_string(src[bad_id]) + " -> " +
            std::to_string(dst[bad_id]) + ") has an endpoint not below num_vertices " + std::to_string(n));
  if (bad_weight != kNoArc)
    invalid("arc " + std::to_string(bad_weight) + " (" + std::to_string(src[bad_weight]) + " -> " +
            std::to_string(dst[bad_weight]) + ") has a NaN weight");
}

/// Renumbers the ids that occur in some arc (self-loops included) to 0..k-1 in increasing
/// order of id, rewrites the arcs in place and returns the map new id -> input id, composed
/// with the edge list's own map when it has one.
host_vector<std::uint64_t> compact_ids(edge_list& edges) {
  const std::size_t n = edges.num_vertices;
  const edge_t m = edges.src.size();
  vertex_t* src = edges.src.data();
  vertex_t* dst = edges.dst.data();
  // rank[v] is first a 0/1 "occurs" flag, then its exclusive prefix sum: the new id of v.
  // k <= n <= max_vertices, so vertex_t holds every partial sum.
  host_vector<vertex_t> rank(n + 1);
  detail::parallel_fill<vertex_t>(rank.data(), n + 1, 0);
#pragma omp parallel for schedule(static)
  for (edge_t e = 0; e < m; ++e) {
    // Concurrent stores of the same value; atomic so the race is defined.
    std::atomic_ref<vertex_t>(rank[src[e]]).store(1, std::memory_order_relaxed);
    std::atomic_ref<vertex_t>(rank[dst[e]]).store(1, std::memory_order_relaxed);
  }
  const vertex_t k = detail::exclusive_scan_in_place(rank.data(), n + 1);
  host_vector<std::uint64_t> map(k);
  const std::uint64_t* previous = edges.original_ids.empty() ? nullptr : edges.original_ids.data();
#pragma omp parallel for schedule(static)
  for (std::size_t v = 0; v < n; ++v)
    if (rank[v + 1] != rank[v]) map[rank[v]] = previous ? previous[v] : v;
#pragma omp parallel for schedule(static)
  for (edge_t e = 0; e < m; ++e) {
    src[e] = rank[src[e]];
    dst[e] = rank[dst[e]];
  }
  edges.num_vertices = k;
  host_vector<std::uint64_t>().swap(edges.original_ids);
  return map;
}

template <class T>
T make_arc(vertex_t neighbor, const weight_t* w, edge_t e) {
  if constexpr (std::is_same_v<T, std::uint64_t>)
    return detail::pack_arc(neighbor, w[e]);
  else
    return neighbor;
}

/// The out-CSR; T is vertex_t (unweighted) or a packed arc. An arc u -> v goes to row u, and
/// to row v as well when the graph is undirected (mirrored while partitioning, so the
/// reversed arcs are never materialised as a second edge list); a kept self-loop of an
/// undirected graph is stored once.
template <class T>
csr_arrays assemble(edge_list& edges, bool undirected, const build_options& options) {
  const vertex_t n = edges.num_vertices;
  const edge_t m = edges.src.size();
  const vertex_t* src = edges.src.data();
  const vertex_t* dst = edges.dst.data();
  const weight_t* w = edges.weights.data();
  const bool keep_loops = options.keep_self_loops;

  const auto produce = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = detail::block_range(m, chunks, chunk);
    for (edge_t e = lo; e < hi; ++e) {
      const vertex_t u = src[e], v = dst[e];
      if (u == v) {
        if (keep_loops) emit(u, make_arc<T>(v, w, e));
        continue;
      }
      emit(u, make_arc<T>(v, w, e));
      if (undirected) emit(v, make_arc<T>(u, w, e));
    }
  };
  // The arcs now live in the partition; give the input's memory back before the next
  // allocations.
  const auto release = [&] {
    host_vector<vertex_t>().swap(edges.src);
    host_vector<vertex_t>().swap(edges.dst);
    host_vector<weight_t>().swap(edges.weights);
  };
  const auto stage = [&](std::uint64_t k) { report_progress(options.progress, "build", k, kStages); };
  const int shift = detail::choose_bucket_shift(n, undirected ? 2 * m : m);
  return detail::assemble_rows<T>(n, n, shift, !options.keep_parallel_edges, produce, release, stage);
}

}  // namespace

csr_graph build_graph(edge_list edges, const build_options& options) {
  const bool weighted = options.keep_weights && edges.weighted();
  validate(edges, weighted);
  if (!weighted) host_vector<weight_t>().swap(edges.weights);
  const bool undirected = !edges.directed || options.symmetrize;

  host_vector<std::uint64_t> original_ids =
      options.compact_ids ? compact_ids(edges) : std::move(edges.original_ids);
  report_progress(options.progress, "build", 0, kStages);

  csr_arrays out = weighted ? assemble<std::uint64_t>(edges, undirected, options)
                            : assemble<vertex_t>(edges, undirected, options);
  report_progress(options.progress, "build", 4, kStages);

  std::optional<csr_arrays> in;
  if (!undirected && options.build_in_edges) in = transpose(out);
  report_progress(options.progress, "build", kStages, kStages);
  return csr_graph(std::move(out), !undirected, std::move(in), std::move(original_ids));
}

}  // namespace plexus
