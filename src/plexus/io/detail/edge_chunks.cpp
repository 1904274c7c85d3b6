// Assembly of per-chunk arcs into one edge_list, with optional id compaction.
//
// Compaction maps the ids that occur to 0..k-1 in increasing order. When the id range is
// small compared with the number of arcs (the usual case, even for SNAP files with gaps) a
// dense presence table and a prefix sum do it in O(arcs + range) with no sorting; otherwise
// the distinct ids are sorted and looked up by binary search.
#include "edge_chunks.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <string>

#include "plexus/core/error.hpp"
#include "renumber.hpp"

namespace plexus::io::detail {
namespace {

int threads_for(int requested) { return requested > 0 ? requested : omp_get_max_threads(); }

// Id translation applied while copying: either a table lookup or a shift.
struct id_map {
  const std::uint32_t* dense = nullptr;  // indexed by id - dense_base
  std::uint64_t dense_base = 0;
  const std::uint64_t* sorted = nullptr;  // distinct ids, ascending
  std::size_t sorted_size = 0;
  std::uint64_t shift = 0;

  vertex_t operator()(std::uint64_t id) const {
    if (dense != nullptr) return dense[id - dense_base];
    if (sorted != nullptr) {
      return static_cast<vertex_t>(std::lower_bound(sorted, sorted + sorted_size, id) - sorted);
    }
    return static_cast<vertex_t>(id - shift);
  }
};

}  // namespace

edge_list assemble_edges(std::vector<edge_chunk>& chunks, const assemble_options& options,
                         const std::string& file_name) {
  const int threads = threads_for(options.num_threads);
  const std::size_t n_chunks = chunks.size();
  std::vector<std::size_t> start(n_chunks + 1, 0);
  std::uint64_t min_id = UINT64_MAX;
  std::uint64_t max_id = 0;
  bool weighted = false;
  for (std::size_t c = 0; c < n_chunks; ++c) {
    start[c + 1] = start[c] + chunks[c].size();
    if (chunks[c].size() != 0) {
      min_id = std::min(min_id, chunks[c].min_id);
      max_id = std::max(max_id, chunks[c].max_id);
      weighted = weighted || chunks[c].has_weights;
    }
  }
  const std::size_t parsed = start[n_chunks];
  const bool keep_weights = options.keep_weights && weighted;
  for (const auto& ch : chunks) {
    if (keep_weights && ch.size() != 0 && ch.weights.size() != ch.size()) {
      throw error(error_kind::internal, file_name + ": a chunk of arcs lacks weights");
    }
  }

  edge_list out;
  out.directed = options.directed;

  // Id translation.
  id_map map;
  std::vector<std::uint32_t> dense;
  std::vector<std::uint64_t> sorted;
  std::uint64_t num_vertices = 0;
  if (options.compact && parsed != 0) {
    const std::uint64_t range = max_id - min_id + 1;  // max_id - min_id < 2^64 - 1 unless all ids used
    const bool use_dense = max_id - min_id < std::uint64_t{1} << 32 && range <= 4 * std::uint64_t{parsed} + (1u << 20);
    if (use_dense) {
      dense.assign(static_cast<std::size_t>(range), 0);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
      for (std::size_t c = 0; c < n_chunks; ++c) {
        const edge_chunk& ch = chunks[c];
        for (std::size_t i = 0; i < ch.size(); ++i) {
          // Concurrent stores of the same value 1; atomic_ref keeps them race-free.
          std::atomic_ref<std::uint32_t>(dense[ch.src[i] - min_id]).store(1, std::memory_order_relaxed);
          std::atomic_ref<std::uint32_t>(dense[ch.dst[i] - min_id]).store(1, std::memory_order_relaxed);
        }
      }
      std::uint64_t k = 0;
      for (std::uint64_t i = 0; i < range; ++i) {
        if (dense[i] != 0) ++k;
      }
      if (k > max_vertices) {
        throw_parse_error(file_name, 0, std::to_string(k) + " distinct vertex ids exceed the 32-bit vertex range");
      }
      out.original_ids.resize(k);
      std::uint32_t next = 0;
      for (std::uint64_t i = 0; i < range; ++i) {
        if (dense[i] != 0) {
          out.original_ids[next] = min_id + i;
          dense[i] = next++;
        }
      }
      map.dense = dense.data();
      map.dense_base = min_id;
    } else {
      sorted.reserve(2 * parsed);
      for (const auto& ch : chunks) {
        sorted.insert(sorted.end(), ch.src.begin(), ch.src.end());
        sorted.insert(sorted.end(), ch.dst.begin(), ch.dst.end());
      }
      std::sort(sorted.begin(), sorted.end());
      sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
      if (sorted.size() > max_vertices) {
        throw_parse_error(file_name, 0,
                          std::to_string(sorted.size()) + " distinct vertex ids exceed the 32-bit vertex range");
      }
      out.original_ids.assign(sorted.begin(), sorted.end());
      map.sorted = sorted.data();
      map.sorted_size = sorted.size();
    }
    num_vertices = out.original_ids.size();
  } else {
    map.shift = options.base;
    num_vertices = parsed == 0 ? 0 : max_id + 1 - options.base;
  }
  if (options.num_vertices && !options.compact) num_vertices = std::max(num_vertices, *options.num_vertices);
  if (num_vertices > max_vertices) {
    throw_parse_error(file_name, 0, std::to_string(num_vertices) + " vertices exceed the 32-bit vertex range");
  }
  out.num_vertices = static_cast<vertex_t>(num_vertices);
  if (!options.compact && options.base != 0)
    out.original_ids = shifted_ids(out.num_vertices, options.base, parsed, "arcs", file_name);

  // Mirrored arcs go after the originals; self-loops are not mirrored.
  std::vector<std::size_t> loops_before(n_chunks + 1, 0);
  if (options.mirror) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (std::size_t c = 0; c < n_chunks; ++c) {
      std::size_t loops = 0;
      for (std::size_t i = 0; i < chunks[c].size(); ++i) loops += chunks[c].src[i] == chunks[c].dst[i];
      loops_before[c + 1] = loops;
    }
    std::partial_sum(loops_before.begin(), loops_before.end(), loops_before.begin());
  }
  const std::size_t mirrored = options.mirror ? parsed - loops_before[n_chunks] : 0;
  const std::size_t total = parsed + mirrored;
  out.src.resize(total);
  out.dst.resize(total);
  if (keep_weights) out.weights.resize(total);

#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t c = 0; c < n_chunks; ++c) {
    edge_chunk& ch = chunks[c];
    std::size_t at = start[c];
    std::size_t back = parsed + start[c] - loops_before[c];
    for (std::size_t i = 0; i < ch.size(); ++i, ++at) {
      const vertex_t u = map(ch.src[i]);
      const vertex_t v = map(ch.dst[i]);
      out.src[at] = u;
      out.dst[at] = v;
      if (keep_weights) out.weights[at] = ch.weights[i];
      if (options.mirror && u != v) {
        out.src[back] = v;
        out.dst[back] = u;
        if (keep_weights) out.weights[back] = options.negate_mirrored_weights ? -ch.weights[i] : ch.weights[i];
        ++back;
      }
    }
    ch = edge_chunk{};  // release as we go
  }
  return out;
}

}  // namespace plexus::io::detail
