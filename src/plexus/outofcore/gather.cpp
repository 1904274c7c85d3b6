// Chunks of on-demand lists and their gather on the host; see gather.hpp.
#include "plexus/outofcore/gather.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "plexus/core/error.hpp"

namespace plexus::outofcore {

void on_demand_lists::plan(std::span<const vertex_t> vertices, std::span<const edge_t> offsets, edge_t chunk_arcs,
                           std::size_t chunk_segments, double range_density) {
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
      host_starts_.resize(k);
    }
    std::size_t at = block_lists[t];
    edge_t arcs = block_sum[t];
    for (std::size_t i = begin; i < end; ++i) {
      const vertex_t v = vertices[i];
      const edge_t degree = offsets[v + 1] - offsets[v];
      if (degree == 0) continue;
      vertices_[at] = v;
      scan_[at] = arcs;
      host_starts_[at] = offsets[v];
      ++at;
      arcs += degree;
    }
  }
  scan_[k] = block_sum[threads];
  const bool ranges = range_density > 0 && find_gaps();
  chunks_.clear();
  for (edge_t first = 0; first < total_arcs();) {
    const std::size_t list = list_of(first);
    chunk next = gathered_chunk(first, list, chunk_arcs, chunk_segments);
    if (ranges) {
      // A range must be dense, and hold a like share of what the gathered chunk would: a few
      // dense lists ahead of sparse ones would otherwise cost a chunk each.
      const chunk range = range_chunk(first, list, chunk_arcs, chunk_segments);
      const double asked = static_cast<double>(range.arcs);
      if (asked >= range_density * static_cast<double>(range.span) &&
          asked >= range_density * static_cast<double>(next.arcs))
        next = range;
    }
    chunks_.push_back(next);
    first += next.arcs;
  }
}

bool on_demand_lists::find_gaps() {
  // Two parallel passes, as in plan: each thread counts the gaps of its block of lists, then
  // writes the running count. List j follows list j - 1 when its arcs start where j - 1's end.
  const std::size_t k = lists();
  gaps_.resize(k);
  const int threads = omp_get_max_threads();
  std::vector<vertex_t> block_gaps(static_cast<std::size_t>(threads) + 1, 0);
  bool ascending = true;
  const auto gap_before = [&](std::size_t j) {
    return j > 0 && host_starts_[j] != host_starts_[j - 1] + (scan_[j] - scan_[j - 1]);
  };
#pragma omp parallel num_threads(threads) reduction(&& : ascending)
  {
    const int t = omp_get_thread_num();
    const std::size_t begin = k * t / threads, end = k * (t + 1) / threads;
    vertex_t count = 0;
    for (std::size_t j = begin; j < end; ++j) {
      count += gap_before(j);
      if (j > 0 && vertices_[j] <= vertices_[j - 1]) ascending = false;
    }
    block_gaps[t + 1] = count;
#pragma omp barrier
#pragma omp single
    for (int b = 0; b < threads; ++b) block_gaps[b + 1] += block_gaps[b];
    vertex_t running = block_gaps[t];
    for (std::size_t j = begin; j < end; ++j) {
      running += gap_before(j);
      gaps_[j] = running;
    }
  }
  return ascending;
}

on_demand_lists::chunk on_demand_lists::gathered_chunk(edge_t first, std::size_t list, edge_t chunk_arcs,
                                                       std::size_t chunk_segments) const {
  // It ends after chunk_arcs arcs or at the end of its chunk_segments-th list, whichever
  // comes first (the list it starts in counts, even when entered part way).
  const std::size_t k = lists();
  const edge_t segment_end = list + chunk_segments < k ? scan_[list + chunk_segments] : total_arcs();
  chunk out;
  out.first = first;
  out.arcs = std::min({first + chunk_arcs, segment_end, total_arcs()}) - first;
  out.first_list = list;
  out.segments = list_of(first + out.arcs - 1) - list + 1;
  out.host_first = host_start(list) + (first - scan_[list]);
  out.span = out.arcs;
  return out;
}

on_demand_lists::chunk on_demand_lists::range_chunk(edge_t first, std::size_t list, edge_t chunk_arcs,
                                                    std::size_t chunk_segments) const {
  const edge_t host_first = host_start(list) + (first - scan_[list]);
  const edge_t host_limit = host_first + chunk_arcs;
  // The last list starting before the range's limit (starts ascend with the lists).
  std::size_t last = static_cast<std::size_t>(
                         std::lower_bound(host_starts_.begin() + static_cast<std::ptrdiff_t>(list), host_starts_.end(),
                                          host_limit) -
                         host_starts_.begin()) -
                     1;
  // Segments of lists list..j: one per list and one per gap between them.
  const auto segments_through = [&](std::size_t j) { return (j - list + 1) + (gaps_[j] - gaps_[list]); };
  edge_t end = std::min(scan_[last + 1], scan_[last] + (host_limit - host_start(last)));
  if (segments_through(last) > chunk_segments) {
    std::size_t low = list, high = last;  // segments_through(low) <= chunk_segments < segments_through(high)
    while (high - low > 1) {
      const std::size_t mid = low + (high - low) / 2;
      if (segments_through(mid) <= chunk_segments) low = mid;
      else high = mid;
    }
    last = low;
    end = scan_[last + 1];
  }
  chunk out;
  out.first = first;
  out.arcs = end - first;
  out.first_list = list;
  out.segments = segments_through(last);
  out.range = true;
  out.host_first = host_first;
  out.span = host_start(last) + (end - scan_[last]) - host_first;
  return out;
}

std::size_t on_demand_lists::list_of(edge_t arc) const {
  // The last list starting at or before `arc` (empty lists start where the next one does).
  return static_cast<std::size_t>(std::upper_bound(scan_.begin(), scan_.end() - 1, arc) - scan_.begin()) - 1;
}

void on_demand_lists::gather_segments(const chunk& part, const chunk_staging& staging) const {
  // List k's segment follows those of the chunk's lists before it and of the gaps between
  // them; the gap before list k, if any, lies just before it and ends where list k starts.
  const std::size_t first_list = part.first_list, last_list = list_of(part.first + part.arcs - 1);
  const edge_t host_first = part.host_first;
#pragma omp parallel for schedule(static) if (last_list - first_list > 4096)
  for (std::size_t k = first_list; k <= last_list; ++k) {
    const std::size_t at = (k - first_list) + (gaps_[k] - gaps_[first_list]);
    if (k > first_list && gaps_[k] != gaps_[k - 1]) {
      staging.owners[at - 1] = invalid_vertex;
      staging.starts[at - 1] = host_starts_[k - 1] + (scan_[k] - scan_[k - 1]) - host_first;
    }
    staging.owners[at] = vertices_[k];
    staging.starts[at] = std::max(host_starts_[k], host_first) - host_first;
  }
  staging.starts[part.segments] = part.span;
}

void on_demand_lists::gather(std::size_t c, std::span<const edge_t> offsets, std::span<const vertex_t> indices,
                             std::span<const weight_t> weights, const chunk_staging& staging) const {
  const chunk& part = chunk_at(c);
  if (part.range) {
    gather_segments(part, staging);
    return;
  }
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
