// GML graphs (.gml): the Graph Modelling Language of Himsolt ("GML: A portable Graph File
// Format", Universität Passau, 1997), in the subset network data sets use (Newman's
// football.gml, networkx's write_gml, igraph, Gephi):
//
//   graph [ directed 0  node [ id 0 label "BYU" value 7 ]  edge [ source 1 target 0 ] ]
//
// A file is a list of "key value" pairs; a value is an integer, a real, a string in double
// quotes or a list in brackets. Only the first top-level `graph` list is read; other keys
// (Creator, Version) and, inside it, keys other than `directed`, `node` and `edge` are
// skipped, nested lists included (graphics [ ... ]). '#' starts a comment running to the end
// of the line. Strings may span lines; a backslash escapes the next byte, so "a \"b\""
// is one string (the spec itself escapes with &quot; entities, which need nothing special).
//
// `directed 1` makes the graph directed; absent or 0 it is undirected, as the spec says.
// Every node needs an integer `id`, unique in the file; every edge an integer `source` and
// `target` naming declared nodes, in any order. `weight`, or else `value`, on an edge is its
// weight; all edges carry one or none. Node ids are arbitrary non-negative integers: they
// are renumbered 0..n-1 in increasing order and kept in edge_list::original_ids, unless
// read_options::compact_ids is false, which keeps them as vertex ids.
//
// Parsing is serial: GML files are small (a node takes ~40 bytes of markup), and the
// grammar's nesting does not split at line boundaries.
#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include <fast_float/fast_float.h>

#include "detail/graph_readers.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

enum class token_kind { key, number, string, open, close, end };

struct token {
  token_kind kind = token_kind::end;
  std::string_view text;
  std::size_t offset = 0;
};

bool is_key_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_key_byte(char c) { return is_key_start(c) || is_digit(c); }
bool is_space(char c) { return c == '\n' || is_blank(c); }

class lexer {
 public:
  explicit lexer(const text_buffer& text) : text_(text), p_(text.begin()), end_(text.end()) {}

  token next() {
    while (p_ < end_) {
      if (is_space(*p_)) {
        ++p_;
      } else if (*p_ == '#') {
        p_ = next_line(p_, end_);
      } else {
        break;
      }
    }
    token t;
    t.offset = text_.offset_of(p_);
    if (p_ == end_) return t;
    const char* start = p_;
    const char c = *p_;
    if (c == '[' || c == ']') {
      t.kind = c == '[' ? token_kind::open : token_kind::close;
      ++p_;
    } else if (c == '"') {
      ++p_;
      while (p_ < end_ && *p_ != '"') p_ += (*p_ == '\\' && p_ + 1 < end_) ? 2 : 1;
      if (p_ >= end_) text_.fail(start, "string literal is never closed (missing '\"')");
      ++p_;
      t.kind = token_kind::string;
    } else if (is_key_start(c)) {
      while (p_ < end_ && is_key_byte(*p_)) ++p_;
      t.kind = token_kind::key;
    } else if (is_digit(c) || c == '-' || c == '+' || c == '.') {
      while (p_ < end_ && (is_key_byte(*p_) || *p_ == '.' || *p_ == '-' || *p_ == '+')) ++p_;
      t.kind = token_kind::number;
    } else {
      text_.fail(start, "unexpected character '" + printable(c) + "'");
    }
    t.text = std::string_view(start, static_cast<std::size_t>(p_ - start));
    return t;
  }

 private:
  static std::string printable(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string(1, c);
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
  }

  const text_buffer& text_;
  const char* p_;
  const char* end_;
};

struct gml_node {
  std::int64_t id = 0;
  std::size_t offset = 0;  // of the node's id value
};

struct gml_edge {
  std::int64_t source = 0;
  std::int64_t target = 0;
  double weight = 0;
  std::size_t source_offset = 0;
  std::size_t target_offset = 0;
  std::size_t offset = 0;  // of the edge's '['
  bool has_weight = false;
};

class gml_parser {
 public:
  explicit gml_parser(const text_buffer& text) : text_(text), lex_(text) {}

  void parse() {
    bool seen_graph = false;
    for (token t = lex_.next(); t.kind != token_kind::end; t = lex_.next()) {
      const token key = expect_key(t);
      const token value = expect_value(key);
      if (key.text == "graph" && !seen_graph) {
        if (value.kind != token_kind::open) text_.fail(value.offset, "'graph' must be a list 'graph [ ... ]'");
        parse_graph(value);
        seen_graph = true;
      } else {
        skip(value);
      }
    }
    if (!seen_graph) text_.fail(text_.size(), "no 'graph [ ... ]' list in the file");
  }

  bool directed = false;
  bool declared_direction = false;
  std::vector<gml_node> nodes;
  std::vector<gml_edge> edges;

 private:
  token expect_key(const token& t) {
    if (t.kind == token_kind::key) return t;
    if (t.kind == token_kind::close) text_.fail(t.offset, "unexpected ']' (no list is open)");
    text_.fail(t.offset, "expected a key, found '" + std::string(t.text.substr(0, 40)) + "'");
  }

  token expect_value(const token& key) {
    const token v = lex_.next();
    if (v.kind == token_kind::end) text_.fail(key.offset, "key '" + std::string(key.text) + "' has no value");
    if (v.kind == token_kind::key || v.kind == token_kind::close) {
      text_.fail(v.offset, "key '" + std::string(key.text) + "' has no value");
    }
    return v;
  }

  // Skips a value; a list is skipped to its matching ']' without recursion.
  void skip(const token& value) {
    if (value.kind != token_kind::open) return;
    std::size_t depth = 1;
    while (depth != 0) {
      const token t = lex_.next();
      if (t.kind == token_kind::end) text_.fail(value.offset, "list opened here is never closed (missing ']')");
      if (t.kind == token_kind::open) ++depth;
      if (t.kind == token_kind::close) --depth;
    }
  }

  std::int64_t integer(const token& value, std::string_view what) {
    std::int64_t v = 0;
    const char* first = value.text.data();
    const char* last = first + value.text.size();
    if (first != last && *first == '+') ++first;
    const auto [ptr, ec] = std::from_chars(first, last, v);
    if (value.kind != token_kind::number || ec == std::errc::invalid_argument || ptr != last) {
      text_.fail(value.offset, std::string(what) + " '" + std::string(value.text.substr(0, 40)) + "' is not an integer");
    }
    if (ec == std::errc::result_out_of_range) {
      text_.fail(value.offset, std::string(what) + " " + std::string(value.text.substr(0, 40)) + " is out of range");
    }
    return v;
  }

  double real(const token& value, std::string_view what) {
    double v = 0;
    const char* first = value.text.data();
    const char* last = first + value.text.size();
    if (first != last && *first == '+') ++first;
    const auto result = fast_float::from_chars(first, last, v);
    if (value.kind != token_kind::number || result.ec != std::errc() || result.ptr != last) {
      text_.fail(value.offset, std::string(what) + " '" + std::string(value.text.substr(0, 40)) + "' is not a number");
    }
    if (!fits_weight(v)) text_.fail(value.offset, weight_problem(what, value.text.data(), last));
    return v;
  }

  // Calls field(key, value) for each pair of the list whose '[' is `open`.
  template <class Field>
  void each_field(const token& open, std::string_view list, Field&& field) {
    while (true) {
      const token t = lex_.next();
      if (t.kind == token_kind::close) return;
      if (t.kind == token_kind::end) {
        text_.fail(open.offset, "'" + std::string(list) + " [' is never closed (missing ']')");
      }
      const token key = expect_key(t);
      field(key, expect_value(key));
    }
  }

  void parse_graph(const token& open) {
    bool seen_directed = false;
    each_field(open, "graph", [&](const token& key, const token& value) {
      if (key.text == "directed") {
        if (seen_directed) text_.fail(key.offset, "'directed' appears twice");
        seen_directed = true;
        declared_direction = true;
        const std::int64_t d = integer(value, "directed");
        if (d != 0 && d != 1) text_.fail(value.offset, "directed must be 0 or 1, not " + std::to_string(d));
        directed = d == 1;
      } else if (key.text == "node" || key.text == "edge") {
        if (value.kind != token_kind::open) {
          text_.fail(value.offset, "'" + std::string(key.text) + "' must be a list '" + std::string(key.text) + " [ ... ]'");
        }
        if (key.text == "node") {
          parse_node(value);
        } else {
          parse_edge(value);
        }
      } else {
        skip(value);
      }
    });
  }

  void parse_node(const token& open) {
    gml_node node;
    bool has_id = false;
    each_field(open, "node", [&](const token& key, const token& value) {
      if (key.text == "id") {
        if (has_id) text_.fail(key.offset, "node has two ids");
        node.id = integer(value, "node id");
        if (node.id < 0) text_.fail(value.offset, "node id " + std::to_string(node.id) + " is negative");
        node.offset = value.offset;
        has_id = true;
      } else {
        skip(value);
      }
    });
    if (!has_id) text_.fail(open.offset, "node has no 'id'");
    nodes.push_back(node);
  }

  void parse_edge(const token& open) {
    gml_edge edge;
    edge.offset = open.offset;
    bool has_source = false;
    bool has_target = false;
    bool has_value = false;
    double value_weight = 0;
    each_field(open, "edge", [&](const token& key, const token& value) {
      if (key.text == "source" || key.text == "target") {
        const bool source = key.text == "source";
        if (source ? has_source : has_target) text_.fail(key.offset, "edge has two " + std::string(key.text) + "s");
        (source ? edge.source : edge.target) = integer(value, "edge " + std::string(key.text));
        (source ? edge.source_offset : edge.target_offset) = value.offset;
        (source ? has_source : has_target) = true;
      } else if (key.text == "weight") {
        if (edge.has_weight) text_.fail(key.offset, "edge has two weights");
        edge.weight = real(value, "edge weight");
        edge.has_weight = true;
      } else if (key.text == "value" && !has_value) {
        value_weight = real(value, "edge value");
        has_value = true;
      } else {
        skip(value);
      }
    });
    if (!has_source) text_.fail(open.offset, "edge has no 'source'");
    if (!has_target) text_.fail(open.offset, "edge has no 'target'");
    if (!edge.has_weight && has_value) {
      edge.weight = value_weight;
      edge.has_weight = true;
    }
    edges.push_back(edge);
  }

  const text_buffer& text_;
  lexer lex_;
};

}  // namespace

edge_list read_gml(const text_buffer& text, const read_options& options) {
  gml_parser gml(text);
  gml.parse();

  // Vertex i is the i-th smallest node id.
  std::vector<gml_node> nodes = std::move(gml.nodes);
  std::sort(nodes.begin(), nodes.end(), [](const gml_node& a, const gml_node& b) {
    return a.id != b.id ? a.id < b.id : a.offset < b.offset;
  });
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    if (nodes[i].id == nodes[i - 1].id) text.fail(nodes[i].offset, "node id " + std::to_string(nodes[i].id) + " is declared twice");
  }
  if (nodes.size() > max_vertices) {
    throw_parse_error(text.name(), 0, std::to_string(nodes.size()) + " nodes exceed the 32-bit vertex range");
  }
  const bool compact = options.compact_ids.value_or(true);
  if (!compact && !nodes.empty() && static_cast<std::uint64_t>(nodes.back().id) >= max_vertices) {
    text.fail(nodes.back().offset, "node id " + std::to_string(nodes.back().id) +
                                       " exceeds the 32-bit vertex range (renumbering is off)");
  }
  const auto vertex_of = [&](std::int64_t id, std::size_t offset, std::string_view what) {
    const auto it = std::lower_bound(nodes.begin(), nodes.end(), id,
                                     [](const gml_node& n, std::int64_t v) { return n.id < v; });
    if (it == nodes.end() || it->id != id) {
      text.fail(offset, "edge " + std::string(what) + " " + std::to_string(id) + " is not the id of a node");
    }
    return compact ? static_cast<vertex_t>(it - nodes.begin()) : static_cast<vertex_t>(id);
  };

  const bool weighted = !gml.edges.empty() && gml.edges.front().has_weight;
  for (const gml_edge& e : gml.edges) {
    if (e.has_weight != weighted) {
      text.fail(e.offset, e.has_weight ? "this edge has a weight but earlier edges have none"
                                       : "this edge has no weight but earlier edges have one");
    }
  }

  edge_list out;
  const chosen_direction direction = choose_direction(options, file_direction{gml.directed, gml.declared_direction});
  const bool mirror = direction.mirror;
  out.directed = direction.directed;
  out.direction_from = direction.basis;
  const bool keep_weights = weighted && options.keep_weights;
  for (const gml_edge& e : gml.edges) {
    const vertex_t u = vertex_of(e.source, e.source_offset, "source");
    const vertex_t v = vertex_of(e.target, e.target_offset, "target");
    out.src.push_back(u);
    out.dst.push_back(v);
    if (keep_weights) out.weights.push_back(static_cast<weight_t>(e.weight));
  }
  if (mirror) {
    const std::size_t n = out.src.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (out.src[i] == out.dst[i]) continue;
      out.src.push_back(out.dst[i]);
      out.dst.push_back(out.src[i]);
      if (keep_weights) out.weights.push_back(out.weights[i]);
    }
  }
  if (compact) {
    out.num_vertices = static_cast<vertex_t>(nodes.size());
    out.original_ids.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) out.original_ids[i] = static_cast<std::uint64_t>(nodes[i].id);
  } else {
    out.num_vertices = nodes.empty() ? 0 : static_cast<vertex_t>(nodes.back().id + 1);
  }
  return out;
}

}  // namespace plexus::io::detail
