// The Plexus back end's graph operators: vertex and edge maps (with their pulled sums and
// reductions), frontier loops, BFS levels and intersections (emit_context.hpp).
#include <fmt/format.h>

#include <set>

#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl::emit {

void pulled_sums_in(const std::vector<ir::op>& ops, std::vector<pulled_sum>& out) {
  ir::for_each_op(ops, [&](const ir::op& o) {
    for (const pulled_sum& sum : printer::pulled_sums(o)) out.push_back(sum);
  });
}

void declare_pulled_sums(printer& p_, const std::vector<ir::op>& ops) {
  std::vector<pulled_sum> sums;
  pulled_sums_in(ops, sums);
  if (sums.empty()) return;
  p_.line("const ::plexus::exec::segment_plan<Space> plx_plan_in(space, plx_n, plx_in.offsets);");
  std::set<std::string> declared;
  for (const pulled_sum& sum : sums) {
    const std::string local = sum.declaration->name;
    if (!declared.insert(local).second) continue;  // maps run one after another: one array serves
    const std::string type = cpp_type(type_of(*sum.declaration->type).kind);
    p_.line(fmt::format("::plexus::exec::buffer<Space, {}> plx_pulled_{}_buffer(plx_n), plx_term_{}_buffer(plx_n);", type, local,
                        local));
    p_.line(fmt::format("{}* const plx_pulled_{} = plx_pulled_{}_buffer.data();", type, local, local));
    p_.line(fmt::format("{}* const plx_term_{} = plx_term_{}_buffer.data();", type, local, local));
  }
}

/// Each pulled sum of the map as one segmented reduction over the in-CSR (Plexus's PageRank
/// gather), into an array the kernel reads instead of walking the in-arcs itself.
void pull_sums(printer& p_, const ir::op& o, kernel_context& k) {
  for (const emit::pulled_sum& sum : emit::printer::pulled_sums(o)) {
    const std::string local = sum.declaration->name, type = cpp_type(type_of(*sum.declaration->type).kind);
    // Their arrays and the in-CSR's segment plan are made once, at the function's start
    // (declare_pulled_sums), not per iteration of the loop around the map.
    const std::string array = "plx_pulled_" + local;
    const std::string terms = "plx_term_" + local;
    // The term depends on the in-neighbour alone: stored once per vertex, so the reduction
    // gathers one value per arc (the library PageRank's stored contributions).
    const std::size_t checks = p_.checks();
    p_.open("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t plx_i) {");
    p_.symbols[sum.loop->name] = {symbol_kind::scalar, value_kind::node, false};
    p_.line(fmt::format("const ::plexus::vertex_t {} = static_cast<::plexus::vertex_t>(plx_i);", identifier(sum.loop->name)));
    // A vertex without out-arcs is nobody's in-neighbour: its term is never read (and may
    // not be computable: a division by its degree).
    p_.line(fmt::format("if (plx_out.degree({}) == 0) {{ {}[plx_i] = {}(0); return; }}", identifier(sum.loop->name), terms,
                        type));
    kernel_context term;
    term.own = sum.loop->name;
    p_.line(fmt::format("{}[plx_i] = {};", terms, p_.value(*sum.term, type_of(*sum.declaration->type).kind, &term)));
    p_.close("});");
    p_.throw_if_failed(checks);
    p_.line(fmt::format("::plexus::exec::segmented_reduce(space, plx_plan_in, PLEXUS_LAMBDA(::plexus::edge_t plx_e) {{ return "
                        "{}[plx_in.indices[plx_e]]; }}, {}(0), ::plexus::exec::plus{{}}, PLEXUS_LAMBDA(std::size_t plx_v, {} "
                        "plx_partial) {{ {}[plx_v] = plx_partial; }});",
                        terms, type, type, array));
    k.gathered[local] = array;
  }
}

void vertex_map(printer& p_, const ir::op& o) {
  if (arc_parallel(o)) {
    arc_map(p_, o);
    return;
  }
  p_.open("{");
  kernel_context k;
  k.own = o.name;
  pull_sums(p_, o, k);
  std::vector<std::string> names;
  emit::printer::reductions_in(o.body, names);
  const bool summed = names.size() == 1 && emit::printer::additive(o.body, names[0]);
  const std::string v = identifier(o.name);
  p_.symbols[o.name] = {symbol_kind::scalar, value_kind::node, false};
  std::vector<std::string> reductions;
  std::string type;
  const std::size_t checks = p_.checks();
  if (summed) {
    // One additive reduction: each lane sums into plx_sum and exec::reduce combines the lanes,
    // instead of every lane adding atomically into one place.
    k.summed = names[0];
    const emit::symbol* s = p_.find(names[0]);
    type = element_type(s->type);
    p_.open(fmt::format("{} += static_cast<{}>(::plexus::exec::reduce(space, plx_n, {}(0), PLEXUS_LAMBDA(std::size_t plx_i) -> {} {{",
                        identifier(names[0]), cpp_type(s->type), type, type));
    p_.line(fmt::format("{} plx_sum = 0;", type));
  } else {
    reductions = open_reductions(p_, o.body);
    p_.open("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t plx_i) {");
  }
  p_.line(fmt::format("const ::plexus::vertex_t {} = static_cast<::plexus::vertex_t>(plx_i);", v));
  p_.skip_unless(o.filter, o.name, k, summed ? "return plx_sum;" : "return;");
  p_.kernel_ops(o.body, k);
  if (summed) {
    p_.line("return plx_sum;");
    p_.close("}, ::plexus::exec::plus{}));");
    p_.throw_if_failed(checks);
  } else {
    p_.close("});");
    p_.throw_if_failed(checks);
    close_reductions(p_, reductions);
  }
  p_.close();
}

namespace {

/// A frontier loop's pull round (ir::op::may_pull): when the frontier is large and offers one
/// value, every vertex the value would improve looks for a frontier vertex among its
/// in-neighbours, stopping at the first, instead of the frontier pushing over all its arcs.
void pull_round(printer& p_, const ir::op& o, direction_mode direction) {
  const ir::op& map = o.body.at(0);
  const ir::op& loop = map.body.at(0);
  const statement& s = *loop.body.at(0).source;
  const expression& target = *s.targets[0];
  const value_kind t = p_.place_kind(target);
  const std::string type = cpp_type(t), v = identifier(map.name), w = identifier(loop.name);
  kernel_context offer;
  offer.own = map.name;
  kernel_context settle;
  settle.own = loop.name;
  const std::size_t checks = p_.checks();
  p_.open(direction == direction_mode::pull ? "if (plx_in.offsets != nullptr) {"
                                             : "if (plx_in.offsets != nullptr && plx_frontier.should_pull(space, plx_out)) {");
  p_.line(fmt::format("const auto plx_offers = plx_frontier.template offers<{}>(space, PLEXUS_LAMBDA(::plexus::vertex_t {}) -> {} {{ "
                      "return {}; }});",
                      type, v, type, p_.value(*s.values[0]->operands[1], t, &offer)));
  // The offers' checks are read whether or not the round then pulls.
  p_.throw_if_failed(checks);
  p_.open("if (plx_offers.least == plx_offers.largest) {");
  p_.line(fmt::format("const {} plx_offer = plx_offers.least;", type));
  p_.line(fmt::format("plx_frontier.pull(space, plx_in, PLEXUS_LAMBDA(::plexus::vertex_t {}) {{ return plx_offer < {}; }},", w,
                      p_.element(target, &settle)));
  p_.line(fmt::format("    PLEXUS_LAMBDA(::plexus::vertex_t, ::plexus::vertex_t {}, ::plexus::edge_t, ::plexus::weight_t) {{ "
                      "{} = plx_offer; {} = 1u; return true; }}, {}, {});",
                      w, p_.element(target, &settle), p_.element(*s.targets[1], &settle), identifier(o.name),
                      identifier(o.other)));
  p_.throw_if_failed(checks);
  p_.line("continue;");
  p_.close();
  p_.close();
}

}  // namespace

void frontier_loop(printer& p_, const ir::op& o) {
  const ir::op& map = o.body.at(0);
  if (map.body.size() != 1 || map.body[0].kind != ir::op_kind::neighbors || map.body[0].in_arcs ||
      map.body[0].of != map.name)
    p_.unsupported(map.source->range, "a fixedPoint sweep that does more than visit its vertex's neighbours");
  const ir::op& loop = map.body[0];
  const std::string flag = identifier(o.name), next = identifier(o.other);
  p_.open("{");
  p_.line(fmt::format("::plexus::dsl::runtime::flag_frontier<Space> plx_frontier(space, plx_n, {});", flag));
  p_.line(fmt::format("{} = false;", identifier(o.flag)));
  p_.open("while (plx_frontier.size() > 0) {");
  const std::string v = identifier(map.name), w = identifier(loop.name), arc = "plx_arc_" + loop.name;
  p_.symbols[map.name] = {emit::symbol_kind::scalar, value_kind::node, false};
  p_.symbols[loop.name] = {emit::symbol_kind::scalar, value_kind::node, false};
  // A schedule may choose the advance's load balancer and the rounds' direction (schedule.hpp).
  std::string balance;
  direction_mode direction = direction_mode::automatic;
  const std::string& label = o.source->label.empty() ? map.source->label : o.source->label;
  if (p_.plan && !label.empty())
    if (const auto entry = p_.plan->find(label); entry != p_.plan->end()) {
      if (entry->second.balance) balance = fmt::format(", ::plexus::load_balance::{}", to_string(*entry->second.balance));
      if (entry->second.direction) direction = *entry->second.direction;
    }
  if (o.may_pull && direction != direction_mode::push) pull_round(p_, o, direction);
  const std::size_t checks = p_.checks();
  p_.open(fmt::format("plx_frontier.advance(space, plx_out, PLEXUS_LAMBDA([[maybe_unused]] ::plexus::vertex_t {}, "
                      "[[maybe_unused]] ::plexus::vertex_t {}, [[maybe_unused]] ::plexus::edge_t {}, ::plexus::weight_t) {{",
                      v, w, arc));
  p_.line("bool plx_pushed = false;");
  kernel_context k;
  k.own = map.name;
  k.arcs[loop.name] = arc;
  k.arc_of[loop.name] = map.name;
  k.push_flag = o.other;
  p_.skip_unless(loop.filter, loop.name, k, "return false;");
  p_.kernel_ops(loop.body, k);
  p_.line("return plx_pushed;");
  p_.close(fmt::format("}}{});", balance));
  p_.throw_if_failed(checks);
  // Maps between the sweep and the handover may flag vertices the advance did not push: then
  // the next frontier is read from the flags.
  for (std::size_t i = 1; i < o.body.size(); ++i) vertex_map(p_, o.body[i]);
  if (o.body.size() > 1)
    p_.line(fmt::format("plx_frontier.hand_over_flags(space, plx_n, {}, {});", flag, next));
  else
    p_.line(fmt::format("plx_frontier.hand_over(space, {}, {});", flag, next));
  p_.close();
  p_.line(fmt::format("{} = true;", identifier(o.flag)));
  p_.close();
}

void bfs_levels(printer& p_, const ir::op& o) {
  const statement& s = *o.source;
  const std::string v = identifier(o.name);
  p_.symbols[o.name] = {emit::symbol_kind::scalar, value_kind::node, false};
  p_.open("{");
  p_.check_vertex(*s.value);
  p_.line(fmt::format("::plexus::dsl::runtime::bfs_levels<Space> plx_levels(space, plx_out, plx_in, {});",
                      p_.value(*s.value, value_kind::node, nullptr)));
  p_.line("const ::plexus::vertex_t* const plx_level = plx_levels.level();");
  level_kernels(p_, o.body, nullptr, o.name, "for (::plexus::vertex_t plx_depth = 0; plx_depth < plx_levels.count(); ++plx_depth) {");
  if (s.has_reverse)
    level_kernels(p_, o.else_body, o.condition, o.name, "for (::plexus::vertex_t plx_depth = plx_levels.count(); plx_depth-- > 0;) {");
  p_.close();
}

void level_kernels(printer& p_, const std::vector<ir::op>& body, const expression* filter, const std::string& own,
                   const std::string& loop) {
  const std::string v = identifier(own);
  p_.open(loop);
  const std::size_t checks = p_.checks();
  const std::vector<std::string> reductions = open_reductions(p_, body);
  p_.line("const ::plexus::vertex_t* const plx_items = plx_levels.vertices(plx_depth);");
  p_.open("::plexus::exec::for_each(space, plx_levels.size(plx_depth), PLEXUS_LAMBDA(std::size_t plx_i) {");
  p_.line(fmt::format("const ::plexus::vertex_t {} = plx_items[plx_i];", v));
  kernel_context k;
  k.own = own;
  if (filter) p_.line(fmt::format("if (!({})) return;", p_.value(*filter, value_kind::bool_, &k)));
  p_.kernel_ops(body, k);
  p_.close("});");
  p_.throw_if_failed(checks);
  close_reductions(p_, reductions);
  p_.close();
}

/// The triangle-counting idiom: per arc (v, u) that passes u's filter, the common
/// neighbours w of v and u that pass w's filter, by merging the two sorted lists (from
/// just above v in both when w's filter is `w > v`); for u < v < w on an undirected graph,
/// over the lists oriented by degree (operators/orient.hpp).
void intersect(printer& p_, const ir::op& o) {
  const ir::op& outer = o.body.at(0);
  const ir::op& inner = outer.body.at(0);
  const std::string v = identifier(o.name), u = identifier(outer.name), w = identifier(inner.name);
  for (const std::string* name : {&o.name, &outer.name, &inner.name})
    p_.symbols[*name] = {emit::symbol_kind::scalar, value_kind::node, false};
  const emit::symbol* counter = p_.find(o.reduction);
  kernel_context k;
  k.own = o.name;
  const expression* above = inner.filter;
  const expression* below = outer.filter;
  const bool suffix = above && above->kind == expression_kind::binary && above->text == ">" &&
                      above->operands[0]->text == inner.name && above->operands[1]->text == o.name;
  const bool ordered = suffix && below && below->kind == expression_kind::binary && below->text == "<" &&
                       below->operands[0]->text == outer.name && below->operands[1]->text == o.name;
  p_.open("{");
  if (ordered) {
    // u < v < w counts every triangle once, and so does any other order of the vertices on
    // an undirected graph (its in-arcs are its out-arcs): there the lists are oriented by
    // degree and intersected as the library's triangle counting does.
    p_.open("if (plx_out.offsets == plx_in.offsets) {");
    p_.line("const ::plexus::operators::oriented_graph<Space> plx_oriented = ::plexus::operators::orient_by_degree(space, plx_out);");
    p_.line(fmt::format("{} += static_cast<{}>(::plexus::operators::intersect_arcs_sum(space, plx_oriented.view(plx_n), "
                        "plx_oriented.sources.data(), ::plexus::intersect_method::hybrid));",
                        identifier(o.reduction), cpp_type(counter->type)));
    p_.close("} else {");
    p_.indent();
  }
  const std::size_t checks = p_.checks();
  p_.line("const ::plexus::exec::buffer<Space, ::plexus::vertex_t> plx_rows = ::plexus::dsl::runtime::arc_rows(space, plx_out);");
  p_.line("const ::plexus::vertex_t* const plx_row = plx_rows.data();");
  p_.open(fmt::format("{} += static_cast<{}>(::plexus::exec::reduce(space, plx_out.num_edges, std::int64_t(0), "
                      "PLEXUS_LAMBDA(std::size_t plx_e) -> std::int64_t {{",
                      identifier(o.reduction), cpp_type(counter->type)));
  p_.line(fmt::format("const ::plexus::vertex_t {} = plx_row[plx_e];", v));
  p_.line(fmt::format("const ::plexus::vertex_t {} = plx_out.indices[plx_e];", u));
  p_.skip_unless(outer.filter, outer.name, k, "return 0;");
  if (suffix) {
    // w > v, so both lists are read from just above v, and intersected by merging or by
    // binary search, whichever the lengths favour (the library's triangle counting).
    p_.line(fmt::format("const ::plexus::edge_t plx_a = ::plexus::operators::lower_bound(plx_out.indices, "
                        "plx_out.begin({}), plx_out.end({}), {} + 1);",
                        v, v, v));
    p_.line(fmt::format("const ::plexus::edge_t plx_b = ::plexus::operators::lower_bound(plx_out.indices, "
                        "plx_out.begin({}), plx_out.end({}), {} + 1);",
                        u, u, v));
    p_.line(fmt::format("return static_cast<std::int64_t>(::plexus::operators::intersect_count(plx_out.indices + plx_a, "
                        "plx_out.end({}) - plx_a, plx_out.indices + plx_b, plx_out.end({}) - plx_b, "
                        "::plexus::intersect_method::hybrid));",
                        v, u));
    p_.close("}, ::plexus::exec::plus{}));");
    p_.throw_if_failed(checks);
    if (ordered) p_.close();
    p_.close();
    return;
  }
  p_.line(fmt::format("::plexus::edge_t plx_a = plx_out.begin({});", v));
  p_.line(fmt::format("::plexus::edge_t plx_b = plx_out.begin({});", u));
  p_.line(fmt::format("const ::plexus::edge_t plx_a_end = plx_out.end({}), plx_b_end = plx_out.end({});", v, u));
  p_.line("std::int64_t plx_common = 0;");
  p_.open("while (plx_a < plx_a_end && plx_b < plx_b_end) {");
  p_.line("const ::plexus::vertex_t plx_x = plx_out.indices[plx_a], plx_y = plx_out.indices[plx_b];");
  p_.open("if (plx_x == plx_y) {");
  p_.line(fmt::format("const ::plexus::vertex_t {} = plx_x;", w));
  if (inner.filter && !suffix) {
    p_.line(fmt::format("if ({}) ++plx_common;", p_.filter_value(*inner.filter, inner.name, k)));
  } else {
    p_.line(fmt::format("(void){};", w));
    p_.line("++plx_common;");
  }
  p_.line("++plx_a;");
  p_.line("++plx_b;");
  p_.close("} else if (plx_x < plx_y) {");
  p_.indent();
  p_.line("++plx_a;");
  p_.close("} else {");
  p_.indent();
  p_.line("++plx_b;");
  p_.close();
  p_.close();
  p_.line("return plx_common;");
  p_.close("}, ::plexus::exec::plus{}));");
  p_.throw_if_failed(checks);
  p_.close();
}

/// The reduction slots of a kernel's host scalars, before it is launched.
std::vector<std::string> open_reductions(printer& p_, const std::vector<ir::op>& body) {
  std::vector<std::string> names;
  emit::printer::reductions_in(body, names);
  for (const std::string& r : names) {
    const emit::symbol* s = p_.find(r);
    const std::string type = element_type(s->type);
    p_.line(fmt::format("::plexus::dsl::runtime::slot<Space, {}> plx_slot_{}(static_cast<{}>({}));", type, r, type,
                        identifier(r)));
    p_.line(fmt::format("{}* const plx_reduce_{} = plx_slot_{}.data();", type, r, r));
  }
  return names;
}

void close_reductions(printer& p_, const std::vector<std::string>& names) {
  for (const std::string& r : names) {
    const emit::symbol* s = p_.find(r);
    p_.line(fmt::format("{} = static_cast<{}>(plx_slot_{}.get());", identifier(r), cpp_type(s->type), r));
  }
}

}  // namespace plexus::dsl::emit
