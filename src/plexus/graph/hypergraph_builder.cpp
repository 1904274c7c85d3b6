// The hypergraph builder: incidence_list -> hypergraph (both incidence CSRs).
//
// Steps, each parallel over hyperedges or vertices with OpenMP:
//   1. validate the arrays (offsets monotone and covering the pins, pins below num_vertices,
//      weight and id-map lengths);
//   2. sort the pins of every hyperedge, dropping repeated pins if asked;
//   3. mark hyperedges to drop: empty ones, and repeats of an earlier hyperedge with the same
//      pin list (found by hashing the sorted lists, sorting (hash, index) pairs, then an exact
//      comparison inside each run of equal hashes, so a hash collision never merges two
//      different hyperedges);
//   4. gather the kept hyperedges (their weights follow them);
//   5. optionally renumber vertices to those occurring in a pin, composing the id map;
//   6. transpose edge_to_vertices into vertex_to_edges (plexus::transpose, the graph
//      builder's two-level construction; each vertex's list comes out sorted).
// Every step either writes disjoint ranges or sorts a list whose contents do not depend on
// thread timing, so the result is identical whatever the thread count.
//
// The two-CSR layout follows Hygra (Shun, "Practical Parallel Hypergraph Algorithms",
// PPoPP 2020), which stores the incidence both ways so each phase reads contiguous lists.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#if __has_include(<parallel/algorithm>)
#include <parallel/algorithm>
#define PLEXUS_PARALLEL_SORT __gnu_parallel::sort
#else
#define PLEXUS_PARALLEL_SORT std::sort
#endif

#include "plexus/core/error.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {
namespace {

[[noreturn]] void invalid(const std::string& what) {
  throw error(error_kind::invalid_argument, "build_hypergraph: " + what);
}

/// out[i] = sum of counts[0..i), out[size] = total; counts and out may not alias.
/// Blocked two-pass scan: each thread sums its block, the block sums are scanned serially
/// (one per thread), then each thread writes its block. Integer sums, so deterministic.
template <class In>
host_vector<edge_t> exclusive_scan(const In& counts) {
  const std::size_t size = counts.size();
  host_vector<edge_t> out(size + 1);
  std::vector<edge_t> block_sums(static_cast<std::size_t>(omp_get_max_threads()) + 1, 0);
#pragma omp parallel
  {
    const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t begin = size * t / threads, end = size * (t + 1) / threads;
    edge_t sum = 0;
    for (std::size_t i = begin; i < end; ++i) sum += counts[i];
    block_sums[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (std::size_t i = 1; i <= threads; ++i) block_sums[i] += block_sums[i - 1];
    edge_t running = block_sums[t];
    for (std::size_t i = begin; i < end; ++i) {
      out[i] = running;
      running += counts[i];
    }
  }
  out[size] = 0;
  for (const edge_t c : block_sums) out[size] = std::max(out[size], c);
  return out;
}

void validate(const incidence_list& in) {
  const auto& offsets = in.edge_offsets;
  if (offsets.empty()) invalid("edge_offsets is empty (it needs num_hyperedges + 1 entries)");
  if (offsets.size() - 1 > std::numeric_limits<hyperedge_t>::max() - 1u)
    invalid(std::to_string(offsets.size() - 1) + " hyperedges exceed the 32-bit hyperedge id range");
  if (offsets.front() != 0) invalid("edge_offsets[0] is " + std::to_string(offsets.front()) + ", not 0");
  if (offsets.back() != in.pins.size())
    invalid("edge_offsets ends at " + std::to_string(offsets.back()) + " but there are " +
            std::to_string(in.pins.size()) + " pins");
  const std::size_t m = offsets.size() - 1;
  std::size_t first_decrease = m;
#pragma omp parallel for reduction(min : first_decrease) schedule(static)
  for (std::size_t h = 0; h < m; ++h)
    if (offsets[h + 1] < offsets[h]) first_decrease = std::min(first_decrease, h);
  if (first_decrease != m)
    invalid("edge_offsets decreases at hyperedge " + std::to_string(first_decrease) + " (" +
            std::to_string(offsets[first_decrease]) + " then " + std::to_string(offsets[first_decrease + 1]) + ")");

  const std::size_t pins = in.pins.size();
  std::size_t first_bad = pins;
#pragma omp parallel for reduction(min : first_bad) schedule(static)
  for (std::size_t i = 0; i < pins; ++i)
    if (in.pins[i] >= in.num_vertices) first_bad = std::min(first_bad, i);
  if (first_bad != pins) {
    const auto h = std::upper_bound(offsets.begin(), offsets.end(), static_cast<edge_t>(first_bad)) - offsets.begin() - 1;
    invalid("hyperedge " + std::to_string(h) + " has pin " + std::to_string(in.pins[first_bad]) +
            ", not below num_vertices " + std::to_string(in.num_vertices));
  }
  if (!in.edge_weights.empty() && in.edge_weights.size() != m)
    invalid(std::to_string(in.edge_weights.size()) + " edge weights for " + std::to_string(m) + " hyperedges");
  if (!in.vertex_weights.empty() && in.vertex_weights.size() != in.num_vertices)
    invalid(std::to_string(in.vertex_weights.size()) + " vertex weights for " + std::to_string(in.num_vertices) +
            " vertices");
  if (!in.original_ids.empty() && in.original_ids.size() != in.num_vertices)
    invalid(std::to_string(in.original_ids.size()) + " original ids for " + std::to_string(in.num_vertices) +
            " vertices");
}

/// Sorts the pins of every hyperedge in place; returns each hyperedge's size afterwards
/// (smaller than before where repeated pins were dropped; the kept pins stay at the front).
host_vector<edge_t> sort_pins(incidence_list& in, bool remove_repeated) {
  const std::size_t m = in.edge_offsets.size() - 1;
  host_vector<edge_t> sizes(m);
#pragma omp parallel for schedule(dynamic, 256)
  for (std::size_t h = 0; h < m; ++h) {
    auto first = in.pins.begin() + static_cast<std::ptrdiff_t>(in.edge_offsets[h]);
    auto last = in.pins.begin() + static_cast<std::ptrdiff_t>(in.edge_offsets[h + 1]);
    std::sort(first, last);
    if (remove_repeated) last = std::unique(first, last);
    sizes[h] = static_cast<edge_t>(last - first);
  }
  return sizes;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// keep[h] = 0 for the hyperedges the options remove.
std::vector<std::uint8_t> select_edges(const incidence_list& in, const host_vector<edge_t>& sizes,
                                       const hypergraph_build_options& options) {
  const std::size_t m = sizes.size();
  std::vector<std::uint8_t> keep(m, 1);
  if (options.remove_empty_edges) {
#pragma omp parallel for schedule(static)
    for (std::size_t h = 0; h < m; ++h) keep[h] = sizes[h] != 0;
  }
  if (!options.remove_duplicate_edges) return keep;

  auto pins_of = [&](std::size_t h) {
    return std::span<const vertex_t>(in.pins.data() + in.edge_offsets[h], sizes[h]);
  };
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(m);
#pragma omp parallel for schedule(dynamic, 256)
  for (std::size_t h = 0; h < m; ++h) {
    std::uint64_t hash = mix(sizes[h] + 0x9e3779b97f4a7c15ULL);
    for (const vertex_t v : pins_of(h)) hash = mix(hash ^ v);
    keyed[h] = {hash, static_cast<std::uint32_t>(h)};
  }
  // (hash, index) keys are distinct, so every correct sort yields the same order.
  PLEXUS_PARALLEL_SORT(keyed.begin(), keyed.end());

  // Each run of equal hashes is walked by one thread, in increasing hyperedge index, so the
  // first hyperedge of each distinct pin list is the one kept.
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::size_t i = 0; i < m; ++i) {
    if (i != 0 && keyed[i - 1].first == keyed[i].first) continue;
    std::vector<std::uint32_t> distinct;
    for (std::size_t j = i; j < m && keyed[j].first == keyed[i].first; ++j) {
      const std::uint32_t h = keyed[j].second;
      const auto pins = pins_of(h);
      bool repeat = false;
      for (const std::uint32_t d : distinct) {
        const auto other = pins_of(d);
        if (std::equal(pins.begin(), pins.end(), other.begin(), other.end())) {
          repeat = true;
          break;
        }
      }
      if (repeat) keep[h] = 0;
      else distinct.push_back(h);
    }
  }
  return keep;
}

/// Renumbers vertices to those that occur in a pin of `e2v`; returns the new ids' old ids.
host_vector<vertex_t> compact_vertices(csr_arrays& e2v, vertex_t num_vertices) {
  std::vector<std::uint8_t> used(num_vertices, 0);
  const std::size_t pins = e2v.indices.size();
  // Racing threads only ever store the same value 1, through atomic stores.
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < pins; ++i)
    std::atomic_ref<std::uint8_t>(used[e2v.indices[i]]).store(1, std::memory_order_relaxed);
  const host_vector<edge_t> new_id = exclusive_scan(used);
  const vertex_t kept = static_cast<vertex_t>(new_id[num_vertices]);
  host_vector<vertex_t> old_of_new(kept);
#pragma omp parallel for schedule(static)
  for (std::size_t v = 0; v < num_vertices; ++v)
    if (used[v]) old_of_new[new_id[v]] = static_cast<vertex_t>(v);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < pins; ++i) e2v.indices[i] = static_cast<vertex_t>(new_id[e2v.indices[i]]);
  return old_of_new;
}

}  // namespace

hypergraph build_hypergraph(incidence_list in, const hypergraph_build_options& options) {
  validate(in);
  const host_vector<edge_t> sizes = sort_pins(in, options.remove_repeated_pins);
  const std::vector<std::uint8_t> keep = select_edges(in, sizes, options);
  const std::size_t m = sizes.size();

  // Gather the kept hyperedges, in input order.
  const host_vector<edge_t> kept_index = exclusive_scan(keep);
  const std::size_t kept = kept_index[m];
  host_vector<edge_t> kept_sizes(kept);
  host_vector<weight_t> edge_weights(in.edge_weights.empty() ? 0 : kept);
#pragma omp parallel for schedule(static)
  for (std::size_t h = 0; h < m; ++h) {
    if (!keep[h]) continue;
    kept_sizes[kept_index[h]] = sizes[h];
    if (!edge_weights.empty()) edge_weights[kept_index[h]] = in.edge_weights[h];
  }
  csr_arrays e2v;
  e2v.offsets = exclusive_scan(kept_sizes);
  e2v.indices.resize(e2v.offsets[kept]);
#pragma omp parallel for schedule(dynamic, 256)
  for (std::size_t h = 0; h < m; ++h) {
    if (!keep[h]) continue;
    std::copy_n(in.pins.begin() + static_cast<std::ptrdiff_t>(in.edge_offsets[h]), sizes[h],
                e2v.indices.begin() + static_cast<std::ptrdiff_t>(e2v.offsets[kept_index[h]]));
  }
  in.pins = {};  // release the input pins before the transpose allocates

  vertex_t n = in.num_vertices;
  host_vector<weight_t> vertex_weights = std::move(in.vertex_weights);
  host_vector<std::uint64_t> original_ids = std::move(in.original_ids);
  if (options.compact_ids) {
    const host_vector<vertex_t> old_of_new = compact_vertices(e2v, n);
    const vertex_t k = static_cast<vertex_t>(old_of_new.size());
    host_vector<std::uint64_t> ids(k);
#pragma omp parallel for schedule(static)
    for (std::size_t v = 0; v < k; ++v)
      ids[v] = original_ids.empty() ? old_of_new[v] : original_ids[old_of_new[v]];
    if (!vertex_weights.empty()) {
      host_vector<weight_t> weights(k);
#pragma omp parallel for schedule(static)
      for (std::size_t v = 0; v < k; ++v) weights[v] = vertex_weights[old_of_new[v]];
      vertex_weights = std::move(weights);
    }
    original_ids = std::move(ids);
    n = k;
  }

  // vertex -> hyperedges: the transpose of the kept incidence, each list sorted.
  csr_arrays v2e = transpose(e2v, n);
  return hypergraph(std::move(v2e), std::move(e2v), std::move(edge_weights), std::move(vertex_weights),
                    std::move(original_ids));
}

}  // namespace plexus
