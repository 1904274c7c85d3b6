// Lowering a checked function to the IR, statement by statement; see lower.hpp for the passes
// (those over whole trees are in lower_passes.cpp).
#include "plexus/dsl/lower.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/dsl/lower_passes.hpp"

namespace plexus::dsl {

namespace {

using ir::op;
using ir::op_kind;
using passes::make;
using passes::method_call;
using passes::is_literal;

/// The loop domain without its filter, and the filter (or nullptr).
std::pair<const expression*, const expression*> split_filter(const expression& domain) {
  if (domain.kind == expression_kind::filter) return {domain.operands[0].get(), domain.operands[1].get()};
  return {&domain, nullptr};
}

/// `p == True` (or a bare `p`) over a property p: its name, or "".
std::string flag_test(const expression* filter) {
  if (filter == nullptr) return {};
  if (filter->kind == expression_kind::name) return filter->text;
  if (filter->kind == expression_kind::binary && filter->text == "==" &&
      filter->operands[0]->kind == expression_kind::name && filter->operands[1]->kind == expression_kind::boolean &&
      filter->operands[1]->boolean)
    return filter->operands[0]->text;
  return {};
}

class lowering {
 public:
  lowering(const function& f, const source_file& file) : f_(f), file_(file) {
    for (const parameter& p : f.parameters) {
      const value_type t = type_of(p.type);
      if (t.kind == value_kind::node_property) properties_.insert(p.name);
      if (t.kind == value_kind::node_set) sets_.insert(p.name);
    }
  }

  ir::function_ir run() {
    ir::function_ir out;
    out.name = f_.name;
    out.source = &f_;
    lower_host_block(f_.body, out.body);
    return out;
  }

 private:
  [[noreturn]] void unsupported(source_range at, const std::string& what) const {
    const line_column p = file_.position(at.begin);
    throw error(error_kind::unsupported,
                fmt::format("{}:{}:{}: {} is not supported by the Plexus back end", file_.name(), p.line, p.column, what));
  }

  bool is_property(const std::string& name) const { return properties_.count(name) > 0; }

  /// passes::rewritten_before_read, once per property (it reads the whole function).
  bool rewritten_before_read(const std::string& name) {
    const auto [at, added] = rewritten_.emplace(name, false);
    if (added) at->second = passes::rewritten_before_read(f_, name);
    return at->second;
  }

  // ---- host statements ----
  void lower_host_block(const std::vector<statement_ptr>& block, std::vector<op>& out) {
    for (std::size_t i = 0; i < block.size(); ++i) {
      const statement& s = *block[i];
      const statement* next = i + 1 < block.size() ? block[i + 1].get() : nullptr;
      if (is_swap(s, next)) {
        // The swap pass: b's old values are about to be overwritten by the attachment.
        op swap = make(op_kind::swap, &s);
        swap.name = s.target->text;
        swap.other = s.value->text;
        out.push_back(std::move(swap));
        continue;
      }
      lower_host(s, out);
    }
  }

  /// `a = b` over two node properties, followed by g.attachNodeProperty(..., b = ..., ...).
  bool is_swap(const statement& s, const statement* next) const {
    if (s.kind != statement_kind::assignment || s.target->kind != expression_kind::name ||
        s.value->kind != expression_kind::name || !is_property(s.target->text) || !is_property(s.value->text) ||
        next == nullptr)
      return false;
    return attaches(*next, s.value->text);
  }

  static bool attaches(const statement& s, const std::string& property) {
    if (s.kind != statement_kind::call || !method_call(*s.value, "attachNodeProperty")) return false;
    for (std::size_t i = 1; i < s.value->operands.size(); ++i) {
      const expression& a = *s.value->operands[i];
      if (a.kind == expression_kind::named_argument && a.text == property) return true;
    }
    return false;
  }

  void lower_host(const statement& s, std::vector<op>& out) {
    switch (s.kind) {
      case statement_kind::block:
        lower_host_block(s.body, out);
        return;
      case statement_kind::declaration: {
        const value_type t = type_of(*s.type);
        if (t.kind == value_kind::node_property) {
          op decl = make(op_kind::property_decl, &s);
          decl.name = s.name;
          decl.element = t.element;
          properties_.insert(s.name);
          out.push_back(std::move(decl));
          if (s.value) unsupported(s.range, "a property declared with a value");
          return;
        }
        if (t.kind == value_kind::edge_property || t.kind == value_kind::node_set || t.kind == value_kind::edge_set)
          unsupported(s.range, fmt::format("a {} declared in a function", describe(t)));
        out.push_back(make(op_kind::scalar_statement, &s));
        return;
      }
      case statement_kind::assignment:
        if (s.target->kind == expression_kind::member) {
          out.push_back(make(op_kind::vertex_store, &s));
          return;
        }
        if (s.target->kind == expression_kind::name && is_property(s.target->text)) {
          const bool swap = is_property(s.value->text) && rewritten_before_read(s.value->text);
          op copy = make(swap ? op_kind::swap : op_kind::copy, &s);
          copy.name = s.target->text;
          copy.other = s.value->text;
          out.push_back(std::move(copy));
          return;
        }
        out.push_back(make(op_kind::scalar_statement, &s));
        return;
      case statement_kind::compound:
      case statement_kind::step:
        if (s.target->kind == expression_kind::member) unsupported(s.range, "an update of one vertex's property");
        out.push_back(make(op_kind::scalar_statement, &s));
        return;
      case statement_kind::return_:
        out.push_back(make(op_kind::scalar_statement, &s));
        return;
      case statement_kind::call:
        if (method_call(*s.value, "attachNodeProperty")) {
          out.push_back(make(op_kind::attach, &s));
          return;
        }
        unsupported(s.range, "this call as a statement");
      case statement_kind::multi_assignment:
        unsupported(s.range, "a multiple assignment outside a parallel loop");
      case statement_kind::if_:
        lower_ladder(s, op_kind::host_if, out,
                     [&](const std::vector<statement_ptr>& block, std::vector<op>& into) {
                       lower_host_block(block, into);
                     });
        return;
      case statement_kind::while_:
      case statement_kind::do_while: {
        op loop = make(s.kind == statement_kind::while_ ? op_kind::host_while : op_kind::host_do_while, &s);
        loop.condition = s.condition.get();
        lower_host_block(s.body, loop.body);
        out.push_back(std::move(loop));
        return;
      }
      case statement_kind::forall:
      case statement_kind::for_:
        lower_host_loop(s, out);
        return;
      case statement_kind::fixed_point:
        out.push_back(lower_fixed_point(s));
        return;
      case statement_kind::bfs:
        out.push_back(lower_bfs(s));
        return;
    }
  }

  void lower_host_loop(const statement& s, std::vector<op>& out) {
    const auto [domain, filter] = split_filter(*s.domain);
    if (domain->kind == expression_kind::name && sets_.count(domain->text)) {
      if (filter) unsupported(s.range, "a filter on a set");
      op loop = make(op_kind::host_for_set, &s);
      loop.name = s.name;
      loop.other = domain->text;
      lower_host_block(s.body, loop.body);
      out.push_back(std::move(loop));
      return;
    }
    if (!method_call(*domain, "nodes")) unsupported(s.range, "a loop outside a kernel over neighbours");
    op map = make(op_kind::vertex_map, &s);
    map.name = s.name;
    map.filter = filter;
    kernel_locals_.clear();
    lower_kernel_block(s.body, s.name, map.body);
    out.push_back(passes::choose_map_kind(std::move(map)));
  }

  /// An if and its else-if ladder, arm after arm (each the whole else branch of the op before),
  /// with `lower_block` for the arms' bodies.
  template <class LowerBlock>
  void lower_ladder(const statement& s, op_kind kind, std::vector<op>& out, LowerBlock lower_block) {
    std::vector<op>* into = &out;
    for (const statement* arm = &s; arm; arm = else_if(*arm)) {
      op branch = make(kind, arm);
      branch.condition = arm->condition.get();
      lower_block(arm->body, branch.body);
      lower_block(else_block(*arm), branch.else_body);
      into->push_back(std::move(branch));
      into = &into->back().else_body;
    }
  }

  // ---- the frontier recognition ----
  op lower_fixed_point(const statement& s) {
    // until (flag : !p): the loop runs while some vertex has p.
    const expression& until = *s.condition;
    if (until.kind != expression_kind::unary || until.text != "!" || until.operands[0]->kind != expression_kind::name)
      unsupported(s.range, "a fixedPoint whose condition is not !property");
    const std::string flagged = until.operands[0]->text;
    // forall (v in g.nodes().filter(p == True)) {...};  [vertex maps;]  p = q;
    // g.attachNodeProperty(q = False);  the vertex maps between the sweep and the handover
    // may flag their own vertex for the next round (a shortcut step, say).
    const std::size_t size = s.body.size();
    if (size < 3 || s.body[0]->kind != statement_kind::forall || s.body[size - 2]->kind != statement_kind::assignment)
      unsupported(s.range, "a fixedPoint not of the form forall over the flagged vertices, p = q, attach q = False");
    const statement& sweep = *s.body[0];
    const statement& handover = *s.body[size - 2];
    const auto [domain, filter] = split_filter(*sweep.domain);
    if (!method_call(*domain, "nodes") || flag_test(filter) != flagged)
      unsupported(sweep.range, "a fixedPoint sweep not filtered on its flag property");
    if (handover.target->kind != expression_kind::name || handover.target->text != flagged ||
        handover.value->kind != expression_kind::name || !is_property(handover.value->text))
      unsupported(handover.range, "a fixedPoint that does not hand its next flags over");
    const std::string next = handover.value->text;
    if (!attaches(*s.body[size - 1], next)) unsupported(s.body[size - 1]->range, "a fixedPoint that does not clear its next flags");
    op loop = make(op_kind::frontier_loop, &s);
    loop.name = flagged;
    loop.other = next;
    loop.flag = s.name;
    op map = make(op_kind::vertex_map, &sweep);
    map.name = sweep.name;
    kernel_locals_.clear();
    lower_kernel_block(sweep.body, sweep.name, map.body);
    loop.body.push_back(passes::choose_map_kind(std::move(map)));
    loop.may_pull = passes::offers_one_value(loop);
    for (std::size_t i = 1; i + 2 < size; ++i) {
      const statement& between = *s.body[i];
      if (between.kind != statement_kind::forall)
        unsupported(between.range, "a statement other than a forall between a fixedPoint's sweep and its handover");
      lower_host_loop(between, loop.body);
      if (loop.body.back().kind != op_kind::vertex_map && loop.body.back().kind != op_kind::edge_map)
        unsupported(between.range, "a loop between a fixedPoint's sweep and its handover that is not over the vertices");
    }
    return loop;
  }

  // ---- BFS levels ----
  op lower_bfs(const statement& s) {
    op levels = make(op_kind::bfs_levels, &s);
    levels.name = s.name;
    in_bfs_ = true;
    kernel_locals_.clear();
    lower_kernel_block(s.body, s.name, levels.body);
    levels.condition = s.condition.get();
    kernel_locals_.clear();
    lower_kernel_block(s.else_body, s.name, levels.else_body);
    in_bfs_ = false;
    return levels;
  }

  // ---- kernels ----
  void lower_kernel_block(const std::vector<statement_ptr>& block, const std::string& own, std::vector<op>& out) {
    for (const statement_ptr& s : block) lower_kernel(*s, own, out);
  }

  /// How a write to `target` from a lane whose vertex is `own` is made safe.
  ir::write_safety safety_of(const statement& s, const expression& target, const std::string& own) {
    const bool constant = s.value && is_literal(*s.value);
    if (target.kind == expression_kind::member) {
      const bool mine = target.operands[0]->kind == expression_kind::name && target.operands[0]->text == own;
      if (mine) return ir::write_safety::local;
      if (s.kind == statement_kind::assignment && s.value->kind == expression_kind::reduction)
        return s.value->text == "Max" ? ir::write_safety::atomic_max : ir::write_safety::atomic_min;
      return constant && s.kind == statement_kind::assignment ? ir::write_safety::constant_store
                                                              : ir::write_safety::atomic_add;
    }
    if (target.kind == expression_kind::name && kernel_locals_.count(target.text) == 0) {
      return constant && s.kind == statement_kind::assignment ? ir::write_safety::constant_store
                                                              : ir::write_safety::reduction;
    }
    return ir::write_safety::local;
  }

  void lower_kernel(const statement& s, const std::string& own, std::vector<op>& out) {
    switch (s.kind) {
      case statement_kind::block:
        lower_kernel_block(s.body, own, out);
        return;
      case statement_kind::declaration:
        if (type_of(*s.type).kind == value_kind::node_property) unsupported(s.range, "a property declared in a kernel");
        kernel_locals_.insert(s.name);
        out.push_back(make(op_kind::kernel_statement, &s));
        return;
      case statement_kind::assignment:
      case statement_kind::compound:
      case statement_kind::step: {
        op k = make(op_kind::kernel_statement, &s);
        k.safety = safety_of(s, *s.target, own);
        if (k.safety == ir::write_safety::reduction || k.safety == ir::write_safety::constant_store)
          if (s.target->kind == expression_kind::name) k.reduction = s.target->text;
        out.push_back(std::move(k));
        return;
      }
      case statement_kind::multi_assignment: {
        op k = make(op_kind::kernel_statement, &s);
        const expression& first = *s.targets[0];
        const bool mine = first.kind == expression_kind::member && first.operands[0]->text == own;
        k.safety = mine ? ir::write_safety::local
                        : (s.values[0]->text == "Max" ? ir::write_safety::atomic_max : ir::write_safety::atomic_min);
        // A host scalar among the other targets (a flag that something changed) is reduced
        // like any other write to it from a kernel.
        for (std::size_t i = 1; i < s.targets.size(); ++i) {
          const expression& t = *s.targets[i];
          if (t.kind != expression_kind::name || kernel_locals_.count(t.text)) continue;
          if (!k.reduction.empty()) unsupported(s.range, "a multiple assignment to two variables outside its loop");
          k.reduction = t.text;
        }
        out.push_back(std::move(k));
        return;
      }
      case statement_kind::if_:
        lower_ladder(s, op_kind::kernel_if, out,
                     [&](const std::vector<statement_ptr>& block, std::vector<op>& into) {
                       lower_kernel_block(block, own, into);
                     });
        return;
      case statement_kind::forall:
      case statement_kind::for_: {
        const auto [domain, filter] = split_filter(*s.domain);
        const bool out_arcs = method_call(*domain, "neighbors") != nullptr;
        const bool in_arcs = method_call(*domain, "nodes_to") != nullptr;
        if (!out_arcs && !in_arcs) unsupported(s.range, "a loop inside a kernel over anything but neighbours");
        op loop = make(op_kind::neighbors, &s);
        loop.name = s.name;
        loop.filter = filter;
        loop.in_arcs = in_arcs;
        loop.children_only = in_bfs_ && out_arcs;
        const expression& of = *domain->operands[1];
        if (of.kind != expression_kind::name) unsupported(of.range, "neighbours of an expression");
        loop.of = of.text;
        kernel_locals_.insert(s.name);
        lower_kernel_block(s.body, own, loop.body);
        out.push_back(std::move(loop));
        return;
      }
      case statement_kind::while_:
      case statement_kind::do_while: {
        op loop = make(op_kind::kernel_loop, &s);
        loop.condition = s.condition.get();
        lower_kernel_block(s.body, own, loop.body);
        out.push_back(std::move(loop));
        return;
      }
      case statement_kind::call:
      case statement_kind::return_:
      case statement_kind::fixed_point:
      case statement_kind::bfs:
        unsupported(s.range, "this statement inside a parallel loop");
    }
  }

  const function& f_;
  const source_file& file_;
  std::set<std::string> properties_, sets_, kernel_locals_;
  std::map<std::string, bool> rewritten_;
  bool in_bfs_ = false;
};

}  // namespace

ir::function_ir lower(const function& f, const source_file& file) { return lowering(f, file).run();
}

}  // namespace plexus::dsl
