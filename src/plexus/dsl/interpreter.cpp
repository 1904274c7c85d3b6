// The DSL's serial interpreter; see interpreter.hpp for the semantics.
#include "plexus/dsl/interpreter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/dsl/scopes.hpp"

namespace plexus::dsl {

namespace {

struct property {
  bool on_edges = false;
  property_values data;
};

// What a name holds.
struct slot {
  value_kind declared = value_kind::int_;  // of a scalar
  scalar value;
  std::shared_ptr<property> prop;
  std::shared_ptr<std::vector<vertex_t>> set;
  bool graph = false;
};

// The BFS an iterateInBFS body runs in: levels of every reached vertex.
struct bfs_context {
  std::vector<std::int64_t> level;  // -1: not reached
};

class interpreter {
 public:
  explicit interpreter(const csr_graph& graph) : graph_(graph) {}

  run_outputs run(const function& f, const run_inputs& inputs) {
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
          s.set = std::make_shared<std::vector<vertex_t>>(given->second);
          break;
        }
        default: {
          const auto given = inputs.scalars.find(p.name);
          if (given == inputs.scalars.end())
            throw error(error_kind::invalid_argument, fmt::format("the parameter '{}' was not given", p.name));
          s.declared = t.kind;
          s.value = convert(given->second, t.kind);
          if (t.kind == value_kind::node && (s.value.integer < 0 || s.value.integer >= graph_.num_vertices()))
            throw error(error_kind::invalid_argument,
                        fmt::format("the node parameter '{}' is {}, not a vertex of the graph", p.name, s.value.integer));
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

 private:
  struct returned {
    scalar value;
  };

  // ---- names ----
  slot& lookup(const std::string& name) {
    if (slot* s = scopes_.find(name)) return *s;
    throw error(error_kind::internal, fmt::format("the interpreter met the undeclared name '{}'", name));
  }
  void bind(const std::string& name, slot s) { scopes_.add(name, std::move(s)); }
  using scoped = scope_stack<slot>::scope;

  std::shared_ptr<property> make_property(const value_type& t) {
    auto p = std::make_shared<property>();
    p->on_edges = t.kind == value_kind::edge_property;
    p->data.element = t.element;
    const std::size_t size = p->on_edges ? graph_.out().indices.size() : graph_.num_vertices();
    p->data.values.assign(size, convert(scalar::of_int(0), t.element));
    return p;
  }
  void fill_weights(property& p) const {
    const auto& weights = graph_.out().weights;
    for (std::size_t e = 0; e < p.data.values.size(); ++e)
      p.data.values[e] = convert(scalar::of_double(weights.empty() ? 1.0 : static_cast<double>(weights[e])), p.data.element);
  }

  // ---- statements ----
  void run_block(const std::vector<statement_ptr>& body) {
    const scoped block(scopes_);
    for (const statement_ptr& s : body) run_statement(*s);
  }

  void run_statement(const statement& s) {
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
        if (evaluate(*s.condition).boolean)
          run_block(s.body);
        else if (!s.else_body.empty())
          run_block(s.else_body);
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

  slot node_slot(vertex_t v) const {
    slot s;
    s.declared = value_kind::node;
    s.value = scalar::of_int(v, value_kind::node);
    return s;
  }

  void assign(const expression& target, const expression& value) {
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

  void update(const statement& s) {
    const scalar current = evaluate(*s.target);
    scalar result;
    if (s.op == "++" || s.op == "--") {
      result = arithmetic(s.op == "++" ? "+" : "-", current, scalar::of_int(1));
    } else {
      const scalar operand = evaluate(*s.value);
      const std::string op = s.op.substr(0, s.op.size() - 1);  // "+=" -> "+", "&&=" -> "&&"
      if (op == "|" || op == "||") result = scalar::of_bool(current.boolean || operand.boolean);
      else if (op == "&" || op == "&&") result = scalar::of_bool(current.boolean && operand.boolean);
      else result = arithmetic(op, current, operand);
    }
    store(*s.target, result);
  }

  void min_max_assign(const statement& s) {
    const expression& call = *s.values[0];
    const scalar current = evaluate(*s.targets[0]), offered = evaluate(*call.operands[1]);
    if (!better(call.text, offered, current)) return;
    std::vector<scalar> values{offered};
    for (std::size_t k = 1; k < s.values.size(); ++k) values.push_back(evaluate(*s.values[k]));
    for (std::size_t k = 0; k < s.targets.size(); ++k) store(*s.targets[k], values[k]);
  }

  static bool better(const std::string& min_or_max, const scalar& offered, const scalar& current) {
    return min_or_max == "Min" ? less(offered, current) : less(current, offered);
  }

  void store(const expression& target, const scalar& v) {
    switch (target.kind) {
      case expression_kind::name: {
        slot& s = lookup(target.text);
        s.value = convert(v, s.declared);
        return;
      }
      case expression_kind::member: {
        property& p = *lookup(target.text).prop;
        const std::int64_t at = evaluate(*target.operands[0]).integer;
        p.data.values[static_cast<std::size_t>(at)] = convert(v, p.data.element);
        return;
      }
      case expression_kind::index: {
        property& p = *lookup(target.operands[0]->text).prop;
        const std::int64_t at = evaluate(*target.operands[1]).integer;
        p.data.values[static_cast<std::size_t>(at)] = convert(v, p.data.element);
        return;
      }
      default:
        throw error(error_kind::internal, "the interpreter met an assignment to an unassignable expression");
    }
  }

  // ---- loops ----
  /// The vertices of a loop's domain, in increasing order, filtered.
  std::vector<vertex_t> domain(const expression& d, const std::string& iterator) {
    if (d.kind == expression_kind::filter) {
      std::vector<vertex_t> kept;
      for (const vertex_t v : domain(*d.operands[0], iterator)) {
        const scoped test(scopes_);
        bind(iterator, node_slot(v));
        filter_vertex_.push_back(v);
        const bool keep = evaluate(*d.operands[1]).boolean;
        filter_vertex_.pop_back();
        if (keep) kept.push_back(v);
      }
      return kept;
    }
    if (d.kind == expression_kind::name) return *lookup(d.text).set;
    const expression& callee = *d.operands[0];
    std::vector<vertex_t> out;
    if (callee.text == "nodes") {
      out.resize(graph_.num_vertices());
      for (vertex_t v = 0; v < graph_.num_vertices(); ++v) out[v] = v;
      return out;
    }
    const auto v = static_cast<vertex_t>(evaluate(*d.operands[1]).integer);
    const csr_arrays& arcs = callee.text == "nodes_to" ? graph_.in() : graph_.out();
    for (edge_t e = arcs.offsets[v]; e < arcs.offsets[v + 1]; ++e) {
      const vertex_t w = arcs.indices[e];
      // Inside a BFS body, a vertex's neighbours are its children.
      if (bfs_ && callee.text == "neighbors" && bfs_->level[w] != bfs_->level[v] + 1) continue;
      out.push_back(w);
    }
    return out;
  }

  void fixed_point(const statement& s) {
    slot& flag = lookup(s.name);
    const expression* p = s.condition.get();
    const bool until_false = p->kind == expression_kind::unary;
    if (until_false) p = p->operands[0].get();
    flag.value = scalar::of_bool(false);
    for (;;) {
      run_block(s.body);
      const auto& values = lookup(p->text).prop->data.values;
      const bool pending = std::any_of(values.begin(), values.end(),
                                       [&](const scalar& x) { return x.boolean == until_false; });
      if (!pending) break;
    }
    lookup(s.name).value = scalar::of_bool(true);
  }

  void bfs(const statement& s) {
    const auto source = static_cast<vertex_t>(evaluate(*s.value).integer);
    bfs_context context;
    context.level.assign(graph_.num_vertices(), -1);
    std::vector<std::vector<vertex_t>> levels{{source}};
    context.level[source] = 0;
    while (!levels.back().empty()) {
      std::vector<vertex_t> next;
      for (const vertex_t v : levels.back())
        for (edge_t e = graph_.out().offsets[v]; e < graph_.out().offsets[v + 1]; ++e) {
          const vertex_t w = graph_.out().indices[e];
          if (context.level[w] >= 0) continue;
          context.level[w] = context.level[v] + 1;
          next.push_back(w);
        }
      std::sort(next.begin(), next.end());
      levels.push_back(std::move(next));
    }
    levels.pop_back();
    const bfs_context* outer = bfs_;
    bfs_ = &context;
    for (const std::vector<vertex_t>& level : levels)
      for (const vertex_t v : level) {
        const scoped iteration(scopes_);
        bind(s.name, node_slot(v));
        run_block(s.body);
      }
    if (s.has_reverse)
      for (auto level = levels.rbegin(); level != levels.rend(); ++level)
        for (const vertex_t v : *level) {
          const scoped iteration(scopes_);
          bind(s.name, node_slot(v));
          if (s.condition && !evaluate(*s.condition).boolean) continue;
          run_block(s.else_body);
        }
    bfs_ = outer;
  }

  // ---- expressions ----
  scalar evaluate(const expression& e) {
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
        return p.data.values[static_cast<std::size_t>(evaluate(*e.operands[0]).integer)];
      }
      case expression_kind::index:
        return lookup(e.operands[0]->text).prop->data.values[static_cast<std::size_t>(evaluate(*e.operands[1]).integer)];
      case expression_kind::unary: {
        const scalar v = evaluate(*e.operands[0]);
        if (e.text == "!") return scalar::of_bool(!v.boolean);
        if (e.text == "+") return v;
        if (v.kind == value_kind::infinity) {
          scalar n = v;
          n.negative = !n.negative;
          return n;
        }
        return is_floating(v.kind) ? scalar::of_double(-v.floating, v.kind) : scalar::of_int(-v.integer, v.kind);
      }
      case expression_kind::binary:
        return binary(e);
      case expression_kind::call:
        return call(e);
      default:
        throw error(error_kind::internal, "the interpreter met an expression the checker refuses");
    }
  }

  scalar binary(const expression& e) {
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
    return arithmetic(op, a, b);
  }

  scalar call(const expression& e) {
    const expression& callee = *e.operands[0];
    if (callee.kind != expression_kind::member)
      throw error(error_kind::unsupported, fmt::format("calls between functions ('{}') are not interpreted yet", callee.text));
    const std::string& method = callee.text;
    const auto arg = [&](std::size_t k) { return static_cast<vertex_t>(evaluate(*e.operands[k]).integer); };
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
      if (!found) throw error(error_kind::invalid_argument, fmt::format("get_edge({}, {}): no such edge", u, w));
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

  const csr_graph& graph_;
  scope_stack<slot> scopes_;
  std::vector<vertex_t> filter_vertex_;
  const bfs_context* bfs_ = nullptr;
};

}  // namespace

run_outputs interpret(const program& tree, const std::string& function_name, const csr_graph& graph,
                      const run_inputs& inputs) {
  const auto f = std::find_if(tree.functions.begin(), tree.functions.end(),
                              [&](const function& g) { return g.name == function_name; });
  if (f == tree.functions.end())
    throw error(error_kind::invalid_argument, fmt::format("the program has no function '{}'", function_name));
  return interpreter(graph).run(*f, inputs);
}

}  // namespace plexus::dsl
