// Parallel parsing of "u v [w]" lines; see edge_lines.hpp.
#include "edge_lines.hpp"

#include <string>
#include <type_traits>

#include "parallel_lines.hpp"

namespace plexus::io::detail {
namespace {

bool parse_id(const char*& p, const char* end, const char* base_ptr, const edge_line_rules& rules,
              std::uint64_t& id, chunk_error& error, std::string_view what) {
  const number_status status = parse_uint(p, end, id);
  if (status != number_status::ok) {
    error.set(static_cast<std::size_t>(p - base_ptr), describe_number_error(status, what, p, end));
    return false;
  }
  if (id < rules.base) {
    error.set(static_cast<std::size_t>(p - base_ptr),
              std::string(what) + " 0 is invalid: ids in this format start at 1");
    return false;
  }
  if (id > rules.max_id) {
    error.set(static_cast<std::size_t>(p - base_ptr),
              std::string(what) + " " + std::to_string(id) + " exceeds the largest vertex id " +
                  std::to_string(rules.max_id) + " (renumbering is off)");
    return false;
  }
  return true;
}

// parse_id with the common case inline: at most 19 digits (no overflow possible), ending
// at a token end, inside the rules. Anything else goes through parse_id, which gives the
// exact verdict and message. The digit run needs no bounds check: it stops at the '\n'
// that ends every chunk but the last, or at the text buffer's zero padding.
PLEXUS_FORCE_INLINE bool read_id(const char*& p, const char* last, const char* base_ptr, const edge_line_rules& rules,
                                 std::uint64_t& id, chunk_error& error, std::string_view what) {
  const char* q = p;
  if (q < last && is_digit(*q)) {
    std::uint64_t v = 0;
    const std::size_t digits = parse_digits_padded(q, v);
    if (digits <= 19 && at_token_end(q, last) && v >= rules.base && v <= rules.max_id) {
      id = v;
      p = q;
      return true;
    }
  }
  return parse_id(p, last, base_ptr, rules, id, error, what);
}

// Where a parsed arc goes: the 32-bit slice of the final arrays, or a chunk of 64-bit ids.
// A weight (when the lines have one and it is kept) is stored before its arc.
PLEXUS_FORCE_INLINE void add_arc(arc_sink& out, std::uint64_t u, std::uint64_t v) {
  out.add(static_cast<vertex_t>(u), static_cast<vertex_t>(v));
}
PLEXUS_FORCE_INLINE void add_arc(edge_chunk& out, std::uint64_t u, std::uint64_t v) {
  out.add(u, v);
}
PLEXUS_FORCE_INLINE void add_weight(arc_sink& out, double w, const edge_line_rules&) {
  if (out.weights != nullptr && out.has_weights) out.weights[out.count] = static_cast<weight_t>(w);
}
PLEXUS_FORCE_INLINE void add_weight(edge_chunk& out, double w, const edge_line_rules& rules) {
  if (rules.keep_weights && out.has_weights) out.weights.push_back(static_cast<weight_t>(w));
}

// The line loop of every id-list format, into either kind of sink. An arc_sink takes ids as
// (id - base), and a line whose ids then do not fit 32 bits marks it `wide` and stops: the
// caller parses again into edge_chunks, which keep the ids as the file writes them.
template <class Sink>
void parse_chunk(const char* p, const char* last, const char* base_ptr, const edge_line_rules& rules,
                 Sink& out, chunk_error& error) {
  // An optional weight column was decided by the file's first data line (first_line_weighted),
  // so every chunk holds every line to the same rule and a mismatch is named where it is.
  out.has_weights = rules.weights == weight_column::required ||
                    (rules.weights == weight_column::optional && rules.optional_weight_present);
  // True while a line that ends right after its two ids is complete (no weight expected).
  const bool bare_line_ok = !out.has_weights;
  while (p < last) {
    if (!is_digit(*p)) {
      p = skip_blanks(p, last);
      if (p == last) break;
      if (*p == '\n') {
        ++p;
        continue;
      }
      if (is_comment(*p)) {
        p = next_line(p, last);
        continue;
      }
    }
    const char* line = p;
    std::uint64_t u = 0;
    std::uint64_t v = 0;
    if (!read_id(p, last, base_ptr, rules, u, error, "source vertex id")) return;
    p = skip_separators(p, last);
    if (!read_id(p, last, base_ptr, rules, v, error, "target vertex id")) return;
    constexpr bool narrow = std::is_same_v<Sink, arc_sink>;
    const std::uint64_t a = narrow ? u - rules.base : u;
    const std::uint64_t b = narrow ? v - rules.base : v;
    if constexpr (narrow) {
      if ((a | b) > UINT32_MAX) {
        out.wide = true;
        return;
      }
    }
    if (bare_line_ok && p < last && *p == '\n') {
      add_arc(out, a, b);
      ++p;
      continue;
    }
    p = skip_separators(p, last);
    double w = 0;
    if (rules.weights != weight_column::none) {
      for (unsigned k = 0; k < rules.skip_columns; ++k) {
        if (p == last || *p == '\n') {
          error.set(static_cast<std::size_t>(p - base_ptr),
                    "missing column " + std::to_string(k + 3) + " (the weight is column " +
                        std::to_string(rules.skip_columns + 3) + ")");
          return;
        }
        while (p < last && *p != '\n' && !is_separator(*p)) ++p;
        p = skip_separators(p, last);
      }
      const bool present = p < last && *p != '\n';
      if (present != out.has_weights) {
        error.set(static_cast<std::size_t>(line - base_ptr),
                  present ? "this line has a weight column but earlier lines have none"
                  : rules.weights == weight_column::required
                      ? "missing weight (column " + std::to_string(rules.skip_columns + 3) + ")"
                      : "missing weight (earlier lines have a weight column)");
        return;
      }
      if (present) {
        const char* token = p;
        const number_status status = parse_double_padded(p, last, w);
        if (status != number_status::ok) {
          error.set(static_cast<std::size_t>(p - base_ptr),
                    describe_number_error(status, "weight", p, last, "a number"));
          return;
        }
        if (!fits_weight(w)) {
          error.set(static_cast<std::size_t>(token - base_ptr), weight_problem("weight", token, last));
          return;
        }
        p = skip_separators(p, last);
      }
    }
    if (!rules.extra_columns && p < last && *p != '\n') {
      error.set(static_cast<std::size_t>(p - base_ptr),
                "unexpected extra column '" + std::string(token_at(p, last)) + "'");
      return;
    }
    add_weight(out, w, rules);
    add_arc(out, a, b);
    p = p < last && *p == '\n' ? p + 1 : next_line(p, last);
  }
}

/// Whether the first data line at or after `begin` carries a weight column (a line is
/// "u v [skipped columns] [w] ..."). A malformed first line decides nothing that matters: the
/// parse reports it before any other line.
bool first_line_weighted(const text_buffer& text, std::size_t begin, const edge_line_rules& rules) {
  const char* p = text.begin() + begin;
  const char* end = text.end();
  while (p < end) {
    const char* q = skip_blanks(p, end);
    if (q == end || *q == '\n' || is_comment(*q)) {
      p = next_line(q, end);
      continue;
    }
    for (unsigned column = 0; column < 2 + rules.skip_columns; ++column) {
      while (q < end && *q != '\n' && !is_separator(*q)) ++q;
      q = skip_separators(q, end);
    }
    return q < end && *q != '\n';
  }
  return false;
}

edge_line_rules decided(const text_buffer& text, std::size_t begin, const edge_line_rules& rules) {
  edge_line_rules out = rules;
  if (rules.weights == weight_column::optional) out.optional_weight_present = first_line_weighted(text, begin, rules);
  return out;
}

}  // namespace

parsed_arcs parse_edge_arcs(const text_buffer& text, std::size_t begin, const edge_line_rules& given,
                            int num_threads, std::size_t spare_factor) {
  const char* base_ptr = text.begin();
  const edge_line_rules rules = decided(text, begin, given);
  const bool store_weights = rules.keep_weights && rules.weights != weight_column::none;
  return parse_arcs(text, begin, num_threads, store_weights, spare_factor,
                    [&](const char* first, const char* last, arc_sink& out, chunk_error& error) {
                      parse_chunk(first, last, base_ptr, rules, out, error);
                    });
}

std::vector<edge_chunk> parse_edge_lines(const text_buffer& text, std::size_t begin, const edge_line_rules& given,
                                         int num_threads) {
  const char* base_ptr = text.begin();
  const edge_line_rules rules = decided(text, begin, given);
  return parse_chunks<edge_chunk>(text, begin, num_threads,
                                  [&](const char* first, const char* last, edge_chunk& out, chunk_error& error) {
                                    parse_chunk(first, last, base_ptr, rules, out, error);
                                  });
}

namespace {

/// Whether the token at p reads as a number: an optional sign, then a digit.
bool number_like(const char* p, const char* end) {
  if (p < end && (*p == '+' || *p == '-')) ++p;
  return p < end && is_digit(*p);
}

/// Whether the line starting at `first` (its first non-blank byte) begins with two numbers,
/// as every edge line does: such a line is data, never a header line, even when its ids are
/// invalid (a negative id is then reported at its line instead of being skipped).
bool starts_like_an_edge(const char* first, const char* line_end) {
  if (!number_like(first, line_end)) return false;
  const char* p = first;
  while (p < line_end && !is_separator(*p)) ++p;
  return number_like(skip_separators(p, line_end), line_end);
}

}  // namespace

leading_header scan_leading_header(const text_buffer& text, int max_header_lines) {
  leading_header header;
  const char* p = text.begin();
  const char* end = text.end();
  int header_lines = 0;
  while (p < end) {
    const char* line = p;
    const char* line_end = find_line_end(p, end);
    const char* first = skip_blanks(p, line_end);
    const bool blank = first == line_end;
    const bool comment = !blank && is_comment(*first);
    if (!blank && !comment) {
      // A second header line, or a line that starts like an edge, is data: the parser
      // reports it if it is malformed.
      if (header_lines >= max_header_lines || starts_like_an_edge(first, line_end)) break;
      ++header_lines;
    }
    if (!blank) {
      std::string_view text_line(line, static_cast<std::size_t>(line_end - line));
      if (!text_line.empty() && text_line.back() == '\r') text_line.remove_suffix(1);
      header.lines.push_back(text_line);
    }
    p = line_end < end ? line_end + 1 : end;
  }
  header.data_begin = text.offset_of(p);
  return header;
}

}  // namespace plexus::io::detail
