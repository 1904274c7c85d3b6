// Line counting, gap closing, renumbering and mirroring for arc_arrays.hpp. Renumbering is
// renumber.hpp's, over the source and target arrays together.
#include "arc_arrays.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "plexus/core/error.hpp"
#include "renumber.hpp"

namespace plexus::io::detail {
namespace {

int threads_for(int requested) { return std::max(1, requested > 0 ? requested : omp_get_max_threads()); }

// [begin, end) of piece t when n items are split into `parts` equal pieces.
std::size_t piece_begin(std::size_t n, int parts, int t) {
  return static_cast<std::size_t>(static_cast<unsigned __int128>(n) * static_cast<unsigned>(t) /
                                  static_cast<unsigned>(parts));
}

// Appends (v, u) for every arc (u, v) with u != v, in the order of the originals.
void mirror_arcs(edge_list& out, std::size_t parsed, bool negate_weights, int threads) {
  const bool weighted = out.weights.size() == parsed && parsed != 0;
  std::vector<std::size_t> loops(static_cast<std::size_t>(threads) + 1, 0);
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (int t = 0; t < threads; ++t) {
    std::size_t n = 0;
    for (std::size_t i = piece_begin(parsed, threads, t); i < piece_begin(parsed, threads, t + 1); ++i) {
      n += out.src[i] == out.dst[i];
    }
    loops[static_cast<std::size_t>(t) + 1] = n;
  }
  std::partial_sum(loops.begin(), loops.end(), loops.begin());
  const std::size_t total = parsed + parsed - loops.back();
  out.src.resize(total);
  out.dst.resize(total);
  if (weighted) out.weights.resize(total);
  vertex_t* src = out.src.data();
  vertex_t* dst = out.dst.data();
  weight_t* w = weighted ? out.weights.data() : nullptr;
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (int t = 0; t < threads; ++t) {
    const std::size_t first = piece_begin(parsed, threads, t);
    std::size_t back = parsed + first - loops[static_cast<std::size_t>(t)];
    for (std::size_t i = first; i < piece_begin(parsed, threads, t + 1); ++i) {
      if (src[i] == dst[i]) continue;
      src[back] = dst[i];
      dst[back] = src[i];
      if (w != nullptr) w[back] = negate_weights ? -w[i] : w[i];
      ++back;
    }
  }
}

// Number of '\n' bytes in [first, last). SSE2 (every x86-64 CPU): 16 byte compares per
// instruction, summed in byte lanes for up to 255 blocks, then widened with psadbw.
std::size_t count_newlines(const char* first, const char* last) {
  std::size_t count = 0;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  while (last - first >= 16) {
    const std::size_t blocks = std::min<std::size_t>(255, static_cast<std::size_t>(last - first) / 16);
    __m128i lanes = _mm_setzero_si128();
    for (std::size_t b = 0; b < blocks; ++b, first += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(first));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(bytes, newline));  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  return count + static_cast<std::size_t>(std::count(first, last, '\n'));
}

}  // namespace

namespace arc_arrays_detail {

std::vector<std::size_t> count_lines(const text_buffer& text, const std::vector<line_range>& ranges, int threads) {
  std::vector<std::size_t> lines(ranges.size(), 0);
  const long n = static_cast<long>(ranges.size());
#pragma omp parallel for schedule(static, 1) num_threads(std::max(threads, 1))
  for (long i = 0; i < n; ++i) {
    const char* first = text.begin() + ranges[static_cast<std::size_t>(i)].begin;
    const char* last = text.begin() + ranges[static_cast<std::size_t>(i)].end;
    std::size_t count = count_newlines(first, last);
    if (last > first && last[-1] != '\n') ++count;  // an unterminated final line
    lines[static_cast<std::size_t>(i)] = count;
  }
  return lines;
}

void close_gaps(parsed_arcs& arcs, const std::vector<std::size_t>& offsets) {
  edge_list& e = arcs.edges;
  const bool weighted = !e.weights.empty();
  std::size_t at = 0;
  for (std::size_t c = 0; c < arcs.sinks.size(); ++c) {
    const std::size_t n = arcs.sinks[c].count;
    if (at != offsets[c] && n != 0) {  // destination is below the source: memmove is safe
      std::memmove(e.src.data() + at, e.src.data() + offsets[c], n * sizeof(vertex_t));
      std::memmove(e.dst.data() + at, e.dst.data() + offsets[c], n * sizeof(vertex_t));
      if (weighted) std::memmove(e.weights.data() + at, e.weights.data() + offsets[c], n * sizeof(weight_t));
    }
    at += n;
  }
  arcs.count = at;
  e.src.resize(at);
  e.dst.resize(at);
  if (weighted) e.weights.resize(at);
}

}  // namespace arc_arrays_detail

edge_list finish_arcs(parsed_arcs&& arcs, const finish_options& options, const std::string& file_name) {
  const int threads = threads_for(options.num_threads);
  edge_list out = std::move(arcs.edges);
  out.directed = options.directed;
  const std::size_t parsed = arcs.count;
  vertex_t min_id = invalid_vertex;
  vertex_t max_id = 0;
  bool weighted = false;
  for (const arc_sink& s : arcs.sinks) {
    if (s.count == 0) continue;
    min_id = std::min(min_id, s.min_id);
    max_id = std::max(max_id, s.max_id);
    weighted = weighted || s.has_weights;
  }
  if (!weighted) out.weights.clear();

  std::uint64_t num_vertices = 0;
  if (options.compact && parsed != 0) {
    const std::span<vertex_t> arrays[] = {{out.src.data(), parsed}, {out.dst.data(), parsed}};
    out.original_ids = renumber_ids(arrays, min_id, max_id, options.base, threads, file_name);
    num_vertices = out.original_ids.size();
  } else if (!options.compact) {
    num_vertices = parsed == 0 ? 0 : std::uint64_t{max_id} + 1;
    if (options.num_vertices) num_vertices = std::max(num_vertices, *options.num_vertices);
  }
  if (num_vertices > max_vertices) {
    throw_parse_error(file_name, 0, std::to_string(num_vertices) + " vertices exceed the 32-bit vertex range");
  }
  out.num_vertices = static_cast<vertex_t>(num_vertices);
  if (!options.compact && options.base != 0)
    out.original_ids = shifted_ids(out.num_vertices, options.base, parsed, "arcs", file_name);
  if (options.mirror) mirror_arcs(out, parsed, options.negate_mirrored_weights, threads);
  return out;
}

}  // namespace plexus::io::detail
