// The patterns the Plexus back end looks for in a map's ops before printing it: pulled sums
// and additive reductions (emit_context.hpp).
#include "plexus/dsl/emit_context.hpp"
#include "plexus/dsl/lower_passes.hpp"

namespace plexus::dsl::emit {

using passes::mentions;

std::vector<pulled_sum> printer::pulled_sums(const ir::op& map) {
  std::vector<pulled_sum> found;
  if (map.kind != ir::op_kind::edge_map || map.dir != ir::direction::pull) return found;
  for (std::size_t i = 0; i + 1 < map.body.size(); ++i) {
    const ir::op& declare = map.body[i];
    const ir::op& loop = map.body[i + 1];
    if (declare.kind != ir::op_kind::kernel_statement || declare.source->kind != statement_kind::declaration ||
        loop.kind != ir::op_kind::neighbors || !loop.in_arcs || loop.of != map.name || loop.filter ||
        loop.body.size() != 1 || loop.body[0].kind != ir::op_kind::kernel_statement)
      continue;
    const statement& add = *loop.body[0].source;
    const std::string& local = declare.source->name;
    const expression* term = nullptr;
    if (add.kind == statement_kind::compound && add.op == "+=" && add.target->kind == expression_kind::name &&
        add.target->text == local)
      term = add.value.get();
    if (add.kind == statement_kind::assignment && add.target->kind == expression_kind::name && add.target->text == local &&
        add.value->kind == expression_kind::binary && add.value->text == "+" &&
        add.value->operands[0]->kind == expression_kind::name && add.value->operands[0]->text == local)
      term = add.value->operands[1].get();
    if (!term || mentions(*term, map.name) || mentions(*term, local)) continue;
    found.push_back({declare.source, &loop, term});
  }
  return found;
}

bool printer::additive(const std::vector<ir::op>& ops, const std::string& name) {
  bool adds = true;
  ir::for_each_op(ops, [&](const ir::op& o) {
    if (o.kind != ir::op_kind::kernel_statement || o.reduction != name) return;
    const statement& s = *o.source;
    adds = adds && ((s.kind == statement_kind::compound && (s.op == "+=" || s.op == "-=")) ||
                    s.kind == statement_kind::step ||
                    (s.kind == statement_kind::assignment && o.safety == ir::write_safety::reduction));
  });
  return adds;
}

}  // namespace plexus::dsl::emit
