// Parsing arcs straight into the final edge_list arrays, and finishing them (renumbering,
// mirroring) in place.
//
// The fast path of the text readers. Each thread's chunk of lines first counts its '\n'
// bytes (a vectorised scan), which bounds its arc count; one set of arrays is then
// allocated for the whole file, uninitialised, and every chunk parses into its own slice
// of it. Ids are stored as 32-bit (id - base) at once, so there is no per-chunk vector
// growth and no copy from 64-bit staging arrays. Slices left partly empty by comment or
// blank lines are closed up afterwards (a memmove of the later slices, rare in practice).
//
// A reader that meets an id too large for 32 bits while renumbering is on (a SNAP file with
// 64-bit ids) marks its sink `wide`; the caller then parses again on the general 64-bit
// path (edge_chunks.hpp). Everything else is decided here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "edge_chunks.hpp"
#include "plexus/core/force_inline.hpp"
#include "plexus/graph/edge_list.hpp"
#include "text_input.hpp"

namespace plexus::io::detail {

/// One chunk's slice of the output arrays.
struct arc_sink {
  vertex_t* src = nullptr;
  vertex_t* dst = nullptr;
  weight_t* weights = nullptr;  // null when weights are not stored
  std::size_t count = 0;
  std::size_t capacity = 0;
  vertex_t min_id = invalid_vertex;
  vertex_t max_id = 0;
  bool has_weights = false;
  bool wide = false;  // an id did not fit in 32 bits: the caller takes the 64-bit path

  /// Appends arc (u, v); the line count guarantees room (every arc ends a line).
  PLEXUS_FORCE_INLINE void add(vertex_t u, vertex_t v) {
    src[count] = u;
    dst[count] = v;
    ++count;
    const vertex_t lo = u < v ? u : v;
    const vertex_t hi = u < v ? v : u;
    min_id = lo < min_id ? lo : min_id;
    max_id = hi > max_id ? hi : max_id;
  }
};

/// Arcs of a whole file in file order, before renumbering and mirroring.
struct parsed_arcs {
  edge_list edges;  // src/dst (and weights when stored) hold `count` parsed arcs
  std::vector<arc_sink> sinks;  // per chunk, in file order (pointers no longer valid)
  std::size_t count = 0;
  bool wide = false;
};

/// Parses [begin, text.end()) with parse(first, last, sink, error) per chunk of lines.
/// `store_weights` allocates a weight array; `spare_factor` reserves room for that many
/// times the arcs (2 when the arcs will be mirrored), so mirroring never reallocates.
/// Errors are rethrown as in parse_chunks (the earliest offset in the file wins).
template <class ParseChunk>
parsed_arcs parse_arcs(const text_buffer& text, std::size_t begin, int num_threads, bool store_weights,
                       std::size_t spare_factor, ParseChunk&& parse);

/// How the parsed ids become vertex ids; the counterpart of assemble_options.
struct finish_options {
  /// The input's id of stored id 0 (1 for formats numbered from 1): original ids are stored
  /// ids plus base, kept when compacting and whenever base is not 0.
  std::uint64_t base = 0;
  std::optional<std::uint64_t> num_vertices;  // declared count; otherwise max id + 1
  bool compact = false;
  bool directed = true;
  bool mirror = false;
  bool negate_mirrored_weights = false;
  int num_threads = 0;
};

/// Renumbers (when compacting) and mirrors the parsed arcs in place, and sets the vertex
/// count. Throws plexus::error when the ids that occur exceed the 32-bit vertex range.
edge_list finish_arcs(parsed_arcs&& arcs, const finish_options& options, const std::string& file_name);

// ---- implementation of the template ------------------------------------------------------

namespace arc_arrays_detail {
/// Line count of each range (the last range also counts an unterminated final line).
std::vector<std::size_t> count_lines(const text_buffer& text, const std::vector<line_range>& ranges, int threads);
/// Closes the gaps between chunk slices and trims the arrays to the arcs parsed.
void close_gaps(parsed_arcs& arcs, const std::vector<std::size_t>& offsets);
}  // namespace arc_arrays_detail

template <class ParseChunk>
parsed_arcs parse_arcs(const text_buffer& text, std::size_t begin, int num_threads, bool store_weights,
                       std::size_t spare_factor, ParseChunk&& parse) {
  const int parts = chunk_count(text.size() - begin, num_threads);
  const std::vector<line_range> ranges = split_lines(text.view(), begin, parts);
  const std::vector<std::size_t> lines = arc_arrays_detail::count_lines(text, ranges, parts);
  std::vector<std::size_t> offsets(ranges.size() + 1, 0);
  for (std::size_t c = 0; c < ranges.size(); ++c) offsets[c + 1] = offsets[c] + lines[c];
  const std::size_t room = offsets.back() * (spare_factor < 1 ? 1 : spare_factor);

  parsed_arcs out;
  // reserve + resize: host_vector leaves the elements uninitialised, so untouched spare
  // room costs address space only.
  out.edges.src.reserve(room);
  out.edges.dst.reserve(room);
  out.edges.src.resize(offsets.back());
  out.edges.dst.resize(offsets.back());
  if (store_weights) {
    out.edges.weights.reserve(room);
    out.edges.weights.resize(offsets.back());
  }
  out.sinks.resize(ranges.size());
  for (std::size_t c = 0; c < ranges.size(); ++c) {
    arc_sink& s = out.sinks[c];
    s.src = out.edges.src.data() + offsets[c];
    s.dst = out.edges.dst.data() + offsets[c];
    s.weights = store_weights ? out.edges.weights.data() + offsets[c] : nullptr;
    s.capacity = lines[c];
  }

  std::vector<chunk_error> errors(ranges.size());
  std::vector<std::exception_ptr> exceptions(ranges.size());
  const long n = static_cast<long>(ranges.size());
#pragma omp parallel for schedule(static, 1) num_threads(parts)
  for (long i = 0; i < n; ++i) {
    try {
      parse(text.begin() + ranges[i].begin, text.begin() + ranges[i].end, out.sinks[i], errors[i]);
    } catch (...) {
      exceptions[i] = std::current_exception();
    }
  }
  for (const auto& s : out.sinks) out.wide = out.wide || s.wide;
  // A wide chunk stopped early, so a parse error reported now might not be the earliest in
  // the file; the 64-bit parse that follows reports the right one.
  if (!out.wide) rethrow_first(text, errors);
  for (const auto& e : exceptions)
    if (e) std::rethrow_exception(e);
  if (out.wide) return out;
  arc_arrays_detail::close_gaps(out, offsets);
  return out;
}

}  // namespace plexus::io::detail
