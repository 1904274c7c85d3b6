// The DSL's semantic checks; see checker.hpp for the rules.
#include "plexus/dsl/checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plexus/dsl/expression_checker.hpp"

namespace plexus::dsl {

namespace {

enum class update { plain, reduction, constant };

bool is_literal(const expression& e) {
  return e.kind == expression_kind::integer || e.kind == expression_kind::floating ||
         e.kind == expression_kind::boolean || e.kind == expression_kind::infinity;
}

/// Whether two expressions are the same variable, property or element (`w.dist` and `w.dist`).
bool same_place(const expression& a, const expression& b) {
  if (a.kind != b.kind || a.text != b.text || a.operands.size() != b.operands.size()) return false;
  if (is_literal(a)) return true;
  if (a.kind != expression_kind::name && a.kind != expression_kind::member && a.kind != expression_kind::index)
    return false;
  for (std::size_t i = 0; i < a.operands.size(); ++i)
    if (!same_place(*a.operands[i], *b.operands[i])) return false;
  return true;
}

// The statements and the race rules, over the expression types of expression_checker.
class checker : expression_checker {
 public:
  checker(const program& tree, diagnostics& problems, checked_program& out)
      : expression_checker(tree, problems, out) {}

  void run() {
    for (const function& f : tree_.functions) {
      const function& first = *functions_.at(f.name);
      if (&first != &f)
        error(f.name_range, fmt::format("function '{}' is already defined (line {})", f.name,
                                        problems_.file().position(first.name_range.begin).line));
    }
    for (const function& f : tree_.functions) check_function(f);
  }

 private:
  // ---- functions ----
  // ---- schedule labels ----
  /// Labels name a `forall`/`for` over the nodes or a `fixedPoint`, once per function.
  void check_labels(const std::vector<statement_ptr>& body, std::map<std::string, source_range>& seen) {
    for (const statement_ptr& each : body)
      for (const statement* s = each.get(); s; s = else_if(*s)) {
        if (!s->label.empty()) {
          const bool loop =
              (s->kind == statement_kind::forall || s->kind == statement_kind::for_) && s->domain;
          if (!loop && s->kind != statement_kind::fixed_point)
            error(s->label_range,
                  fmt::format("the schedule label '@{}' must name a forall or a fixedPoint", s->label));
          if (const auto [at, added] = seen.emplace(s->label, s->label_range); !added)
            error(s->label_range, fmt::format("the schedule label '@{}' is already used (line {})", s->label,
                                              problems_.file().position(at->second.begin).line));
        }
        check_labels(s->body, seen);
        check_labels(else_block(*s), seen);
      }
  }

  void check_function(const function& f) {
    std::map<std::string, source_range> labels;
    check_labels(f.body, labels);
    const scoped parameters(scopes_);
    return_type_.reset();
    for (const parameter& p : f.parameters) {
      const value_type t = type_of(p.type);
      if (!p.graph.empty()) {
        const symbol* g = lookup(p.graph);
        if (t.kind != value_kind::node)
          error(p.range, fmt::format("only a node parameter names its graph, not '{}'", p.name));
        else if (!g || g->type.kind != value_kind::graph)
          error(p.range, fmt::format("'{}' belongs to '{}', which is not a Graph parameter before it", p.name, p.graph));
      }
      if ((t.kind == value_kind::node_set || t.kind == value_kind::edge_set) &&
          (!lookup(p.type.graph) || lookup(p.type.graph)->type.kind != value_kind::graph))
        error(p.type.range, fmt::format("'{}' is not a Graph parameter before this set", p.type.graph));
      declare(p.name, t, p.range);
    }
    check_block(f.body);
  }

  void check_block(const std::vector<statement_ptr>& body) {
    const scoped block(scopes_);
    for (const statement_ptr& s : body) check_statement(*s);
  }

  // ---- statements ----
  void check_statement(const statement& s) {
    switch (s.kind) {
      case statement_kind::block:
        check_block(s.body);
        break;
      case statement_kind::declaration:
        check_declaration(s);
        break;
      case statement_kind::assignment:
        check_assignment(s);
        break;
      case statement_kind::compound:
      case statement_kind::step:
        check_update(s);
        break;
      case statement_kind::call:
        expression_type(*s.value);
        break;
      case statement_kind::multi_assignment:
        check_multi_assignment(s);
        break;
      case statement_kind::return_:
        check_return(s);
        break;
      case statement_kind::if_:
        // An else-if ladder arm by arm (the scope of the else branch holding the next arm
        // would hold nothing).
        for (const statement* arm = &s; arm; arm = else_if(*arm)) {
          check_condition(*arm->condition, "if");
          check_block(arm->body);
          if (!else_block(*arm).empty()) check_block(arm->else_body);
        }
        break;
      case statement_kind::while_:
      case statement_kind::do_while:
        check_condition(*s.condition, "while");
        check_block(s.body);
        break;
      case statement_kind::forall:
      case statement_kind::for_:
        check_loop(s);
        break;
      case statement_kind::fixed_point:
        check_fixed_point(s);
        break;
      case statement_kind::bfs:
        check_bfs(s);
        break;
    }
  }

  void check_condition(const expression& e, std::string_view keyword) {
    const value_type t = expression_type(e);
    if (t.kind != value_kind::invalid && t.kind != value_kind::bool_)
      error(e.range, fmt::format("the condition of '{}' must be a bool, not {}", keyword, describe(t)));
  }

  void check_declaration(const statement& s) {
    const value_type t = type_of(*s.type);
    if (t.kind == value_kind::graph) error(s.type->range, "a Graph can only be a function's parameter");
    if ((t.kind == value_kind::node_property || t.kind == value_kind::edge_property) && !parallel_.empty())
      error(s.range, "a property cannot be declared inside a parallel loop");
    if (s.value) {
      const value_type v = expression_type(*s.value);
      if (!assignable(t, v))
        error(s.value->range, fmt::format("cannot initialise '{}' of type {} with {}", s.name, describe(t), describe(v)));
    }
    declare(s.name, t, s.name_range);
  }

  /// The type of an assigned place, after checking that it can be assigned.
  value_type target_type(const expression& target) {
    if (target.kind == expression_kind::name) {
      const symbol* s = lookup(target.text);
      if (s && s->iterator) {
        error(target.range, fmt::format("the loop's iterator '{}' cannot be assigned", target.text));
        return {};
      }
    }
    return expression_type(target);
  }

  void check_assignment(const statement& s) {
    const value_type t = target_type(*s.target);
    update how = is_literal(*s.value) ? update::constant : update::plain;
    const expression& v = *s.value;
    if (v.kind == expression_kind::reduction && (v.text == "Min" || v.text == "Max")) {
      if (v.operands.empty() || !same_place(*v.operands[0], *s.target))
        error(v.range, fmt::format("the first argument of '{}' must be '{}', the variable assigned", v.text,
                                   text(*s.target)));
      how = update::reduction;
      check_min_max(v);
    } else {
      // x = x + e (and *, &&, ||) is a reduction written out.
      if (v.kind == expression_kind::binary && (v.text == "+" || v.text == "*" || v.text == "&&" || v.text == "||") &&
          same_place(*v.operands[0], *s.target))
        how = update::reduction;
      const value_type value = expression_type(v);
      if (!assignable(t, value))
        error(v.range, fmt::format("cannot assign {} to '{}' of type {}", describe(value), text(*s.target), describe(t)));
    }
    check_write(*s.target, t, how);
  }

  void check_update(const statement& s) {
    const value_type t = target_type(*s.target);
    const bool logical = s.op == "|=" || s.op == "&=" || s.op == "&&=" || s.op == "||=";
    if (t.kind != value_kind::invalid) {
      if (logical && t.kind != value_kind::bool_)
        error(s.target->range, fmt::format("'{}' needs a bool, and '{}' is {}", s.op, text(*s.target), describe(t)));
      else if (!logical && !is_numeric(t.kind))
        error(s.target->range, fmt::format("'{}' needs a number, and '{}' is {}", s.op, text(*s.target), describe(t)));
    }
    if (s.value) {
      const value_type v = expression_type(*s.value);
      if (t.kind != value_kind::invalid && !assignable(t, v))
        error(s.value->range, fmt::format("cannot apply '{}' with {} to '{}' of type {}", s.op, describe(v),
                                          text(*s.target), describe(t)));
    }
    check_write(*s.target, t, s.op == "/=" ? update::plain : update::reduction);
  }

  void check_multi_assignment(const statement& s) {
    if (s.targets.size() != s.values.size())
      error(s.range, fmt::format("{} variable{} but {} value{}", s.targets.size(), s.targets.size() == 1 ? "" : "s",
                                 s.values.size(), s.values.size() == 1 ? "" : "s"));
    const expression& first = *s.values[0];
    if (first.kind != expression_kind::reduction || (first.text != "Min" && first.text != "Max")) {
      error(first.range, "the first value of a multiple assignment must be Min(...) or Max(...)");
    } else {
      if (first.operands.empty() || !same_place(*first.operands[0], *s.targets[0]))
        error(first.range, fmt::format("the first argument of '{}' must be '{}', the first variable assigned",
                                       first.text, text(*s.targets[0])));
      check_min_max(first);
    }
    for (std::size_t k = 0; k < s.targets.size(); ++k) {
      const value_type t = target_type(*s.targets[k]);
      if (k > 0 && k < s.values.size()) {
        const value_type v = expression_type(*s.values[k]);
        if (!assignable(t, v))
          error(s.values[k]->range,
                fmt::format("cannot assign {} to '{}' of type {}", describe(v), text(*s.targets[k]), describe(t)));
      }
      // The first is updated atomically by Min or Max; the others only when it changed.
      check_write(*s.targets[k], t, update::reduction);
    }
  }

  void check_min_max(const expression& call) {
    if (call.operands.size() != 2) {
      error(call.range, fmt::format("'{}' takes 2 arguments, given {}", call.text, call.operands.size()));
      return;
    }
    for (const expression_ptr& a : call.operands) {
      const value_type t = expression_type(*a);
      if (t.kind != value_kind::invalid && !numeric_or_infinity(t.kind))
        error(a->range, fmt::format("'{}' compares numbers, not {}", call.text, describe(t)));
    }
    out_.types[&call] = out_.types.at(call.operands[0].get());  // Min(a, x) has a's type
  }

  void check_return(const statement& s) {
    if (!parallel_.empty()) error(s.range, "'return' cannot leave a parallel loop");
    const value_type t = expression_type(*s.value);
    if (return_type_ && t.kind != value_kind::invalid && !assignable(*return_type_, t))
      error(s.value->range, fmt::format("this function returned {} before, not {}", describe(*return_type_), describe(t)));
    if (!return_type_ && t.kind != value_kind::invalid) return_type_ = t;
  }

  /// The race rules of checker.hpp, for a write to `target` of type `t`.
  void check_write(const expression& target, const value_type& t, update how) {
    if (parallel_.empty() || t.kind == value_kind::invalid) return;
    const parallel_loop& loop = parallel_.back();
    if (target.kind == expression_kind::name) {
      const symbol* s = lookup(target.text);
      if (!s) return;
      if (t.kind == value_kind::node_property || t.kind == value_kind::edge_property) {
        error(target.range, fmt::format("the whole property '{}' cannot be assigned inside a parallel loop", target.text));
        return;
      }
      if (s->scope > loop.scope || how != update::plain) return;
      error(target.range, fmt::format("'{}' is shared by the iterations of the parallel loop: update it with a "
                                      "reduction ('+=', '*=', '|=', ...) or store a constant",
                                      target.text));
      return;
    }
    const expression* vertex = target.kind == expression_kind::member || target.kind == expression_kind::index
                                   ? target.operands[target.kind == expression_kind::index ? 1 : 0].get()
                                   : nullptr;
    if (!vertex || how != update::plain) return;
    const auto vertex_type = out_.types.find(vertex);
    if (vertex_type == out_.types.end() || vertex_type->second.kind != value_kind::node) return;
    if (vertex->kind == expression_kind::name && vertex->text == loop.owner) return;
    error(target.range,
          fmt::format("'{}' may be written by several iterations of the parallel loop at once: update it with a "
                      "reduction ('+='), with '<{}, ...> = <Min({}, ...), ...>', or store a constant",
                      text(target), text(target), text(target)));
  }

  // ---- loops ----
  void check_loop(const statement& s) {
    const bool parallel = s.kind == statement_kind::forall;
    const std::string_view keyword = parallel ? "forall" : "for";
    const scoped iterator(scopes_);
    declare(s.name, {value_kind::node}, s.name_range, true);
    const value_type domain = domain_type(*s.domain);
    if (domain.kind != value_kind::invalid && domain.kind != value_kind::node_range)
      error(s.domain->range, fmt::format("'{}' iterates over g.nodes(), g.neighbors(v), g.nodes_to(v) or a SetN, "
                                         "not {}",
                                         keyword, describe(domain)));
    if (parallel) parallel_.push_back({domain.all_vertices ? s.name : std::string(), scopes_.depth()});
    check_block(s.body);
    if (parallel) parallel_.pop_back();
  }

  /// The type of a loop's domain; a filter's bare property names mean the iterator's.
  value_type domain_type(const expression& domain) {
    if (domain.kind != expression_kind::filter) {
      value_type t = expression_type(domain);
      if (t.kind == value_kind::node_set) t = {value_kind::node_range, value_kind::invalid, true};
      return t;
    }
    value_type range = domain_type(*domain.operands[0]);
    ++in_filter_;
    const value_type predicate = expression_type(*domain.operands[1]);
    --in_filter_;
    if (predicate.kind != value_kind::invalid && predicate.kind != value_kind::bool_)
      error(domain.operands[1]->range, fmt::format("a filter must be a bool, not {}", describe(predicate)));
    out_.types[&domain] = range;
    return range;
  }

  void check_fixed_point(const statement& s) {
    if (!parallel_.empty()) error(s.range, "'fixedPoint' cannot run inside a parallel loop");
    const symbol* flag = lookup(s.name);
    if (!flag)
      error(s.name_range, fmt::format("unknown name '{}'", s.name));
    else if (flag->type.kind != value_kind::bool_)
      error(s.name_range, fmt::format("the flag of 'fixedPoint' must be a bool variable, and '{}' is {}", s.name,
                                      describe(flag->type)));
    const expression* p = s.condition.get();
    if (p->kind == expression_kind::unary && p->text == "!") p = p->operands[0].get();
    const symbol* property = p->kind == expression_kind::name ? lookup(p->text) : nullptr;
    if (!property || property->type.kind != value_kind::node_property || property->type.element != value_kind::bool_)
      error(s.condition->range, "'fixedPoint' runs until a propNode<bool> is false everywhere: write "
                                "'until (flag : !property)'");
    check_block(s.body);
  }

  void check_bfs(const statement& s) {
    if (!parallel_.empty()) error(s.range, "'iterateInBFS' cannot run inside a parallel loop");
    const value_type source = expression_type(*s.value);
    if (source.kind != value_kind::invalid && source.kind != value_kind::node)
      error(s.value->range, fmt::format("the source of 'iterateInBFS' must be a node, not {}", describe(source)));
    {
      const scoped iterator(scopes_);
      declare(s.name, {value_kind::node}, s.name_range, true);
      const value_type domain = expression_type(*s.domain);
      if (domain.kind != value_kind::invalid && (domain.kind != value_kind::node_range || !domain.all_vertices ||
                                                 s.domain->kind == expression_kind::filter))
        error(s.domain->range, "'iterateInBFS' iterates over g.nodes()");
      parallel_.push_back({s.name, scopes_.depth()});
      check_block(s.body);
      parallel_.pop_back();
    }
    if (!s.has_reverse) return;
    const scoped iterator(scopes_);
    declare(s.name, {value_kind::node}, s.name_range, true);
    if (s.condition) check_condition(*s.condition, "iterateInReverse");
    parallel_.push_back({s.name, scopes_.depth()});
    check_block(s.else_body);
    parallel_.pop_back();
  }

  std::optional<value_type> return_type_;
};

}  // namespace

checked_program check(const program& tree, diagnostics& problems) {
  checked_program out;
  try {
    checker(tree, problems, out).run();
  } catch (const diagnostics::stop&) {
    // Too many errors: what was checked is kept, the rest is not looked at.
  }
  return out;
}

}  // namespace plexus::dsl
