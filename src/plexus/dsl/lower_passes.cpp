// The lowering's passes over whole trees; see lower_passes.hpp.
#include "plexus/dsl/lower_passes.hpp"

#include <vector>

namespace plexus::dsl::passes {

using ir::op;
using ir::op_kind;

op make(op_kind kind, const statement* source) {
  op o;
  o.kind = kind;
  o.source = source;
  return o;
}

bool is_literal(const expression& e) {
  return e.kind == expression_kind::integer || e.kind == expression_kind::floating ||
         e.kind == expression_kind::boolean || e.kind == expression_kind::infinity;
}

/// `g.method(...)` with the method's name, or nullptr.
const expression* method_call(const expression& e, const char* method) {
  if (e.kind != expression_kind::call || e.operands.empty()) return nullptr;
  const expression& callee = *e.operands[0];
  if (callee.kind != expression_kind::member || callee.text != method) return nullptr;
  return &e;
}

namespace {

void scan_statement(const statement& s, const std::string& b, bool& read, bool& rewritten);

void scan_expression(const expression& e, const std::string& b, bool& read) {
  if ((e.kind == expression_kind::member || e.kind == expression_kind::name) && e.text == b) read = true;
  for (const expression_ptr& o : e.operands) scan_expression(*o, b, read);
}

void scan_block(const std::vector<statement_ptr>& block, const std::string& b, bool& read, bool& rewritten) {
  for (const statement_ptr& s : block)
    for (const statement* arm = s.get(); arm; arm = else_if(*arm)) scan_statement(*arm, b, read, rewritten);
}

void scan_statement(const statement& s, const std::string& b, bool& read, bool& rewritten) {
  const bool copy_out = s.kind == statement_kind::assignment && s.target->kind == expression_kind::name &&
                        s.value->kind == expression_kind::name && s.value->text == b;
  if (copy_out) return;
  if (s.kind == statement_kind::forall && method_call(*s.domain, "nodes")) {
    for (const statement_ptr& inner : s.body)
      if (inner->kind == statement_kind::assignment && inner->target->kind == expression_kind::member &&
          inner->target->text == b && inner->target->operands[0]->kind == expression_kind::name &&
          inner->target->operands[0]->text == s.name)
        rewritten = true;
  }
  if (s.target && s.target->kind == expression_kind::member && s.kind == statement_kind::assignment) {
    for (const expression_ptr& o : s.target->operands) scan_expression(*o, b, read);
  } else if (s.target) {
    scan_expression(*s.target, b, read);
  }
  for (const expression* e : {s.value.get(), s.condition.get(), s.domain.get()})
    if (e) scan_expression(*e, b, read);
  for (const expression_ptr& e : s.targets) scan_expression(*e, b, read);
  for (const expression_ptr& e : s.values) scan_expression(*e, b, read);
  scan_block(s.body, b, read, rewritten);
  scan_block(else_block(s), b, read, rewritten);
}

// ---- push or pull, and the intersection ----
bool has_neighbors(const std::vector<op>& body, bool& only_in_arcs) {
  bool found = false;
  ir::for_each_op(body, [&](const op& o) {
    if (o.kind != op_kind::neighbors) return;
    found = true;
    if (!o.in_arcs) only_in_arcs = false;
  });
  return found;
}

/// Whether any write in `body` needs an atomic (it touches another vertex).
bool writes_others(const std::vector<op>& body) {
  bool found = false;
  ir::for_each_op(body, [&](const op& o) {
    found = found || (o.kind == op_kind::kernel_statement &&
                      (o.safety == ir::write_safety::atomic_add || o.safety == ir::write_safety::atomic_min ||
                       o.safety == ir::write_safety::atomic_max ||
                       (o.safety == ir::write_safety::constant_store && o.reduction.empty())));
  });
  return found;
}

/// forall v { forall u in nbrs(v) [filter] { forall w in nbrs(v) [filter] { if (g.is_an_edge(u, w))
/// { c += 1; } } } }
bool is_intersection(const op& map, op& out) {
  if (map.filter || map.body.size() != 1) return false;
  const op& outer = map.body[0];
  if (outer.kind != op_kind::neighbors || outer.in_arcs || outer.of != map.name || outer.body.size() != 1) return false;
  const op& inner = outer.body[0];
  if (inner.kind != op_kind::neighbors || inner.in_arcs || inner.of != map.name || inner.body.size() != 1) return false;
  const op& test = inner.body[0];
  if (test.kind != op_kind::kernel_if || !test.else_body.empty() || test.body.size() != 1) return false;
  const expression* call = method_call(*test.condition, "is_an_edge");
  if (!call || call->operands.size() != 3 || call->operands[1]->text != outer.name ||
      call->operands[2]->text != inner.name)
    return false;
  const op& count = test.body[0];
  if (count.kind != op_kind::kernel_statement || count.safety != ir::write_safety::reduction) return false;
  const statement& add = *count.source;
  const bool plus_one = (add.kind == statement_kind::compound && add.op == "+=" && add.value->kind == expression_kind::integer &&
                         add.value->integer == 1) ||
                        (add.kind == statement_kind::step && add.op == "++");
  if (!plus_one) return false;
  out = make(op_kind::intersect, map.source);
  out.name = map.name;
  out.reduction = count.reduction;
  out.body = map.body;  // kept: the emitter reads the filters and names from it
  return true;
}

}  // namespace

bool rewritten_before_read(const function& f, const std::string& b) {
  for (const parameter& p : f.parameters)
    if (p.name == b) return false;  // a parameter's last values are the function's result
  bool read = false, rewritten = false;
  scan_block(f.body, b, read, rewritten);
  return !read && rewritten;
}

op choose_map_kind(op map) {
  if (op intersect; is_intersection(map, intersect)) return intersect;
  bool only_in_arcs = true;
  if (!has_neighbors(map.body, only_in_arcs)) return map;
  map.kind = op_kind::edge_map;
  map.dir = only_in_arcs && !writes_others(map.body) ? ir::direction::pull : ir::direction::push;
  return map;
}

bool mentions(const expression& e, const std::string& name) {
  if (e.kind == expression_kind::name && e.text == name) return true;
  for (const expression_ptr& o : e.operands)
    if (mentions(*o, name)) return true;
  return false;
}

namespace {

bool property_of(const expression& e, const std::string& vertex) {
  return e.kind == expression_kind::member && e.operands[0]->kind == expression_kind::name &&
         e.operands[0]->text == vertex;
}

}  // namespace

bool offers_one_value(const op& loop) {
  if (loop.kind != op_kind::frontier_loop || loop.body.size() != 1) return false;
  const op& sweep = loop.body[0];
  if (sweep.kind != op_kind::edge_map || sweep.dir != ir::direction::push || sweep.body.size() != 1) return false;
  const op& arcs = sweep.body[0];
  if (arcs.kind != op_kind::neighbors || arcs.in_arcs || arcs.filter || arcs.of != sweep.name || arcs.body.size() != 1)
    return false;
  const op& k = arcs.body[0];
  if (k.kind != op_kind::kernel_statement || k.safety != ir::write_safety::atomic_min) return false;
  const statement& s = *k.source;
  if (s.kind != statement_kind::multi_assignment || s.targets.size() != 2) return false;
  const expression& flag = *s.targets[1];
  if (!property_of(*s.targets[0], arcs.name) || !property_of(flag, arcs.name) || flag.text != loop.other) return false;
  if (s.values[1]->kind != expression_kind::boolean || !s.values[1]->boolean) return false;
  return !mentions(*s.values[0]->operands[1], arcs.name);
}

}  // namespace plexus::dsl::passes
