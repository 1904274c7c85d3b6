// The DSL's serial interpreter, its expressions: values, arithmetic and comparisons, calls (interpreting.hpp).
#include "plexus/dsl/interpreting.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus::dsl::interpreting {

scalar interpreter::evaluate(const expression& e) {
  switch (e.kind) {
    case expression_kind::integer:
      return scalar::of_int(e.integer, e.integer == static_cast<std::int32_t>(e.integer) ? value_kind::int_ : value_kind::long_);
    case expression_kind::floating:
      return scalar::of_double(e.floating);
    case expression_kind::boolean:
      return scalar::of_bool(e.boolean);
    case expression_kind::infinity: {
      scalar inf;
      inf.kind = value_kind::infinity;
      inf.negative = e.negative;
      return inf;
    }
    case expression_kind::name: {
      slot& s = lookup(e.text);
      // Inside a filter a node property alone is the tested vertex's.
      if (s.prop && !filter_vertex_.empty()) return s.prop->data.values[filter_vertex_.back()];
      return s.value;
    }
    case expression_kind::member: {
      const property& p = *lookup(e.text).prop;
      return p.data.values[element(p, *e.operands[0])];
    }
    case expression_kind::index: {
      const property& p = *lookup(e.operands[0]->text).prop;
      return p.data.values[vertex(*e.operands[1])];
    }
    case expression_kind::unary: {
      const scalar v = evaluate(*e.operands[0]);
      if (e.text == "!") return scalar::of_bool(!v.boolean);
      return e.text == "+" ? v : negated(v);
    }
    case expression_kind::binary:
      return binary(e);
    case expression_kind::call:
      return call(e);
    default:
      throw error(error_kind::internal, "the interpreter met an expression the checker refuses");
  }
}

scalar interpreter::binary(const expression& e) {
  const std::string& op = e.text;
  if (op == "&&") return scalar::of_bool(evaluate(*e.operands[0]).boolean && evaluate(*e.operands[1]).boolean);
  if (op == "||") return scalar::of_bool(evaluate(*e.operands[0]).boolean || evaluate(*e.operands[1]).boolean);
  scalar a = evaluate(*e.operands[0]), b = evaluate(*e.operands[1]);
  if (op == "==" || op == "!=") {
    settle_infinity(a, b);
    const bool equal = a.kind == value_kind::bool_ ? a.boolean == b.boolean : !less(a, b) && !less(b, a);
    return scalar::of_bool(op == "==" ? equal : !equal);
  }
  settle_infinity(a, b);
  if (op == "<") return scalar::of_bool(less(a, b));
  if (op == ">") return scalar::of_bool(less(b, a));
  if (op == "<=") return scalar::of_bool(!less(b, a));
  if (op == ">=") return scalar::of_bool(!less(a, b));
  return arithmetic_at(e.range, op, a, b);
}

scalar interpreter::arithmetic_at(source_range at, const std::string& op, const scalar& a,
                                  const scalar& b) const {
  try {
    return arithmetic(op, a, b);
  } catch (const error& e) {
    fail(at, e.what());
  }
}

scalar interpreter::call(const expression& e) {
  const expression& callee = *e.operands[0];
  if (callee.kind != expression_kind::member)
    throw error(
        error_kind::unsupported,
        located(e.range, fmt::format("calls between functions ('{}') are not interpreted yet", callee.text)));
  const std::string& method = callee.text;
  const auto arg = [&](std::size_t k) { return vertex(*e.operands[k]); };
  if (method == "num_nodes") return scalar::of_int(graph_.num_vertices());
  if (method == "num_edges") return scalar::of_int(static_cast<std::int64_t>(graph_.num_edges()), value_kind::long_);
  if (method == "count_outNbrs") {
    const vertex_t v = arg(1);
    return scalar::of_int(static_cast<std::int64_t>(graph_.out().offsets[v + 1] - graph_.out().offsets[v]));
  }
  if (method == "is_an_edge" || method == "get_edge") {
    const vertex_t u = arg(1), w = arg(2);
    const auto& out = graph_.out();
    const auto begin = out.indices.begin() + static_cast<std::ptrdiff_t>(out.offsets[u]);
    const auto end = out.indices.begin() + static_cast<std::ptrdiff_t>(out.offsets[u + 1]);
    const auto at = std::lower_bound(begin, end, w);  // neighbour lists are sorted
    const bool found = at != end && *at == w;
    if (method == "is_an_edge") return scalar::of_bool(found);
    if (!found) fail(e.range, fmt::format("g.get_edge: there is no arc from node {} to node {}", u, w));
    return scalar::of_int(at - out.indices.begin(), value_kind::edge);
  }
  if (method == "attachNodeProperty" || method == "attachEdgeProperty") {
    for (std::size_t k = 1; k < e.operands.size(); ++k) {
      const expression& a = *e.operands[k];
      property& p = *lookup(a.text).prop;
      const scalar v = convert(evaluate(*a.operands[0]), p.data.element);
      std::fill(p.data.values.begin(), p.data.values.end(), v);
    }
    return {value_kind::nothing};
  }
  throw error(error_kind::internal, fmt::format("the interpreter met the unknown method '{}'", method));
}

}  // namespace plexus::dsl::interpreting
