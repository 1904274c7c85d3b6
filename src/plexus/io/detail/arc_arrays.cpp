// Line counting, gap closing, renumbering and mirroring for arc_arrays.hpp.
//
// Renumbering maps the ids that occur to 0..k-1 in increasing order. When the id range is
// at most a small multiple of the arc count (SNAP files, even with gaps), a presence bitmap
// does it: one bit per possible id (range/8 bytes, so 4M ids take 512 KiB and stay in
// cache), a prefix count of set bits per 64-bit word, and new id = rank[word] +
// popcount(word & lower bits). This is the rank structure of succinct bit vectors
// (Jacobson, "Space-efficient static trees and graphs", FOCS 1989), with the rank
// directory kept per word because it is built once and read millions of times. Each thread
// marks its arcs in its own bitmap, so marking needs no atomics; the bitmaps are OR-ed
// afterwards. Otherwise (few arcs over a huge id range) the distinct ids are sorted in
// parallel pieces, merged, and looked up by binary search.
#include "arc_arrays.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

int threads_for(int requested) { return std::max(1, requested > 0 ? requested : omp_get_max_threads()); }

// [begin, end) of piece t when n items are split into `parts` equal pieces.
std::size_t piece_begin(std::size_t n, int parts, int t) {
  return static_cast<std::size_t>(static_cast<unsigned __int128>(n) * static_cast<unsigned>(t) /
                                  static_cast<unsigned>(parts));
}

[[noreturn]] void too_many_ids(const std::string& file_name, std::uint64_t k) {
  throw_parse_error(file_name, 0, std::to_string(k) + " distinct vertex ids exceed the 32-bit vertex range");
}

// Builds without -mpopcnt turn std::popcount into a library call; on x86-64 the id
// translation below is compiled twice and the POPCNT version is picked at load time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define PLEXUS_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define PLEXUS_POPCNT_CLONES
#endif

// ids[i] = rank of (ids[i] - min_id) among the set bits, for i in [first, stop).
PLEXUS_POPCNT_CLONES void rank_ids(vertex_t* ids, std::size_t first, std::size_t stop, vertex_t min_id,
                                   const std::uint64_t* set, const std::uint32_t* rank) {
  for (std::size_t i = first; i < stop; ++i) {
    const vertex_t a = ids[i] - min_id;
    ids[i] = rank[a >> 6] + static_cast<vertex_t>(std::popcount(set[a >> 6] & ((std::uint64_t{1} << (a & 63)) - 1)));
  }
}

// Bitmap renumbering of ids in [min_id, max_id]; returns the number of distinct ids.
std::uint64_t renumber_dense(edge_list& out, std::size_t parsed, vertex_t min_id, vertex_t max_id,
                             std::uint64_t base, int threads, const std::string& file_name) {
  const std::uint64_t range = std::uint64_t{max_id} - min_id + 1;
  const std::size_t words = static_cast<std::size_t>((range + 63) / 64);
  std::vector<std::uint64_t> bits(words * static_cast<std::size_t>(threads), 0);
  vertex_t* src = out.src.data();
  vertex_t* dst = out.dst.data();
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    std::uint64_t* mine = bits.data() + words * static_cast<std::size_t>(t);
    const std::size_t first = piece_begin(parsed, nt, t);
    const std::size_t stop = piece_begin(parsed, nt, t + 1);
    for (std::size_t i = first; i < stop; ++i) {
      const vertex_t a = src[i] - min_id;
      const vertex_t b = dst[i] - min_id;
      mine[a >> 6] |= std::uint64_t{1} << (a & 63);
      mine[b >> 6] |= std::uint64_t{1} << (b & 63);
    }
#pragma omp barrier
    // Fold every thread's bitmap into the first; each word has one writer.
#pragma omp for schedule(static)
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t acc = bits[w];
      for (int u = 1; u < nt; ++u) acc |= bits[words * static_cast<std::size_t>(u) + w];
      bits[w] = acc;
    }
  }
  std::vector<std::uint32_t> rank(words);
  std::uint64_t k = 0;
  for (std::size_t w = 0; w < words; ++w) {
    rank[w] = static_cast<std::uint32_t>(k);
    k += static_cast<std::uint64_t>(std::popcount(bits[w]));
  }
  if (k > max_vertices) too_many_ids(file_name, k);
  out.original_ids.resize(static_cast<std::size_t>(k));
  std::uint64_t* original = out.original_ids.data();
  const std::uint64_t* set = bits.data();
  const std::uint64_t first_original = base + min_id;
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static) nowait
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t word = set[w];
      std::size_t at = rank[w];
      while (word != 0) {
        original[at++] = first_original + w * 64 + static_cast<unsigned>(std::countr_zero(word));
        word &= word - 1;
      }
    }
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    rank_ids(src, piece_begin(parsed, nt, t), piece_begin(parsed, nt, t + 1), min_id, set, rank.data());
    rank_ids(dst, piece_begin(parsed, nt, t), piece_begin(parsed, nt, t + 1), min_id, set, rank.data());
  }
  return k;
}

// Sort-based renumbering for sparse id ranges; returns the number of distinct ids.
std::uint64_t renumber_sparse(edge_list& out, std::size_t parsed, std::uint64_t base, int threads,
                              const std::string& file_name) {
  std::vector<vertex_t> ids(2 * parsed);
  std::vector<std::size_t> piece(static_cast<std::size_t>(threads) + 1);
  for (int t = 0; t <= threads; ++t) piece[static_cast<std::size_t>(t)] = piece_begin(ids.size(), threads, t);
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (int t = 0; t < threads; ++t) {
    const std::size_t first = piece[static_cast<std::size_t>(t)];
    const std::size_t stop = piece[static_cast<std::size_t>(t) + 1];
    for (std::size_t j = first; j < stop; ++j) ids[j] = j < parsed ? out.src[j] : out.dst[j - parsed];
    std::sort(ids.begin() + static_cast<std::ptrdiff_t>(first), ids.begin() + static_cast<std::ptrdiff_t>(stop));
  }
  for (int t = 1; t < threads; ++t) {
    std::inplace_merge(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t)]),
                       ids.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t) + 1]));
  }
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  if (ids.size() > max_vertices) too_many_ids(file_name, ids.size());
  out.original_ids.resize(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) out.original_ids[i] = base + ids[i];
  const vertex_t* sorted = ids.data();
  const std::size_t k = ids.size();
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::size_t i = 0; i < parsed; ++i) {
    out.src[i] = static_cast<vertex_t>(std::lower_bound(sorted, sorted + k, out.src[i]) - sorted);
    out.dst[i] = static_cast<vertex_t>(std::lower_bound(sorted, sorted + k, out.dst[i]) - sorted);
  }
  return k;
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
    const std::uint64_t range = std::uint64_t{max_id} - min_id + 1;
    const bool dense = range <= 16 * std::uint64_t{parsed} + (std::uint64_t{1} << 26);
    num_vertices = dense ? renumber_dense(out, parsed, min_id, max_id, options.base, threads, file_name)
                         : renumber_sparse(out, parsed, options.base, threads, file_name);
  } else if (!options.compact) {
    num_vertices = parsed == 0 ? 0 : std::uint64_t{max_id} + 1;
    if (options.num_vertices) num_vertices = std::max(num_vertices, *options.num_vertices);
  }
  if (num_vertices > max_vertices) {
    throw_parse_error(file_name, 0, std::to_string(num_vertices) + " vertices exceed the 32-bit vertex range");
  }
  out.num_vertices = static_cast<vertex_t>(num_vertices);
  if (options.mirror) mirror_arcs(out, parsed, options.negate_mirrored_weights, threads);
  return out;
}

}  // namespace plexus::io::detail
