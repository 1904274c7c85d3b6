// The types of a DSL program's expressions; see expression_checker.hpp and checker.hpp.
#include "plexus/dsl/expression_checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace plexus::dsl {

namespace {

value_kind promote(value_kind a, value_kind b) {
  const auto rank = [](value_kind k) {
    switch (k) {
      case value_kind::double_: return 4;
      case value_kind::float_: return 3;
      case value_kind::long_: return 2;
      default: return 1;  // int, node, INF
    }
  };
  if (a == value_kind::infinity) return b == value_kind::infinity ? value_kind::long_ : b;
  if (b == value_kind::infinity) return a;
  const int r = std::max(rank(a), rank(b));
  return r == 4 ? value_kind::double_ : r == 3 ? value_kind::float_ : r == 2 ? value_kind::long_ : value_kind::int_;
}

bool is_integral(value_kind k) { return k == value_kind::int_ || k == value_kind::long_ || k == value_kind::node; }

}  // namespace

std::string expression_checker::text(const expression& e) const {
  return problems_.file().text().substr(e.range.begin, e.range.end - e.range.begin);
}

value_type expression_checker::expression_type(const expression& e) {
  const value_type t = compute_type(e);
  out_.types[&e] = t;
  return t;
}

value_type expression_checker::compute_type(const expression& e) {
  switch (e.kind) {
    case expression_kind::integer:
      return {e.integer >= std::numeric_limits<std::int32_t>::min() && e.integer <= std::numeric_limits<std::int32_t>::max()
                  ? value_kind::int_
                  : value_kind::long_};
    case expression_kind::floating:
      return {value_kind::double_};
    case expression_kind::boolean:
      return {value_kind::bool_};
    case expression_kind::infinity:
      return {value_kind::infinity};
    case expression_kind::name:
      return name_type(e);
    case expression_kind::member:
      return member_type(e);
    case expression_kind::call:
      return call_type(e);
    case expression_kind::filter:
      error(e.range, "'filter' applies only to the domain of a loop");
      return {};
    case expression_kind::index:
      return index_type(e);
    case expression_kind::unary:
      return unary_type(e);
    case expression_kind::binary:
      return binary_type(e);
    case expression_kind::reduction:
      if (e.text == "Min" || e.text == "Max")
        error(e.range, fmt::format("'{0}' updates its first argument: write 'a = {0}(a, x)' or "
                                   "'<a, ...> = <{0}(a, x), ...>'",
                                   e.text));
      else
        error(e.range, fmt::format("'{}' is not supported: use a variable and '+=' inside the loop", e.text));
      return {};
    case expression_kind::named_argument:
      error(e.range, "'name = value' arguments belong to attachNodeProperty and attachEdgeProperty");
      return {};
  }
  return {};
}

value_type expression_checker::name_type(const expression& e) {
  const symbol* s = lookup(e.text);
  if (!s) {
    error(e.range, fmt::format("unknown name '{}'", e.text));
    return {};
  }
  // Inside a filter, a node property alone is the iterator's.
  if (in_filter_ > 0 && s->type.kind == value_kind::node_property) return {s->type.element};
  return s->type;
}

value_type expression_checker::member_type(const expression& e) {
  const expression& object = *e.operands[0];
  const value_type owner = expression_type(object);
  if (owner.kind == value_kind::invalid) return {};
  if (owner.kind == value_kind::graph) {
    error(e.range, fmt::format("'{}' is a method of the graph: call it, as in '{}()'", e.text, text(e)));
    return {};
  }
  if (owner.kind != value_kind::node && owner.kind != value_kind::edge) {
    error(e.range, fmt::format("'{}' is {}: only nodes and edges have properties", text(object), describe(owner)));
    return {};
  }
  const bool on_node = owner.kind == value_kind::node;
  const symbol* p = lookup(e.text);
  if (!p || (p->type.kind != value_kind::node_property && p->type.kind != value_kind::edge_property)) {
    error(e.range, fmt::format("unknown property '{}' of {} '{}'", e.text, on_node ? "node" : "edge", text(object)));
    return {};
  }
  if (on_node != (p->type.kind == value_kind::node_property)) {
    error(e.range, fmt::format("'{}' is {} property, not a property of {} '{}'", e.text,
                               on_node ? "an edge" : "a node", on_node ? "node" : "edge", text(object)));
    return {};
  }
  return {p->type.element};
}

value_type expression_checker::index_type(const expression& e) {
  const value_type object = expression_type(*e.operands[0]);
  const value_type index = expression_type(*e.operands[1]);
  if (object.kind == value_kind::invalid || index.kind == value_kind::invalid) return {};
  if (object.kind != value_kind::node_property || !is_integral(index.kind)) {
    error(e.range, fmt::format("only a node property can be indexed, by a node: '{}' is {}", text(*e.operands[0]),
                               describe(object)));
    return {};
  }
  return {object.element};
}

value_type expression_checker::unary_type(const expression& e) {
  const value_type t = expression_type(*e.operands[0]);
  if (t.kind == value_kind::invalid) return {};
  if (e.text == "!") {
    if (t.kind == value_kind::bool_) return t;
    error(e.range, fmt::format("'!' needs a bool, not {}", describe(t)));
    return {};
  }
  if (numeric_or_infinity(t.kind)) return t;
  error(e.range, fmt::format("'{}' needs a number, not {}", e.text, describe(t)));
  return {};
}

value_type expression_checker::binary_type(const expression& e) {
  const value_type a = expression_type(*e.operands[0]);
  const value_type b = expression_type(*e.operands[1]);
  if (a.kind == value_kind::invalid || b.kind == value_kind::invalid) return {};
  const std::string& op = e.text;
  if (op == "&&" || op == "||") {
    if (a.kind == value_kind::bool_ && b.kind == value_kind::bool_) return a;
    error(e.range, fmt::format("'{}' needs two bools, not {} and {}", op, describe(a), describe(b)));
    return {};
  }
  if (op == "==" || op == "!=") {
    if ((numeric_or_infinity(a.kind) && numeric_or_infinity(b.kind)) || (a.kind == b.kind && (a.kind == value_kind::bool_ || a.kind == value_kind::edge)))
      return {value_kind::bool_};
    error(e.range, fmt::format("cannot compare {} with {}", describe(a), describe(b)));
    return {};
  }
  if (!numeric_or_infinity(a.kind) || !numeric_or_infinity(b.kind)) {
    error(e.range, fmt::format("'{}' needs numbers, not {} and {}", op, describe(a), describe(b)));
    return {};
  }
  if (op == "<" || op == ">" || op == "<=" || op == ">=") return {value_kind::bool_};
  if (op == "%" && (!is_integral(a.kind) || !is_integral(b.kind))) {
    error(e.range, fmt::format("'%' needs integers, not {} and {}", describe(a), describe(b)));
    return {};
  }
  return {promote(a.kind, b.kind)};
}

value_type expression_checker::call_type(const expression& e) {
  const expression& callee = *e.operands[0];
  const std::size_t given = e.operands.size() - 1;
  if (callee.kind == expression_kind::member) {
    const value_type object = expression_type(*callee.operands[0]);
    if (object.kind == value_kind::invalid) return {};
    if (object.kind != value_kind::graph) {
      error(callee.range, fmt::format("unknown method '{}' of {}", callee.text, describe(object)));
      return {};
    }
    return graph_method(e, callee.text, given);
  }
  const auto found = functions_.find(callee.text);
  if (found == functions_.end()) {
    error(callee.range, fmt::format("unknown function '{}'", callee.text));
    return {};
  }
  const function* f = found->second;
  if (given != f->parameters.size())
    error(e.range, fmt::format("'{}' takes {} arguments, given {}", f->name, f->parameters.size(), given));
  for (std::size_t k = 1; k < e.operands.size(); ++k) expression_type(*e.operands[k]);
  return {};  // what another function returns is not tracked
}

/// Checks the arguments of a graph method against `kinds` (node or edge); returns whether
/// their count was right.
bool expression_checker::arguments(const expression& call, const std::string& method, std::initializer_list<value_kind> kinds) {
  const std::size_t given = call.operands.size() - 1;
  if (given != kinds.size()) {
    error(call.range, fmt::format("'{}' takes {} argument{}, given {}", method, kinds.size(),
                                  kinds.size() == 1 ? "" : "s", given));
    return false;
  }
  std::size_t k = 1;
  for (const value_kind want : kinds) {
    const expression& a = *call.operands[k];
    const value_type t = expression_type(a);
    const bool fits = t.kind == value_kind::invalid || t.kind == want || (want == value_kind::node && is_integral(t.kind));
    if (!fits)
      error(a.range, fmt::format("argument {} of '{}' must be a {}, not {}", k, method,
                                 want == value_kind::node ? "node" : "edge", describe(t)));
    ++k;
  }
  return true;
}

value_type expression_checker::graph_method(const expression& call, const std::string& method, std::size_t given) {
  using enum value_kind;
  if (method == "nodes") return arguments(call, method, {}) ? value_type{node_range, invalid, true} : value_type{};
  if (method == "neighbors" || method == "nodes_to")
    return arguments(call, method, {node}) ? value_type{node_range} : value_type{};
  if (method == "num_nodes") return arguments(call, method, {}) ? value_type{int_} : value_type{};
  if (method == "num_edges") return arguments(call, method, {}) ? value_type{long_} : value_type{};
  if (method == "count_outNbrs") return arguments(call, method, {node}) ? value_type{int_} : value_type{};
  if (method == "is_an_edge") return arguments(call, method, {node, node}) ? value_type{bool_} : value_type{};
  if (method == "get_edge") return arguments(call, method, {node, node}) ? value_type{edge} : value_type{};
  if (method == "attachNodeProperty" || method == "attachEdgeProperty") {
    attach(call, method, method == "attachNodeProperty" ? node_property : edge_property, given);
    return {nothing};
  }
  error(call.operands[0]->range,
        fmt::format("unknown graph method '{}': a graph has nodes, neighbors, nodes_to, num_nodes, num_edges, "
                    "count_outNbrs, is_an_edge, get_edge, attachNodeProperty and attachEdgeProperty",
                    method));
  return {};
}

void expression_checker::attach(const expression& call, const std::string& method, value_kind kind, std::size_t given) {
  if (!parallel_.empty()) error(call.range, fmt::format("'{}' cannot run inside a parallel loop", method));
  if (given == 0) error(call.range, fmt::format("'{}' needs at least one 'property = value'", method));
  for (std::size_t k = 1; k < call.operands.size(); ++k) {
    const expression& a = *call.operands[k];
    if (a.kind != expression_kind::named_argument) {
      error(a.range, fmt::format("the arguments of '{}' are 'property = value'", method));
      continue;
    }
    const value_type value = expression_type(*a.operands[0]);
    const symbol* p = lookup(a.text);
    if (!p) {
      error(a.range, fmt::format("unknown name '{}'", a.text));
    } else if (p->type.kind != kind) {
      error(a.range, fmt::format("'{}' is {}, not a {} property", a.text, describe(p->type),
                                 kind == value_kind::node_property ? "node" : "edge"));
    } else if (!assignable({p->type.element}, value)) {
      error(a.operands[0]->range, fmt::format("cannot fill '{}' of type {} with {}", a.text, describe(p->type),
                                              describe(value)));
    }
  }
}

}  // namespace plexus::dsl
