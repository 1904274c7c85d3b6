// Chunks of on-demand lists and their gather on the host; see gather.hpp.
#include "plexus/outofcore/gather.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "plexus/core/error.hpp"

namespace plexus::outofcore {

void on_demand_lists::plan(std::span<const vertex_t> vertices, std::span<const edge_t> offsets, edge_t chunk_arcs,
                           std::size_t chunk_segments) {
  if (chunk_arcs == 0 || chunk_segments == 0)
    throw error(error_kind::internal, "on-demand chunks must hold at least one arc and one segment");
  // One parallel pass counts each thread's block of non-empty lists and their arcs, a second
  // writes them at the block's place: the lists of a BFS level run to millions, and a serial
  // filter of them was most of an iteration's host time.
  const int threads = omp_get_max_threads();
  std::vector<std::size_t> block_lists(static_cast<std::size_t>(threads) + 1, 0);
  std::vector<edge_t> block_sum(static_cast<std::size_t>(threads) + 1, 0);
  std::size_t k = 0;
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t begin = vertices.size() * t / threads, end = vertices.size() * (t + 1) / threads;
    std::size_t lists = 0;
    edge_t sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const edge_t degree = offsets[vertices[i] + 1] - offsets[vertices[i]];
      lists += degree > 0;
      sum += degree;
    }
    block_lists[t + 1] = lists;
    block_sum[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    {
      for (int b = 0; b < threads; ++b) {
        block_lists[b + 1] += block_lists[b];
        block_sum[b + 1] += block_sum[b];
      }
      k = block_lists[threads];
      vertices_.resize(k);
      scan_.resize(k + 1);
    }
    std::size_t at = block_lists[t];
    edge_t arcs = block_sum[t];
    for (std::size_t i = begin; i < end; ++i) {
      const vertex_t v = vertices[i];
      const edge_t degree = offsets[v + 1] - offsets[v];
      if (degree == 0) continue;
      vertices_[at] = v;
      scan_[at] = arcs;
      ++at;
      arcs += degree;
    }
  }
  scan_[k] = block_sum[threads];
  // Each chunk ends after chunk_arcs arcs or at the end of its chunk_segments-th list,
  // whichever comes first (the list it starts in counts, even when entered part way).
  chunk_first_.assign(1, 0);
  for (edge_t first = 0; first < total_arcs();) {
    const std::size_t list = list_of(first);
    const edge_t segment_end = list + chunk_segments < k ? scan_[list + chunk_segments] : total_arcs();
    first = std::min({first + chunk_arcs, segment_end, total_arcs()});
    chunk_first_.push_back(first);
  }
}

std::size_t on_demand_lists::list_of(edge_t arc) const {
  // The last list starting at or before `arc` (empty lists start where the next one does).
  return static_cast<std::size_t>(std::upper_bound(scan_.begin(), scan_.end() - 1, arc) - scan_.begin()) - 1;
}

on_demand_lists::chunk on_demand_lists::chunk_at(std::size_t c) const {
  chunk out;
  out.first = chunk_first_[c];
  out.arcs = chunk_first_[c + 1] - out.first;
  out.first_list = list_of(out.first);
  out.segments = list_of(out.first + out.arcs - 1) - out.first_list + 1;
  return out;
}

void on_demand_lists::gather(std::size_t c, std::span<const edge_t> offsets, std::span<const vertex_t> indices,
                             std::span<const weight_t> weights, const chunk_staging& staging) const {
  const chunk part = chunk_at(c);
  const bool with_weights = staging.weights != nullptr;
  // Segments: one per list the chunk touches, starting where that list's arcs begin in it.
#pragma omp parallel for schedule(static) if (part.segments > 4096)
  for (std::size_t s = 0; s < part.segments; ++s) {
    const std::size_t list = part.first_list + s;
    staging.owners[s] = vertices_[list];
    staging.starts[s] = std::max(scan_[list], part.first) - part.first;
  }
  staging.starts[part.segments] = part.arcs;
  // Arcs: each thread copies an equal share of the chunk's arcs, list piece by list piece.
#pragma omp parallel if (part.arcs > 65536)
  {
    const edge_t threads = static_cast<edge_t>(omp_get_num_threads());
    const edge_t t = static_cast<edge_t>(omp_get_thread_num());
    edge_t arc = part.first + part.arcs * t / threads;
    const edge_t end = part.first + part.arcs * (t + 1) / threads;
    for (std::size_t list = arc < end ? list_of(arc) : 0; arc < end; ++list) {
      const edge_t list_end = std::min(scan_[list + 1], end);
      if (list_end <= arc) continue;
      const edge_t from = offsets[vertices_[list]] + (arc - scan_[list]);
      const std::size_t count = static_cast<std::size_t>(list_end - arc);
      std::memcpy(staging.arcs + (arc - part.first), indices.data() + from, count * sizeof(vertex_t));
      if (with_weights)
        std::memcpy(staging.weights + (arc - part.first), weights.data() + from, count * sizeof(weight_t));
      arc = list_end;
    }
  }
}

}  // namespace plexus::outofcore
