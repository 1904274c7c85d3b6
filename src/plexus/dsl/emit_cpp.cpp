// The Plexus back end: the ops of a lowered function as C++ (emit_cpp.hpp).
#include "plexus/dsl/emit_cpp.hpp"

#include <fmt/format.h>

#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl {

namespace {

using emit::cpp_type;
using emit::element_type;
using emit::identifier;
using emit::kernel_context;
using emit::symbol_kind;

/// The kind of the first value a function returns (invalid: none).
value_kind returned_kind(const std::vector<statement_ptr>& body, const emit::printer& p) {
  for (const statement_ptr& s : body) {
    if (s->kind == statement_kind::return_ && s->value) return p.kind_of(*s->value);
    for (const auto* inner : {&s->body, &s->else_body}) {
      const value_kind k = returned_kind(*inner, p);
      if (k != value_kind::invalid) return k;
    }
  }
  return value_kind::invalid;
}

class function_printer {
 public:
  function_printer(emit::printer& p, const ir::function_ir& f) : p_(p), f_(f) {}

  void run() {
    const function& source = *f_.source;
    const value_kind result = returned_kind(source.body, p_);
    result_ = result == value_kind::invalid ? "void" : cpp_type(result);
    std::string parameters;
    for (const parameter& par : source.parameters) {
      const value_type t = type_of(par.type);
      switch (t.kind) {
        case value_kind::graph:
          p_.symbols[par.name] = {symbol_kind::graph, value_kind::invalid, true};
          continue;
        case value_kind::edge_property:
          p_.symbols[par.name] = {symbol_kind::edge_property, t.element, true};
          continue;
        case value_kind::node_property:
          p_.symbols[par.name] = {symbol_kind::property, t.element, true};
          parameters += fmt::format(", {}* {}", element_type(t.element), identifier(par.name));
          results_.push_back(par.name);
          continue;
        case value_kind::node_set:
          p_.symbols[par.name] = {symbol_kind::set, value_kind::node, true};
          parameters += fmt::format(", std::span<const ::plexus::vertex_t> {}", identifier(par.name));
          continue;
        default:
          p_.symbols[par.name] = {symbol_kind::scalar, t.kind, true};
          parameters += fmt::format(", {} {}", cpp_type(t.kind), identifier(par.name));
      }
    }
    p_.line("template <class Space>");
    p_.open(fmt::format("{} {}(const Space& space, const ::plexus::dsl::runtime::graph& g{}) {{", result_,
                        identifier(f_.name), parameters));
    p_.line("[[maybe_unused]] const ::plexus::csr_view plx_out = g.out;");
    p_.line("[[maybe_unused]] const ::plexus::csr_view plx_in = g.in;");
    p_.line("[[maybe_unused]] const ::plexus::vertex_t plx_n = g.num_vertices;");
    for (const std::string& r : results_) {
      const std::string name = identifier(r);
      p_.line(fmt::format("{}* const plx_result_{} = {};", element_type(p_.find(r)->type), r, name));
    }
    if (pulls_sums(f_.body))
      p_.line("const ::plexus::exec::segment_plan<Space> plx_plan_in(space, plx_n, plx_in.offsets);");
    host_ops(f_.body);
    settle_results();
    p_.close();
  }

 private:
  /// Parameters' properties swapped away from the caller's arrays are copied back.
  void settle_results() {
    for (const std::string& r : results_) {
      const std::string name = identifier(r);
      p_.open(fmt::format("if ({} != plx_result_{}) {{", name, r));
      p_.line(fmt::format("{}* const plx_to = plx_result_{};", element_type(p_.find(r)->type), r));
      p_.line(fmt::format("const {}* const plx_from = {};", element_type(p_.find(r)->type), name));
      p_.line("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t i) { plx_to[i] = plx_from[i]; });");
      p_.close();
    }
  }

  void host_ops(const std::vector<ir::op>& ops) {
    for (const ir::op& o : ops) host_op(o);
  }

  std::string host_value(const expression& e, value_kind want) { return p_.value(e, want, nullptr); }

  void host_op(const ir::op& o) {
    switch (o.kind) {
      case ir::op_kind::scalar_statement:
        scalar_statement(*o.source);
        return;
      case ir::op_kind::property_decl: {
        const std::string name = identifier(o.name);
        p_.symbols[o.name] = {symbol_kind::property, o.element, false};
        p_.line(fmt::format("::plexus::exec::buffer<Space, {}> plx_buffer_{}(plx_n);", element_type(o.element), o.name));
        p_.line(fmt::format("plx_buffer_{}.fill({}{{}});", o.name, element_type(o.element)));
        p_.line(fmt::format("{}* {} = plx_buffer_{}.data();", element_type(o.element), name, o.name));
        return;
      }
      case ir::op_kind::attach:
        attach(*o.source);
        return;
      case ir::op_kind::vertex_store:
        vertex_store(*o.source);
        return;
      case ir::op_kind::copy: {
        p_.open("{");
        p_.line(fmt::format("auto* const plx_to = {};", identifier(o.name)));
        p_.line(fmt::format("const auto* const plx_from = {};", identifier(o.other)));
        p_.line("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t i) { plx_to[i] = plx_from[i]; });");
        p_.close();
        return;
      }
      case ir::op_kind::swap:
        p_.line(fmt::format("std::swap({}, {});", identifier(o.name), identifier(o.other)));
        return;
      case ir::op_kind::host_if:
        p_.open(fmt::format("if ({}) {{", host_value(*o.condition, value_kind::bool_)));
        host_ops(o.body);
        if (!o.else_body.empty()) {
          p_.close("} else {");
          p_.indent();
          host_ops(o.else_body);
        }
        p_.close();
        return;
      case ir::op_kind::host_while:
        p_.open(fmt::format("while ({}) {{", host_value(*o.condition, value_kind::bool_)));
        host_ops(o.body);
        p_.close();
        return;
      case ir::op_kind::host_do_while:
        p_.open("do {");
        host_ops(o.body);
        p_.close(fmt::format("}} while ({});", host_value(*o.condition, value_kind::bool_)));
        return;
      case ir::op_kind::host_for_set:
        p_.symbols[o.name] = {symbol_kind::scalar, value_kind::node, false};
        p_.open(fmt::format("for (const ::plexus::vertex_t {} : {}) {{", identifier(o.name), identifier(o.other)));
        host_ops(o.body);
        p_.close();
        return;
      case ir::op_kind::vertex_map:
      case ir::op_kind::edge_map:
        vertex_map(o);
        return;
      case ir::op_kind::frontier_loop:
        frontier_loop(o);
        return;
      case ir::op_kind::bfs_levels:
        bfs_levels(o);
        return;
      case ir::op_kind::intersect:
        intersect(o);
        return;
      default:
        p_.unsupported(o.source->range, "this operation on the host");
    }
  }

  void scalar_statement(const statement& s) {
    switch (s.kind) {
      case statement_kind::declaration: {
        const value_kind t = type_of(*s.type).kind;
        p_.symbols[s.name] = {symbol_kind::scalar, t, false};
        p_.line(s.value ? fmt::format("[[maybe_unused]] {} {} = {};", cpp_type(t), identifier(s.name), host_value(*s.value, t))
                        : fmt::format("[[maybe_unused]] {} {}{{}};", cpp_type(t), identifier(s.name)));
        return;
      }
      case statement_kind::assignment:
        p_.line(fmt::format("{} = {};", identifier(s.target->text), host_value(*s.value, p_.place_kind(*s.target))));
        return;
      case statement_kind::compound:
        p_.line(fmt::format("{} {} {};", identifier(s.target->text), s.op, host_value(*s.value, p_.place_kind(*s.target))));
        return;
      case statement_kind::step:
        p_.line(fmt::format("{}{};", identifier(s.target->text), s.op));
        return;
      case statement_kind::return_:
        settle_results();
        p_.line(s.value ? fmt::format("return {};", host_value(*s.value, p_.kind_of(*s.value))) : "return;");
        return;
      default:
        p_.unsupported(s.range, "this statement on the host");
    }
  }

  /// The reduction slots of a kernel's host scalars, before it is launched.
  std::vector<std::string> open_reductions(const std::vector<ir::op>& body) {
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
  void close_reductions(const std::vector<std::string>& names) {
    for (const std::string& r : names) {
      const emit::symbol* s = p_.find(r);
      p_.line(fmt::format("{} = static_cast<{}>(plx_slot_{}.get());", identifier(r), cpp_type(s->type), r));
    }
  }

  /// Whether any pull edge map of `ops` sums over in-arcs (then the function plans the in-CSR's
  /// segments once, at its start).
  static bool pulls_sums(const std::vector<ir::op>& ops) {
    for (const ir::op& o : ops)
      if (!emit::printer::pulled_sums(o).empty() || pulls_sums(o.body) || pulls_sums(o.else_body)) return true;
    return false;
  }

  /// Each pulled sum of the map as one segmented reduction over the in-CSR (Plexus's PageRank
  /// gather), into an array the kernel reads instead of walking the in-arcs itself.
  void pull_sums(const ir::op& o, kernel_context& k) {
    for (const emit::pulled_sum& sum : emit::printer::pulled_sums(o)) {
      const std::string local = sum.declaration->name, type = cpp_type(type_of(*sum.declaration->type).kind);
      const std::string array = "plx_pulled_" + local;
      const std::string terms = "plx_term_" + local;
      p_.line(fmt::format("::plexus::exec::buffer<Space, {}> {}_buffer(plx_n), {}_buffer(plx_n);", type, array, terms));
      p_.line(fmt::format("{}* const {} = {}_buffer.data();", type, array, array));
      p_.line(fmt::format("{}* const {} = {}_buffer.data();", type, terms, terms));
      // The term depends on the in-neighbour alone: stored once per vertex, so the reduction
      // gathers one value per arc (the library PageRank's stored contributions).
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
      p_.line(fmt::format("::plexus::exec::segmented_reduce(space, plx_plan_in, PLEXUS_LAMBDA(::plexus::edge_t plx_e) {{ return "
                          "{}[plx_in.indices[plx_e]]; }}, {}(0), ::plexus::exec::plus{{}}, PLEXUS_LAMBDA(std::size_t plx_v, {} "
                          "plx_partial) {{ {}[plx_v] = plx_partial; }});",
                          terms, type, type, array));
      k.gathered[local] = array;
    }
  }

  void vertex_map(const ir::op& o) {
    p_.open("{");
    kernel_context k;
    k.own = o.name;
    pull_sums(o, k);
    std::vector<std::string> names;
    emit::printer::reductions_in(o.body, names);
    const bool summed = names.size() == 1 && emit::printer::additive(o.body, names[0]);
    const std::string v = identifier(o.name);
    p_.symbols[o.name] = {symbol_kind::scalar, value_kind::node, false};
    std::vector<std::string> reductions;
    std::string type;
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
      reductions = open_reductions(o.body);
      p_.open("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t plx_i) {");
    }
    p_.line(fmt::format("const ::plexus::vertex_t {} = static_cast<::plexus::vertex_t>(plx_i);", v));
    if (o.filter) {
      kernel_context f = k;
      f.filter_iterator = o.name;
      p_.line(fmt::format("if (!({})) return{};", p_.value(*o.filter, value_kind::bool_, &f), summed ? " plx_sum" : ""));
    }
    p_.kernel_ops(o.body, k);
    if (summed) {
      p_.line("return plx_sum;");
      p_.close("}, ::plexus::exec::plus{}));");
    } else {
      p_.close("});");
      close_reductions(reductions);
    }
    p_.close();
  }

  void frontier_loop(const ir::op& o) {
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
    p_.open(fmt::format("plx_frontier.advance(space, plx_out, PLEXUS_LAMBDA([[maybe_unused]] ::plexus::vertex_t {}, "
                        "[[maybe_unused]] ::plexus::vertex_t {}, [[maybe_unused]] ::plexus::edge_t {}, ::plexus::weight_t) {{",
                        v, w, arc));
    p_.line("bool plx_pushed = false;");
    kernel_context k;
    k.own = map.name;
    k.arcs[loop.name] = arc;
    k.arc_of[loop.name] = map.name;
    k.push_flag = o.other;
    if (loop.filter) {
      kernel_context f = k;
      f.filter_iterator = loop.name;
      p_.line(fmt::format("if (!({})) return false;", p_.value(*loop.filter, value_kind::bool_, &f)));
    }
    p_.kernel_ops(loop.body, k);
    p_.line("return plx_pushed;");
    p_.close("});");
    p_.line(fmt::format("plx_frontier.hand_over(space, {}, {});", flag, next));
    p_.close();
    p_.line(fmt::format("{} = true;", identifier(o.flag)));
    p_.close();
  }

  void bfs_levels(const ir::op& o) {
    const statement& s = *o.source;
    const std::string v = identifier(o.name);
    p_.symbols[o.name] = {emit::symbol_kind::scalar, value_kind::node, false};
    p_.open("{");
    p_.line(fmt::format("::plexus::dsl::runtime::bfs_levels<Space> plx_levels(space, plx_out, {});",
                        host_value(*s.value, value_kind::node)));
    p_.line("const ::plexus::vertex_t* const plx_level = plx_levels.level();");
    level_kernels(o.body, nullptr, o.name, "for (::plexus::vertex_t plx_depth = 0; plx_depth < plx_levels.count(); ++plx_depth) {");
    if (s.has_reverse)
      level_kernels(o.else_body, o.condition, o.name, "for (::plexus::vertex_t plx_depth = plx_levels.count(); plx_depth-- > 0;) {");
    p_.close();
  }

  void level_kernels(const std::vector<ir::op>& body, const expression* filter, const std::string& own,
                     const std::string& loop) {
    const std::string v = identifier(own);
    p_.open(loop);
    const std::vector<std::string> reductions = open_reductions(body);
    p_.line("const ::plexus::vertex_t* const plx_items = plx_levels.vertices(plx_depth);");
    p_.open("::plexus::exec::for_each(space, plx_levels.size(plx_depth), PLEXUS_LAMBDA(std::size_t plx_i) {");
    p_.line(fmt::format("const ::plexus::vertex_t {} = plx_items[plx_i];", v));
    kernel_context k;
    k.own = own;
    if (filter) p_.line(fmt::format("if (!({})) return;", p_.value(*filter, value_kind::bool_, &k)));
    p_.kernel_ops(body, k);
    p_.close("});");
    close_reductions(reductions);
    p_.close();
  }

  /// The triangle-counting idiom: per arc (v, u) that passes u's filter, the common
  /// neighbours w of v and u that pass w's filter, by merging the two sorted lists (from
  /// just above v in v's list when w's filter is `w > v`).
  void intersect(const ir::op& o) {
    const ir::op& outer = o.body.at(0);
    const ir::op& inner = outer.body.at(0);
    const std::string v = identifier(o.name), u = identifier(outer.name), w = identifier(inner.name);
    for (const std::string* name : {&o.name, &outer.name, &inner.name})
      p_.symbols[*name] = {emit::symbol_kind::scalar, value_kind::node, false};
    const emit::symbol* counter = p_.find(o.reduction);
    kernel_context k;
    k.own = o.name;
    p_.open("{");
    p_.line("const ::plexus::exec::buffer<Space, ::plexus::vertex_t> plx_rows = ::plexus::dsl::runtime::arc_rows(space, plx_out);");
    p_.line("const ::plexus::vertex_t* const plx_row = plx_rows.data();");
    p_.open(fmt::format("{} += static_cast<{}>(::plexus::exec::reduce(space, plx_out.num_edges, std::int64_t(0), "
                        "PLEXUS_LAMBDA(std::size_t plx_e) -> std::int64_t {{",
                        identifier(o.reduction), cpp_type(counter->type)));
    p_.line(fmt::format("const ::plexus::vertex_t {} = plx_row[plx_e];", v));
    p_.line(fmt::format("const ::plexus::vertex_t {} = plx_out.indices[plx_e];", u));
    if (outer.filter) {
      kernel_context f = k;
      f.filter_iterator = outer.name;
      p_.line(fmt::format("if (!({})) return 0;", p_.value(*outer.filter, value_kind::bool_, &f)));
    }
    const expression* above = inner.filter;
    const bool suffix = above && above->kind == expression_kind::binary && above->text == ">" &&
                        above->operands[0]->text == inner.name && above->operands[1]->text == o.name;
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
      kernel_context f = k;
      f.filter_iterator = inner.name;
      p_.line(fmt::format("if ({}) ++plx_common;", p_.value(*inner.filter, value_kind::bool_, &f)));
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
    p_.close();
  }

  void attach(const statement& s) {
    p_.open("{");
    std::string stores;
    for (std::size_t i = 1; i < s.value->operands.size(); ++i) {
      const expression& a = *s.value->operands[i];
      const emit::symbol* target = p_.find(a.text);
      if (!target || target->kind != symbol_kind::property) p_.unsupported(a.range, "attaching an edge property");
      p_.line(fmt::format("{}* const plx_to_{} = {};", element_type(target->type), a.text, identifier(a.text)));
    }
    p_.open("::plexus::exec::for_each(space, plx_n, PLEXUS_LAMBDA(std::size_t plx_i) {");
    kernel_context k;
    for (std::size_t i = 1; i < s.value->operands.size(); ++i) {
      const expression& a = *s.value->operands[i];
      const emit::symbol* target = p_.find(a.text);
      std::string v = p_.value(*a.operands[0], target->type, &k);
      if (target->type == value_kind::bool_) v = fmt::format("(({}) ? 1u : 0u)", v);
      p_.line(fmt::format("plx_to_{}[plx_i] = {};", a.text, v));
    }
    p_.close("});");
    p_.close();
  }

  void vertex_store(const statement& s) {
    const expression& target = *s.target;
    const emit::symbol* property = p_.find(target.text);
    if (!property || property->kind != symbol_kind::property) p_.unsupported(target.range, "this store");
    p_.open("{");
    p_.line(fmt::format("const ::plexus::vertex_t plx_at = {};", host_value(*target.operands[0], value_kind::node)));
    p_.line(fmt::format("{}* const plx_to = {};", element_type(property->type), identifier(target.text)));
    kernel_context k;
    std::string v = p_.value(*s.value, property->type, &k);
    if (property->type == value_kind::bool_) v = fmt::format("(({}) ? 1u : 0u)", v);
    p_.line(fmt::format("::plexus::exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) {{ plx_to[plx_at] = {}; }});", v));
    p_.close();
  }

  emit::printer& p_;
  const ir::function_ir& f_;
  std::string result_;
  std::vector<std::string> results_;
};

}  // namespace

std::string emit_cpp(const program& tree, const checked_program& types, const source_file& file,
                     const std::vector<ir::function_ir>& functions) {
  (void)tree;
  std::string out = fmt::format(
      "// Generated by `plexus dsl compile` from {}: do not edit; change the program and compile it again.\n"
      "#pragma once\n\n"
      "#include <cstddef>\n#include <cstdint>\n#include <span>\n#include <utility>\n\n"
      "#include \"plexus/dsl/runtime/runtime.hpp\"\n\n"
      "namespace plexus::dsl::generated {{\n\n",
      file.name());
  for (const ir::function_ir& f : functions) {
    emit::printer p(types, file);
    function_printer(p, f).run();
    out += p.take() + "\n";
  }
  out += "}  // namespace plexus::dsl::generated\n";
  return out;
}

}  // namespace plexus::dsl
