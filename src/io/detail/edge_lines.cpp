// Parallel parsing of "u v [w]" lines; see edge_lines.hpp.
#include "edge_lines.hpp"

#include <cmath>
#include <string>

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

void parse_chunk(const char* p, const char* last, const char* base_ptr, const edge_line_rules& rules,
                 edge_chunk& out, chunk_error& error) {
  bool decided = rules.weights != weight_column::optional;
  out.has_weights = rules.weights == weight_column::required;
  while (p < last) {
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
    const char* line = p;
    std::uint64_t u = 0;
    std::uint64_t v = 0;
    if (!parse_id(p, last, base_ptr, rules, u, error, "source vertex id")) return;
    p = skip_separators(p, last);
    if (!parse_id(p, last, base_ptr, rules, v, error, "target vertex id")) return;
    p = skip_separators(p, last);
    if (rules.weights != weight_column::none) {
      const bool present = p < last && *p != '\n';
      if (!decided) {
        out.has_weights = present;
        decided = true;
      }
      if (present != out.has_weights) {
        error.set(static_cast<std::size_t>(line - base_ptr),
                  present ? "this line has a weight column but earlier lines have none"
                          : "missing weight (earlier lines have a weight column)");
        return;
      }
      if (present) {
        double w = 0;
        const number_status status = parse_double(p, last, w);
        if (status != number_status::ok) {
          error.set(static_cast<std::size_t>(p - base_ptr),
                    describe_number_error(status, "weight", p, last, "a number"));
          return;
        }
        if (std::isnan(w)) {
          error.set(static_cast<std::size_t>(line - base_ptr), "weight is NaN");
          return;
        }
        if (rules.keep_weights) out.weights.push_back(static_cast<weight_t>(w));
        p = skip_separators(p, last);
      }
    }
    if (!rules.extra_columns && p < last && *p != '\n') {
      error.set(static_cast<std::size_t>(p - base_ptr),
                "unexpected extra column '" + std::string(token_at(p, last)) + "'");
      return;
    }
    if (out.first_line == static_cast<std::size_t>(-1)) out.first_line = static_cast<std::size_t>(line - base_ptr);
    out.add(u, v);
    p = next_line(p, last);
  }
}

}  // namespace

std::vector<edge_chunk> parse_edge_lines(const text_buffer& text, std::size_t begin, const edge_line_rules& rules,
                                         int num_threads) {
  const char* base_ptr = text.begin();
  auto chunks = parse_chunks<edge_chunk>(text, begin, num_threads,
                                         [&](const char* first, const char* last, edge_chunk& out, chunk_error& error) {
                                           parse_chunk(first, last, base_ptr, rules, out, error);
                                         });
  if (rules.weights == weight_column::optional) {
    const edge_chunk* reference = nullptr;
    for (const auto& ch : chunks) {
      if (ch.size() == 0) continue;
      if (reference == nullptr) {
        reference = &ch;
      } else if (ch.has_weights != reference->has_weights) {
        text.fail(ch.first_line, ch.has_weights ? "this line has a weight column but earlier lines have none"
                                                : "missing weight (earlier lines have a weight column)");
      }
    }
  }
  return chunks;
}

leading_header scan_leading_header(const text_buffer& text, int max_non_numeric_lines) {
  leading_header header;
  const char* p = text.begin();
  const char* end = text.end();
  int non_numeric = 0;
  while (p < end) {
    const char* line = p;
    const char* line_end = find_line_end(p, end);
    const char* first = skip_blanks(p, line_end);
    const bool blank = first == line_end;
    const bool comment = !blank && is_comment(*first);
    const bool numeric = !blank && (is_digit(*first) || *first == '+');
    if (!blank && !comment && !numeric) {
      if (non_numeric >= max_non_numeric_lines) break;  // a malformed data line: the parser reports it
      ++non_numeric;
    }
    if (numeric) break;
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
