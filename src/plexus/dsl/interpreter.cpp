// The DSL's serial interpreter: running a function and its statements; see interpreter.hpp for
// the semantics and interpreting.hpp for the state.
#include "plexus/dsl/interpreter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/dsl/interpreting.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"

namespace plexus::dsl {

namespace {

/// Whether weight `w` is a value of kind `k` (so that converting it loses nothing).
bool fits(double w, value_kind k) {
  // Whole, at least `least` and below `bound`.
  const auto whole_in = [&](double least, double bound) {
    return std::isfinite(w) && std::trunc(w) == w && w >= least && w < bound;
  };
  switch (k) {
    case value_kind::int_:
      return whole_in(-0x1p31, 0x1p31);
    case value_kind::long_:
    case value_kind::edge:
      return whole_in(-0x1p63, 0x1p63);
    case value_kind::node:
      return whole_in(0, static_cast<double>(invalid_vertex));
    case value_kind::bool_:
      return w == 0 || w == 1;
    default:
      return true;
  }
}

}  // namespace

void check_edge_weights(const function& f, const csr_graph& graph) {
  const auto& arcs = graph.out();
  for (const parameter& p : f.parameters) {
    const value_type t = type_of(p.type);
    if (t.kind != value_kind::edge_property || arcs.weights.empty()) continue;
    for (vertex_t v = 0; v < graph.num_vertices(); ++v)
      for (edge_t e = arcs.offsets[v]; e < arcs.offsets[v + 1]; ++e)
        if (!fits(arcs.weights[e], t.element))
          throw error(
              error_kind::unsupported,
              fmt::format("the edge property '{}' is {}, but the arc {} -> {} weighs {}, which is not {} {}: "
                          "declare the property float",
                          p.name, describe(t), graph.original_id(v), graph.original_id(arcs.indices[e]),
                          arcs.weights[e], t.element == value_kind::int_ ? "an" : "a",
                          describe({t.element})));
  }
}

namespace interpreting {

std::string interpreter::located(source_range at, const std::string& what) const {
  const line_column p = file_.position(at.begin);
  return fmt::format("{}:{}:{}: {}", file_.name(), p.line, p.column, what);
}

void interpreter::fail(source_range at, const std::string& what) const {
  throw error(error_kind::parse, located(at, what));
}

vertex_t interpreter::vertex(const expression& e) {
  const scalar v = evaluate(e);
  if (!runtime::is_vertex(v.integer, graph_.num_vertices()))
    fail(e.range, runtime::not_a_vertex(v.integer, graph_.num_vertices()));
  return static_cast<vertex_t>(v.integer);
}

std::size_t interpreter::element(const property& p, const expression& at) {
  if (!p.on_edges) return vertex(at);
  const scalar e = evaluate(at);
  const std::size_t arcs = p.data.values.size();
  if (e.integer < 0 || static_cast<std::uint64_t>(e.integer) >= arcs)
    fail(at.range, arcs == 0 ? fmt::format("edge {} is not an edge of the graph (it has none)", e.integer)
                             : fmt::format("edge {} is not an edge of the graph ({} arcs, ids 0..{})",
                                           e.integer, arcs, arcs - 1));
  return static_cast<std::size_t>(e.integer);
}

run_outputs interpreter::run(const function& f, const run_inputs& inputs) {
  check_edge_weights(f, graph_);
  const scoped parameters(scopes_);
  run_outputs out;
  for (const parameter& p : f.parameters) {
    const value_type t = type_of(p.type);
    slot s;
    switch (t.kind) {
      case value_kind::graph:
        s.graph = true;
        break;
      case value_kind::node_property:
      case value_kind::edge_property:
        s.prop = make_property(t);
        if (t.kind == value_kind::edge_property) fill_weights(*s.prop);
        break;
      case value_kind::node_set: {
        const auto given = inputs.sets.find(p.name);
        if (given == inputs.sets.end())
          throw error(error_kind::invalid_argument, fmt::format("the set parameter '{}' was not given", p.name));
        runtime::check_set_parameter(given->second, graph_.num_vertices(), p.name);
        s.set = std::make_shared<std::vector<vertex_t>>(given->second);
        break;
      }
      default: {
        const auto given = inputs.scalars.find(p.name);
        if (given == inputs.scalars.end())
          throw error(error_kind::invalid_argument, fmt::format("the parameter '{}' was not given", p.name));
        s.declared = t.kind;
        s.value = convert(given->second, t.kind);
        if (t.kind == value_kind::node)
          runtime::check_node_parameter(s.value.integer, graph_.num_vertices(), p.name);
      }
    }
    bind(p.name, s);
  }
  try {
    run_block(f.body);
  } catch (const returned& r) {
    out.returned = r.value;
  }
  for (const parameter& p : f.parameters)
    if (p.type.kind == type_kind::node_property) out.properties[p.name] = lookup(p.name).prop->data;
  return out;
}

slot& interpreter::lookup(const std::string& name) {
  if (slot* s = scopes_.find(name)) return *s;
  throw error(error_kind::internal, fmt::format("the interpreter met the undeclared name '{}'", name));
}

std::shared_ptr<property> interpreter::make_property(const value_type& t) {
  auto p = std::make_shared<property>();
  p->on_edges = t.kind == value_kind::edge_property;
  p->data.element = t.element;
  const std::size_t size = p->on_edges ? graph_.out().indices.size() : graph_.num_vertices();
  p->data.values.assign(size, convert(scalar::of_int(0), t.element));
  return p;
}

void interpreter::fill_weights(property& p) const {
  const auto& weights = graph_.out().weights;
  for (std::size_t e = 0; e < p.data.values.size(); ++e)
    p.data.values[e] = convert(scalar::of_double(weights.empty() ? 1.0 : static_cast<double>(weights[e])), p.data.element);
}

void interpreter::run_block(const std::vector<statement_ptr>& body) {
  // Every loop's body is a block: a run asked to stop ends within one iteration.
  throw_if_stop_requested();
  const scoped block(scopes_);
  for (const statement_ptr& s : body) run_statement(*s);
}

void interpreter::run_statement(const statement& s) {
  switch (s.kind) {
    case statement_kind::block:
      run_block(s.body);
      break;
    case statement_kind::declaration: {
      const value_type t = type_of(*s.type);
      slot declared;
      if (t.kind == value_kind::node_property || t.kind == value_kind::edge_property) {
        declared.prop = make_property(t);
      } else {
        declared.declared = t.kind;
        declared.value = convert(s.value ? evaluate(*s.value) : scalar::of_int(0), t.kind);
      }
      bind(s.name, std::move(declared));
      break;
    }
    case statement_kind::assignment:
      assign(*s.target, *s.value);
      break;
    case statement_kind::compound:
    case statement_kind::step:
      update(s);
      break;
    case statement_kind::call:
      evaluate(*s.value);
      break;
    case statement_kind::multi_assignment:
      min_max_assign(s);
      break;
    case statement_kind::return_:
      throw returned{evaluate(*s.value)};
    case statement_kind::if_:
      // An else-if ladder arm by arm, not by recursion.
      for (const statement* arm = &s; arm; arm = else_if(*arm)) {
        if (evaluate(*arm->condition).boolean) {
          run_block(arm->body);
          break;
        }
        if (!else_block(*arm).empty()) run_block(arm->else_body);
      }
      break;
    case statement_kind::while_:
      while (evaluate(*s.condition).boolean) run_block(s.body);
      break;
    case statement_kind::do_while:
      do run_block(s.body);
      while (evaluate(*s.condition).boolean);
      break;
    case statement_kind::forall:
    case statement_kind::for_:
      for (const vertex_t v : domain(*s.domain, s.name)) {
        const scoped iteration(scopes_);
        bind(s.name, node_slot(v));
        run_block(s.body);
      }
      break;
    case statement_kind::fixed_point:
      fixed_point(s);
      break;
    case statement_kind::bfs:
      bfs(s);
      break;
  }
}

slot interpreter::node_slot(vertex_t v) const {
  slot s;
  s.declared = value_kind::node;
  s.value = scalar::of_int(v, value_kind::node);
  return s;
}

void interpreter::assign(const expression& target, const expression& value) {
  if (value.kind == expression_kind::reduction) {  // x = Min(x, y)
    const scalar current = evaluate(target), offered = evaluate(*value.operands[1]);
    if (better(value.text, offered, current)) store(target, offered);
    return;
  }
  if (target.kind == expression_kind::name) {
    slot& s = lookup(target.text);
    if (s.prop) {  // a whole property: copied
      s.prop->data = lookup(value.text).prop->data;
      return;
    }
  }
  store(target, evaluate(value));
}

void interpreter::update(const statement& s) {
  const scalar current = evaluate(*s.target);
  scalar result;
  if (s.op == "++" || s.op == "--") {
    result = arithmetic(s.op == "++" ? "+" : "-", current, scalar::of_int(1));
  } else {
    const scalar operand = evaluate(*s.value);
    const std::string op = s.op.substr(0, s.op.size() - 1);  // "+=" -> "+", "&&=" -> "&&"
    if (op == "|" || op == "||") result = scalar::of_bool(current.boolean || operand.boolean);
    else if (op == "&" || op == "&&") result = scalar::of_bool(current.boolean && operand.boolean);
    else
      result = arithmetic_at(s.range, op, current, operand);
  }
  store(*s.target, result);
}

void interpreter::min_max_assign(const statement& s) {
  const expression& call = *s.values[0];
  const scalar current = evaluate(*s.targets[0]), offered = evaluate(*call.operands[1]);
  if (!better(call.text, offered, current)) return;
  std::vector<scalar> values{offered};
  for (std::size_t k = 1; k < s.values.size(); ++k) values.push_back(evaluate(*s.values[k]));
  for (std::size_t k = 0; k < s.targets.size(); ++k) store(*s.targets[k], values[k]);
}

bool interpreter::better(const std::string& min_or_max, const scalar& offered, const scalar& current) {
  return min_or_max == "Min" ? less(offered, current) : less(current, offered);
}

void interpreter::store(const expression& target, const scalar& v) {
  switch (target.kind) {
    case expression_kind::name: {
      slot& s = lookup(target.text);
      s.value = convert(v, s.declared);
      return;
    }
    case expression_kind::member: {
      property& p = *lookup(target.text).prop;
      p.data.values[element(p, *target.operands[0])] = convert(v, p.data.element);
      return;
    }
    case expression_kind::index: {
      property& p = *lookup(target.operands[0]->text).prop;
      p.data.values[vertex(*target.operands[1])] = convert(v, p.data.element);
      return;
    }
    default:
      throw error(error_kind::internal, "the interpreter met an assignment to an unassignable expression");
  }
}

}  // namespace interpreting

run_outputs interpret(const program& tree, const source_file& file, const std::string& function_name,
                      const csr_graph& graph, const run_inputs& inputs) {
  const auto f = std::find_if(tree.functions.begin(), tree.functions.end(),
                              [&](const function& g) { return g.name == function_name; });
  if (f == tree.functions.end())
    throw error(error_kind::invalid_argument, fmt::format("the program has no function '{}'", function_name));
  return interpreting::interpreter(file, graph).run(*f, inputs);
}

}  // namespace plexus::dsl
