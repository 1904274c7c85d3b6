// The Plexus back end's push edge maps over every vertex's out-arcs, run one lane per arc
// (emit_context.hpp).
//
// A vertex map gives a vertex's whole list to one lane, so on a skewed graph one hub's list
// keeps its lane busy long after the others finish. When the lanes of one vertex's arcs
// cannot disturb one another, the map runs one lane per arc instead: one advance from every
// vertex (runtime::all_arcs, made once per function), which Plexus's load balancers spread by
// arcs, as they do a frontier's. That holds when the kernel is declarations of the
// vertex's own values followed by one loop over its out-arcs, and every write in the loop is
// an atomic, a constant store, a reduction, or a store to a variable the loop declares;
// a write to the vertex's own property or to a variable the lanes would share keeps the
// map vertex-parallel.
#include <fmt/format.h>

#include <set>
#include <span>

#include "plexus/dsl/emit_context.hpp"
#include "plexus/dsl/lower_passes.hpp"

namespace plexus::dsl::emit {

namespace {

bool independent_writes(const std::vector<ir::op>& ops, const std::string& own, const std::set<std::string>& shared,
                        std::set<std::string>& declared) {
  for (const ir::op& o : ops) {
    switch (o.kind) {
      case ir::op_kind::kernel_statement: {
        const statement& s = *o.source;
        if (s.kind == statement_kind::declaration) {
          declared.insert(s.name);
          break;
        }
        std::vector<const expression*> targets;
        if (s.kind == statement_kind::multi_assignment)
          for (const expression_ptr& t : s.targets) targets.push_back(t.get());
        else
          targets.push_back(s.target.get());
        for (std::size_t i = 0; i < targets.size(); ++i) {
          const expression& t = *targets[i];
          if (t.kind == expression_kind::member) {
            const bool mine = t.operands[0]->kind == expression_kind::name && t.operands[0]->text == own;
            // A Min or Max of its own vertex is kept a plain store; a constant store of
            // another value of the multiple assignment needs none.
            if (mine && (i == 0 ? o.safety == ir::write_safety::local : !passes::is_literal(*s.values[i]))) return false;
          } else if (shared.count(t.text) && !declared.count(t.text)) {
            return false;
          }
        }
        break;
      }
      case ir::op_kind::kernel_if:
        for (const ir::op* arm = &o; arm; arm = ir::else_if(*arm))
          if (!independent_writes(arm->body, own, shared, declared) ||
              !independent_writes(ir::else_block(*arm), own, shared, declared))
            return false;
        break;
      case ir::op_kind::kernel_loop:
        if (!independent_writes(o.body, own, shared, declared)) return false;
        break;
      default:
        return false;  // a nested neighbour loop keeps its vertex's lane
    }
  }
  return true;
}

}  // namespace

bool arc_parallel(const ir::op& map) {
  if (map.kind != ir::op_kind::edge_map || map.dir != ir::direction::push || map.body.empty()) return false;
  const ir::op& loop = map.body.back();
  if (loop.kind != ir::op_kind::neighbors || loop.in_arcs || loop.children_only || loop.of != map.name) return false;
  std::set<std::string> prelude;
  for (std::size_t i = 0; i + 1 < map.body.size(); ++i) {
    const ir::op& o = map.body[i];
    if (o.kind != ir::op_kind::kernel_statement || o.source->kind != statement_kind::declaration) return false;
    prelude.insert(o.source->name);
  }
  std::vector<std::string> names;
  printer::reductions_in(map.body, names);
  if (names.size() == 1 && printer::additive(map.body, names[0])) return false;  // summed per vertex (vertex_map)
  std::set<std::string> declared;
  return independent_writes(loop.body, map.name, prelude, declared);
}

namespace {

bool any_arc_parallel(std::span<const ir::op> ops) {
  for (const ir::op& o : ops) {
    if (o.kind == ir::op_kind::frontier_loop) {
      // Its sweep runs as an advance over the frontier; the maps after it as maps.
      if (any_arc_parallel(std::span<const ir::op>(o.body).subspan(1))) return true;
      continue;
    }
    if (arc_parallel(o)) return true;
    for (const ir::op* arm = &o; arm; arm = ir::else_if(*arm))
      if (any_arc_parallel(arm->body) || any_arc_parallel(ir::else_block(*arm))) return true;
  }
  return false;
}

}  // namespace

void declare_arc_rows(printer& p_, const std::vector<ir::op>& ops) {
  if (!any_arc_parallel(ops)) return;
  p_.line("::plexus::dsl::runtime::all_arcs<Space> plx_all_arcs(space, plx_out);");
}

void arc_map(printer& p_, const ir::op& o) {
  const ir::op& loop = o.body.back();
  const std::string v = identifier(o.name), w = identifier(loop.name), arc = "plx_arc_" + loop.name;
  p_.symbols[o.name] = {symbol_kind::scalar, value_kind::node, false};
  p_.symbols[loop.name] = {symbol_kind::scalar, value_kind::node, false};
  p_.open("{");
  const std::size_t checks = p_.checks();
  const std::vector<std::string> reductions = open_reductions(p_, o.body);
  p_.open(fmt::format("plx_all_arcs.visit(space, plx_out, PLEXUS_LAMBDA([[maybe_unused]] ::plexus::vertex_t {}, "
                      "[[maybe_unused]] ::plexus::vertex_t plx_target, [[maybe_unused]] ::plexus::edge_t {}, ::plexus::weight_t) {{",
                      v, arc));
  kernel_context k;
  k.own = o.name;
  p_.skip_unless(o.filter, o.name, k, "return;");
  const std::vector<ir::op> prelude(o.body.begin(), o.body.end() - 1);
  p_.kernel_ops(prelude, k);
  p_.line(fmt::format("const ::plexus::vertex_t {} = plx_target;", w));
  k.arcs[loop.name] = arc;
  k.arc_of[loop.name] = o.name;
  p_.skip_unless(loop.filter, loop.name, k, "return;");
  p_.kernel_ops(loop.body, k);
  p_.close("});");
  p_.throw_if_failed(checks);
  close_reductions(p_, reductions);
  p_.close();
}

}  // namespace plexus::dsl::emit
