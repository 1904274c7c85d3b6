// The Plexus back end's expressions: C++ types and names, and the text of every expression
// (emit_context.hpp; kernel statements are emit_kernel_statement.cpp's).
#include <fmt/format.h>

#include <set>

#include "plexus/core/error.hpp"
#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl::emit {

std::string cpp_type(value_kind k) {
  switch (k) {
    case value_kind::int_:
      return "std::int32_t";
    case value_kind::long_:
      return "std::int64_t";
    case value_kind::float_:
      return "float";
    case value_kind::double_:
      return "double";
    case value_kind::bool_:
      return "bool";
    case value_kind::node:
      return "::plexus::vertex_t";
    case value_kind::edge:
      return "::plexus::edge_t";
    default:
      return "double";
  }
}

std::string element_type(value_kind k) {
  return k == value_kind::bool_ ? "unsigned" : cpp_type(k);
}

std::string identifier(const std::string& name) {
  static const std::set<std::string> reserved = {
      "alignas",  "alignof", "and",      "asm",          "auto",     "bitand",   "bitor",     "break",
      "case",     "catch",   "char",     "class",        "compl",    "const",    "constexpr", "continue",
      "default",  "delete",  "double",   "dynamic_cast", "else",     "enum",     "explicit",  "export",
      "extern",   "false",   "float",    "for",          "friend",   "goto",     "if",        "inline",
      "int",      "long",    "mutable",  "namespace",    "new",      "noexcept", "not",       "nullptr",
      "operator", "or",      "private",  "protected",    "public",   "register", "return",    "short",
      "signed",   "sizeof",  "static",   "struct",       "switch",   "template", "this",      "throw",
      "true",     "try",     "typedef",  "typeid",       "typename", "union",    "unsigned",  "using",
      "virtual",  "void",    "volatile", "while",        "xor",      "space",    "g",         "std",
      "plexus",   "exec",    "Space"};
  if (reserved.count(name) || name.rfind("plx_", 0) == 0) return name + "_";
  return name;
}

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out += fmt::format("\\{}", c);
    else if (byte >= 0x20 && byte < 0x7f)
      out += c;
    else
      out += fmt::format("\\{:03o}", byte);  // octal: at most three digits, unlike \x
  }
  return out + "\"";
}

std::string printer::place(source_range at) const {
  const line_column p = file_.position(at.begin);
  return string_literal(fmt::format("{}:{}:{}", file_.name(), p.line, p.column));
}

void printer::check_vertex(const expression& node) {
  line(fmt::format("::plexus::dsl::runtime::check_vertex({}, plx_n, {});",
                   value(node, value_kind::long_, nullptr), place(node.range)));
}

std::string printer::vertex_index(const expression& node, const kernel_context* kernel) const {
  if (vertices && vertices->holds(node)) return value(node, value_kind::node, kernel);
  const auto [at, added] = place_numbers_.try_emplace(node.range.begin, places_.size());
  if (added) places_.push_back(place(node.range));
  ++checks_;
  // A node is checked as it is; any other value as the program computed it, in 64 bits (an
  // int -1 is node -1, as the interpreter says).
  const value_kind as = kind_of(node) == value_kind::node ? value_kind::node : value_kind::long_;
  return fmt::format("plx_vertex({}, {})", value(node, as, kernel), at->second);
}

void printer::throw_if_failed(std::size_t since) {
  if (checks_ > since) line("plx_faults.throw_if_failed();");
}

void printer::declare_checks(std::size_t at) {
  if (places_.empty()) return;
  std::string places;
  for (const std::string& p : places_) places += (places.empty() ? "" : ", ") + p;
  std::string body = std::move(out_);
  out_.clear();
  line(fmt::format("::plexus::dsl::runtime::vertex_faults<Space> plx_faults(plx_n, {{{}}});", places));
  line("const ::plexus::dsl::runtime::vertex_check plx_vertex = plx_faults.check();");
  out_ = body.insert(at, out_);
}

void printer::unsupported(source_range at, const std::string& what) const {
  const line_column p = file_.position(at.begin);
  throw error(error_kind::unsupported, fmt::format("{}:{}:{}: {} is not supported by the Plexus back end",
                                                   file_.name(), p.line, p.column, what));
}

value_kind printer::kind_of(const expression& e) const {
  const auto it = types_.types.find(&e);
  if (it == types_.types.end()) return value_kind::invalid;
  const value_type& t = it->second;
  if (t.kind == value_kind::node_property || t.kind == value_kind::edge_property) return t.element;
  return t.kind;
}

value_kind printer::place_kind(const expression& target) const {
  if (target.kind == expression_kind::member) {
    const symbol* s = find(target.text);
    return s ? s->type : kind_of(target);
  }
  const symbol* s = find(target.text);
  if (s && s->kind == symbol_kind::scalar) return s->type;
  return kind_of(target);
}

std::string printer::element(const expression& member, const kernel_context* kernel) const {
  if (!kernel) unsupported(member.range, "a property read or written outside a parallel loop");
  return fmt::format("{}[{}]", identifier(member.text), vertex_index(*member.operands[0], kernel));
}

std::string printer::value(const expression& e, value_kind want, const kernel_context* kernel) const {
  const std::string text = expression_text(e, want, kernel);
  const value_kind have = e.kind == expression_kind::infinity ? want : kind_of(e);
  if (want == value_kind::invalid || want == have) return text;
  if (want == value_kind::bool_) return fmt::format("static_cast<bool>({})", text);
  return fmt::format("static_cast<{}>({})", cpp_type(want), text);
}

std::string printer::expression_text(const expression& e, value_kind want,
                                     const kernel_context* kernel) const {
  switch (e.kind) {
    case expression_kind::integer:
      return e.text;
    case expression_kind::floating:
      return e.text;
    case expression_kind::boolean:
      return e.boolean ? "true" : "false";
    case expression_kind::infinity: {
      const value_kind k =
          want == value_kind::invalid || want == value_kind::bool_ ? value_kind::double_ : want;
      return fmt::format("{}::plexus::dsl::runtime::infinity<{}>()", e.negative ? "-" : "", cpp_type(k));
    }
    case expression_kind::name: {
      const symbol* s = find(e.text);
      if (s && s->kind == symbol_kind::property) {
        // A bare property name inside a filter is the filtered iterator's.
        if (!kernel || kernel->filter_iterator.empty()) unsupported(e.range, "a whole property as a value");
        const std::string at = fmt::format("{}[{}]", identifier(e.text), identifier(kernel->filter_iterator));
        return s->type == value_kind::bool_ ? fmt::format("({} != 0u)", at) : at;
      }
      return identifier(e.text);
    }
    case expression_kind::member: {
      const symbol* s = find(e.text);
      if (s && s->kind == symbol_kind::edge_property) {
        if (!kernel) unsupported(e.range, "an edge property outside a parallel loop");
        return fmt::format("static_cast<{}>(plx_out.weight({}))", cpp_type(s->type),
                           expression_text(*e.operands[0], value_kind::invalid, kernel));
      }
      const std::string at = element(e, kernel);
      return s && s->type == value_kind::bool_ ? fmt::format("({} != 0u)", at) : at;
    }
    case expression_kind::call:
      return call_text(e, want, kernel);
    case expression_kind::unary:
      return fmt::format("({}{})", e.text == "+" ? "" : e.text,
                         expression_text(*e.operands[0], want, kernel));
    case expression_kind::binary: {
      const expression& a = *e.operands[0];
      const expression& b = *e.operands[1];
      // INF on one side takes the other side's type.
      value_kind side = value_kind::invalid;
      if (a.kind == expression_kind::infinity) side = kind_of(b);
      if (b.kind == expression_kind::infinity) side = kind_of(a);
      const bool arithmetic =
          e.text == "+" || e.text == "-" || e.text == "*" || e.text == "/" || e.text == "%";
      if (side == value_kind::invalid && arithmetic) side = want;
      return fmt::format("({} {} {})", expression_text(a, side, kernel), e.text,
                         expression_text(b, side, kernel));
    }
    case expression_kind::reduction: {
      if ((e.text == "Min" || e.text == "Max") && e.operands.size() == 2) {
        const value_kind k = want != value_kind::invalid ? want : kind_of(*e.operands[0]);
        const std::string a = value(*e.operands[0], k, kernel), b = value(*e.operands[1], k, kernel);
        return fmt::format("({} {} {} ? {} : {})", a, e.text == "Min" ? "<" : ">", b, a, b);
      }
      unsupported(e.range, "this reduction as a value");
    }
    default:
      unsupported(e.range, "this expression");
  }
}

std::string printer::call_text(const expression& e, value_kind want, const kernel_context* kernel) const {
  const expression& callee = *e.operands[0];
  if (callee.kind != expression_kind::member) unsupported(e.range, "this call");
  const std::string& method = callee.text;
  const auto argument = [&](std::size_t i) { return vertex_index(*e.operands[i], kernel); };
  if (method == "num_nodes") return "static_cast<std::int32_t>(g.num_vertices)";
  if (method == "num_edges") return "static_cast<std::int64_t>(g.out.num_edges)";
  if (!kernel) unsupported(e.range, "g." + method + " outside a parallel loop");
  if (method == "count_outNbrs")
    return fmt::format("static_cast<std::int32_t>(plx_out.degree({}))", argument(1));
  if (method == "is_an_edge")
    return fmt::format("::plexus::dsl::runtime::has_arc(plx_out, {}, {})", argument(1), argument(2));
  if (method == "get_edge") {
    // The arc a neighbour loop is on, when it is that loop's (v, w).
    const expression& to = *e.operands[2];
    if (to.kind == expression_kind::name) {
      const auto arc = kernel->arcs.find(to.text);
      const auto of = kernel->arc_of.find(to.text);
      if (arc != kernel->arcs.end() && of != kernel->arc_of.end() &&
          e.operands[1]->kind == expression_kind::name && e.operands[1]->text == of->second)
        return arc->second;
    }
    return fmt::format("::plexus::dsl::runtime::find_arc(plx_out, {}, {})", argument(1), argument(2));
  }
  (void)want;
  unsupported(e.range, "g." + method + " in an expression");
}

}  // namespace plexus::dsl::emit
