// The DSL's serial interpreter, its loops: the vertices of a domain, fixedPoint, and the BFS levels of iterateInBFS (interpreting.hpp).
#include "plexus/dsl/interpreting.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus::dsl::interpreting {

std::vector<vertex_t> interpreter::domain(const expression& d, const std::string& iterator) {
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
  const vertex_t v = vertex(*d.operands[1]);
  const csr_arrays& arcs = callee.text == "nodes_to" ? graph_.in() : graph_.out();
  for (edge_t e = arcs.offsets[v]; e < arcs.offsets[v + 1]; ++e) {
    const vertex_t w = arcs.indices[e];
    // Inside a BFS body, a vertex's neighbours are its children.
    if (bfs_ && callee.text == "neighbors" && bfs_->level[w] != bfs_->level[v] + 1) continue;
    out.push_back(w);
  }
  return out;
}

void interpreter::fixed_point(const statement& s) {
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

void interpreter::bfs(const statement& s) {
  const vertex_t source = vertex(*s.value);
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

}  // namespace plexus::dsl::interpreting
