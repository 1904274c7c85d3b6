// Matrix Market coordinate files (.mtx): the sparse-matrix exchange format of NIST and the
// SuiteSparse Matrix Collection (Boisvert, Pozo, Remington, "The Matrix Market Exchange
// Formats: Initial Design", NISTIR 5935, 1996).
//
// Layout: a banner "%%MatrixMarket matrix coordinate FIELD SYMMETRY", '%' comment lines,
// a size line "rows cols nnz", then nnz lines "i j [value]" with 1-based indices. A graph
// needs a square matrix; entry (i, j) is the arc i -> j.
//   FIELD     pattern (no value), integer, real (or double); complex is refused by name.
//   SYMMETRY  general: directed. symmetric: undirected, one triangle stored (entries of
//             both triangles are accepted; the builder merges duplicates).
//             skew-symmetric: a(j,i) = -a(i,j) and no diagonal. Without weights (or with
//             read_options::directed = false) it is read as the undirected graph of its
//             pattern; with weights kept it becomes a directed graph holding both arcs of
//             every entry, (i,j,w) and (j,i,-w), because an undirected graph stores one
//             weight per edge. hermitian is refused by name.
// The "array" (dense) format is refused: it lists every entry, so it is not a graph format.
// The entry count must equal nnz exactly: fewer lines mean a truncated file (the size line is
// named), reported after every entry line was checked, so a malformed line is named first.
// Indices are 1-based and stay so: vertex i keeps i as its original id.
#include <string>
#include <string_view>
#include <vector>

#include "detail/arc_arrays.hpp"
#include "detail/graph_readers.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/split_blanks.hpp"

namespace plexus::io::detail {
namespace {

enum class mm_field { pattern, integer, real };
enum class mm_symmetry { general, symmetric, skew };

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

[[noreturn]] void unsupported(const text_buffer& text, std::string_view what) {
  throw error(error_kind::unsupported, text.name() + ":1: " + std::string(what));
}

struct entry_rules {
  std::uint64_t n = 0;
  mm_field field = mm_field::pattern;
  bool skew = false;
  bool keep_weights = true;
};

bool parse_index(const char*& p, const char* end, const char* base, std::uint64_t n, std::uint64_t& out,
                 chunk_error& error, std::string_view what) {
  // Common case inline: at most 19 digits (no overflow possible) ending at a token end and
  // inside 1..n. The digit run stops at the '\n' ending every chunk but the last, or at the
  // text buffer's zero padding, so it needs no bounds check.
  if (p < end && is_digit(*p)) {
    const char* q = p;
    std::uint64_t v = 0;
    const std::size_t digits = parse_digits_padded(q, v);
    if (digits <= 19 && at_token_end(q, end) && v != 0 && v <= n) {
      out = v;
      p = q;
      return true;
    }
  }
  const number_status status = parse_uint(p, end, out);
  if (status != number_status::ok) {
    error.set(static_cast<std::size_t>(p - base), describe_number_error(status, what, p, end, "a positive integer"));
    return false;
  }
  if (out == 0 || out > n) {
    error.set(static_cast<std::size_t>(p - base), std::string(what) + " " + std::to_string(out) +
                                                      " is outside 1.." + std::to_string(n) + " declared by the size line");
    return false;
  }
  return true;
}

void parse_entries(const char* p, const char* last, const char* base, const entry_rules& rules, arc_sink& out,
                   chunk_error& error) {
  out.has_weights = rules.field != mm_field::pattern;
  while (p < last) {
    if (!is_digit(*p)) p = skip_blanks(p, last);
    if (p == last) break;
    if (*p == '\n') {
      ++p;
      continue;
    }
    if (*p == '%') {
      p = next_line(p, last);
      continue;
    }
    const char* line = p;
    std::uint64_t i = 0;
    std::uint64_t j = 0;
    if (!parse_index(p, last, base, rules.n, i, error, "row index")) return;
    p = skip_blanks(p, last);
    if (!parse_index(p, last, base, rules.n, j, error, "column index")) return;
    p = skip_blanks(p, last);
    double w = 0;
    if (rules.field == mm_field::integer) {
      std::int64_t value = 0;
      const number_status status = parse_int(p, last, value);
      if (status != number_status::ok) {
        error.set(static_cast<std::size_t>(p - base), describe_number_error(status, "integer value", p, last, "an integer"));
        return;
      }
      w = static_cast<double>(value);
    } else if (rules.field == mm_field::real) {
      const char* token = p;
      const number_status status = parse_double_padded(p, last, w);
      if (status != number_status::ok) {
        error.set(static_cast<std::size_t>(p - base), describe_number_error(status, "value", p, last, "a number"));
        return;
      }
      if (!fits_weight(w)) {
        error.set(static_cast<std::size_t>(token - base), weight_problem("value", token, last));
        return;
      }
    }
    const bool line_done = p < last && *p == '\n';
    if (!line_done && !at_line_end(p, last)) {
      p = skip_blanks(p, last);
      error.set(static_cast<std::size_t>(p - base),
                "unexpected extra token '" + std::string(token_at(p, last)) + "' after the entry");
      return;
    }
    if (rules.skew && i == j) {
      error.set(static_cast<std::size_t>(line - base), "diagonal entry (" + std::to_string(i) + ", " +
                                                           std::to_string(j) + ") in a skew-symmetric matrix");
      return;
    }
    if (out.weights != nullptr) out.weights[out.count] = static_cast<weight_t>(w);
    out.add(static_cast<vertex_t>(i - 1), static_cast<vertex_t>(j - 1));
    p = line_done ? p + 1 : next_line(p, last);
  }
}

// Offset of the (k+1)-th entry line at or after `begin` (error path only).
std::size_t offset_of_entry(const text_buffer& text, std::size_t begin, std::uint64_t k) {
  const char* p = text.begin() + begin;
  const char* end = text.end();
  std::uint64_t seen = 0;
  while (p < end) {
    const char* first = skip_blanks(p, end);
    if (first < end && *first != '\n' && *first != '%') {
      if (seen == k) return text.offset_of(p);
      ++seen;
    }
    p = next_line(p, end);
  }
  return text.size();
}

}  // namespace

edge_list read_matrix_market(const text_buffer& text, const read_options& options) {
  const char* p = text.begin();
  const char* end = text.end();
  if (text.empty()) text.fail(std::size_t{0}, "empty file (expected a %%MatrixMarket banner)");
  const char* banner_end = find_line_end(p, end);
  const std::string_view banner(p, static_cast<std::size_t>(banner_end - p));
  const auto tokens = split_blanks(banner);
  if (tokens.empty() || lower(tokens[0]) != "%%matrixmarket") {
    text.fail(std::size_t{0}, "missing %%MatrixMarket banner on the first line");
  }
  if (tokens.size() != 5) {
    text.fail(std::size_t{0}, "banner must read '%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
  }
  if (lower(tokens[1]) != "matrix") unsupported(text, "Matrix Market object '" + std::string(tokens[1]) + "' is not supported (only 'matrix')");
  const std::string format = lower(tokens[2]);
  if (format == "array") unsupported(text, "Matrix Market 'array' (dense) format is not supported; graphs need 'coordinate'");
  if (format != "coordinate") text.fail(std::size_t{0}, "unknown Matrix Market format '" + std::string(tokens[2]) + "'");
  const std::string field_name = lower(tokens[3]);
  mm_field field;
  if (field_name == "pattern") {
    field = mm_field::pattern;
  } else if (field_name == "integer") {
    field = mm_field::integer;
  } else if (field_name == "real" || field_name == "double") {
    field = mm_field::real;
  } else if (field_name == "complex") {
    unsupported(text, "Matrix Market field 'complex' is not supported (graphs need real weights)");
  } else {
    text.fail(std::size_t{0}, "unknown Matrix Market field '" + std::string(tokens[3]) + "'");
  }
  const std::string symmetry_name = lower(tokens[4]);
  mm_symmetry symmetry;
  if (symmetry_name == "general") {
    symmetry = mm_symmetry::general;
  } else if (symmetry_name == "symmetric") {
    symmetry = mm_symmetry::symmetric;
  } else if (symmetry_name == "skew-symmetric") {
    symmetry = mm_symmetry::skew;
  } else if (symmetry_name == "hermitian") {
    unsupported(text, "Matrix Market symmetry 'hermitian' is not supported");
  } else {
    text.fail(std::size_t{0}, "unknown Matrix Market symmetry '" + std::string(tokens[4]) + "'");
  }
  if (symmetry == mm_symmetry::skew && field == mm_field::pattern) {
    text.fail(std::size_t{0}, "a skew-symmetric matrix cannot be 'pattern'");
  }

  // Comments, then the size line.
  p = banner_end < end ? banner_end + 1 : end;
  while (p < end) {
    const char* first = skip_blanks(p, end);
    if (first < end && *first != '\n' && *first != '%') break;
    p = next_line(p, end);
  }
  if (p == end) {
    const std::size_t last = text.view().back() == '\n' ? text.size() - 1 : text.size();
    text.fail(last, "missing size line 'rows cols entries'");
  }
  const char* size_line = p;
  std::uint64_t header[3] = {0, 0, 0};
  const char* names[3] = {"row count", "column count", "entry count"};
  p = skip_blanks(p, end);
  for (int k = 0; k < 3; ++k) {
    const number_status status = parse_uint(p, end, header[k]);
    if (status != number_status::ok) text.fail(p, describe_number_error(status, names[k], p, end));
    p = skip_blanks(p, end);
  }
  if (!at_line_end(p, end)) text.fail(p, "size line must be 'rows cols entries'; unexpected '" + std::string(token_at(p, end)) + "'");
  const std::uint64_t n = header[0];
  const std::uint64_t nnz = header[2];
  if (header[0] != header[1]) {
    text.fail(size_line, "matrix is " + std::to_string(header[0]) + " x " + std::to_string(header[1]) +
                             "; a graph needs a square matrix");
  }
  if (n > max_vertices) text.fail(size_line, std::to_string(n) + " rows exceed the 32-bit vertex range");
  const std::size_t data_begin = text.offset_of(next_line(p, end));

  const bool weighted = field != mm_field::pattern && options.keep_weights;
  finish_options finish;
  finish.base = 1;
  finish.num_vertices = n;
  finish.compact = options.compact_ids.value_or(false);
  finish.num_threads = options.num_threads;
  // The banner always states the symmetry, so the file declares its direction.
  file_direction file{symmetry == mm_symmetry::general, true};
  if (symmetry == mm_symmetry::skew) file.directed = false;
  chosen_direction direction = choose_direction(options, file);
  if (symmetry == mm_symmetry::skew && !options.directed && weighted) {
    direction.directed = true;
    direction.mirror = true;
  }
  finish.directed = direction.directed;
  finish.mirror = direction.mirror;
  finish.negate_mirrored_weights = symmetry == mm_symmetry::skew;

  entry_rules rules;
  rules.n = n;
  rules.field = field;
  rules.skew = symmetry == mm_symmetry::skew;
  rules.keep_weights = options.keep_weights;
  const char* base = text.begin();
  parsed_arcs arcs = parse_arcs(text, data_begin, options.num_threads, weighted, finish.mirror ? 2 : 1,
                                [&](const char* first, const char* last, arc_sink& out, chunk_error& error) {
                                  parse_entries(first, last, base, rules, out, error);
                                });
  const std::uint64_t found = arcs.count;
  if (found > nnz) {
    text.fail(offset_of_entry(text, data_begin, nnz), "more entries than the " + std::to_string(nnz) +
                                                          " declared by the size line");
  }
  if (found < nnz) {
    text.fail(size_line, "size line declares " + std::to_string(nnz) + " entries but the file holds only " +
                             std::to_string(found) + " (truncated file?)");
  }
  edge_list out = finish_arcs(std::move(arcs), finish, text.name());
  out.direction_from = direction.basis;
  return out;
}

}  // namespace plexus::io::detail
