// The Plexus back end: the ops of a lowered function as C++ (emit_cpp.hpp).
#include "plexus/dsl/emit_cpp.hpp"

#include <fmt/format.h>

#include <set>

#include "plexus/core/error.hpp"
#include "plexus/core/terminal_text.hpp"
#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl {

namespace {

using emit::cpp_type;
using emit::element_type;
using emit::identifier;
using emit::kernel_context;
using emit::symbol_kind;

bool reads_in_arcs(const std::vector<ir::op>& ops) {
  bool found = false;
  ir::for_each_op(ops,
                  [&](const ir::op& o) { found = found || (o.kind == ir::op_kind::neighbors && o.in_arcs); });
  return found;
}

class function_printer {
 public:
  function_printer(emit::printer& p, const ir::function_ir& f) : p_(p), f_(f) {}

  void run() {
    const function& source = *f_.source;
    const statement* returned = first_return(source.body);
    result_ = returned ? cpp_type(p_.kind_of(*returned->value)) : "void";
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
    if (reads_in_arcs(f_.body)) p_.line(fmt::format("::plexus::dsl::runtime::require_in_arcs(g, \"{}\");", f_.name));
    // Node and set parameters index the vertices' values: refused unless they are vertices.
    for (const parameter& par : source.parameters) {
      const value_kind k = type_of(par.type).kind;
      if (k == value_kind::node)
        p_.line(fmt::format("::plexus::dsl::runtime::check_node_parameter({}, plx_n, \"{}\");",
                            identifier(par.name), par.name));
      if (k == value_kind::node_set)
        p_.line(fmt::format("::plexus::dsl::runtime::check_set_parameter({}, plx_n, \"{}\");",
                            identifier(par.name), par.name));
    }
    for (const std::string& r : results_) {
      const std::string name = identifier(r);
      p_.line(fmt::format("{}* const plx_result_{} = {};", element_type(p_.find(r)->type), r, name));
    }
    const emit::vertex_values vertices = emit::find_vertex_values(source);
    p_.vertices = &vertices;
    const std::size_t checks_at = p_.mark();
    emit::declare_pulled_sums(p_, f_.body);
    emit::declare_arc_rows(p_, f_.body);
    host_ops(f_.body);
    settle_results();
    p_.declare_checks(checks_at);
    p_.vertices = nullptr;
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
        for (const ir::op* arm = &o;; arm = ir::else_if(*arm)) {
          host_ops(arm->body);
          if (const ir::op* next = ir::else_if(*arm)) {
            p_.close(fmt::format("}} else if ({}) {{", host_value(*next->condition, value_kind::bool_)));
            p_.indent();
            continue;
          }
          if (!arm->else_body.empty()) {
            p_.close("} else {");
            p_.indent();
            host_ops(arm->else_body);
          }
          break;
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
        emit::vertex_map(p_, o);
        return;
      case ir::op_kind::frontier_loop:
        emit::frontier_loop(p_, o);
        return;
      case ir::op_kind::bfs_levels:
        emit::bfs_levels(p_, o);
        return;
      case ir::op_kind::intersect:
        emit::intersect(p_, o);
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









  void attach(const statement& s) {
    p_.open("{");
    std::string stores;
    for (std::size_t i = 1; i < s.value->operands.size(); ++i) {
      const expression& a = *s.value->operands[i];
      const emit::symbol* target = p_.find(a.text);
      if (!target || target->kind != symbol_kind::property) p_.unsupported(a.range, "attaching an edge property");
      p_.line(fmt::format("{}* const plx_to_{} = {};", element_type(target->type), a.text, identifier(a.text)));
    }
    const std::size_t checks = p_.checks();
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
    p_.throw_if_failed(checks);
    p_.close();
  }

  void vertex_store(const statement& s) {
    const expression& target = *s.target;
    const emit::symbol* property = p_.find(target.text);
    if (!property || property->kind != symbol_kind::property) p_.unsupported(target.range, "this store");
    p_.open("{");
    p_.check_vertex(*target.operands[0]);
    p_.line(fmt::format("const ::plexus::vertex_t plx_at = {};", host_value(*target.operands[0], value_kind::node)));
    p_.line(fmt::format("{}* const plx_to = {};", element_type(property->type), identifier(target.text)));
    kernel_context k;
    const std::size_t checks = p_.checks();
    std::string v = p_.value(*s.value, property->type, &k);
    if (property->type == value_kind::bool_) v = fmt::format("(({}) ? 1u : 0u)", v);
    p_.line(fmt::format("::plexus::exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) {{ plx_to[plx_at] = {}; }});", v));
    p_.throw_if_failed(checks);
    p_.close();
  }

  emit::printer& p_;
  const ir::function_ir& f_;
  std::string result_;
  std::vector<std::string> results_;
};

}  // namespace

namespace {

void collect_labels(const std::vector<statement_ptr>& body, std::set<std::string>& labels) {
  for (const statement_ptr& each : body)
    for (const statement* s = each.get(); s; s = else_if(*s)) {
      if (!s->label.empty()) labels.insert(s->label);
      collect_labels(s->body, labels);
      collect_labels(else_block(*s), labels);
    }
}

void collect_frontier_labels(const std::vector<ir::op>& ops, std::set<std::string>& labels, std::set<std::string>& pulling) {
  ir::for_each_op(ops, [&](const ir::op& o) {
    if (o.kind != ir::op_kind::frontier_loop) return;
    for (const std::string& label : {o.source->label, o.body.at(0).source->label}) {
      labels.insert(label);
      if (o.may_pull) pulling.insert(label);
    }
  });
}

/// Every label the schedule names is in the program, and each asks only what its statement
/// can do.
void check_schedule(const program& tree, const std::vector<ir::function_ir>& functions, const schedule& plan) {
  std::set<std::string> labels, frontier_loops, pulling;
  for (const function& f : tree.functions) collect_labels(f.body, labels);
  for (const ir::function_ir& f : functions) collect_frontier_labels(f.body, frontier_loops, pulling);
  for (const auto& [label, entry] : plan) {
    if (!labels.count(label))
      throw error(error_kind::invalid_argument,
                  fmt::format("--schedule names '@{}', which no statement of the program carries", label));
    if (entry.balance && !frontier_loops.count(label))
      throw error(error_kind::invalid_argument,
                  fmt::format("--schedule '@{}': balance= applies to a fixedPoint run as a frontier loop (or its "
                              "forall), and '@{}' is not one",
                              label, label));
    if (entry.direction && !frontier_loops.count(label))
      throw error(error_kind::invalid_argument,
                  fmt::format("--schedule '@{}': direction= applies to a fixedPoint run as a frontier loop (or its "
                              "forall), and '@{}' is not one",
                              label, label));
    if (entry.direction == direction_mode::pull && !pulling.count(label))
      throw error(error_kind::invalid_argument,
                  fmt::format("--schedule '@{}': direction=pull needs a loop whose edge map offers every neighbour "
                              "the same Min of the frontier vertex's own values, and '@{}' only pushes",
                              label, label));
  }
}

}  // namespace

std::string emit_cpp(const program& tree, const checked_program& types, const source_file& file,
                     const std::vector<ir::function_ir>& functions, const schedule& plan) {
  check_schedule(tree, functions, plan);
  std::string out = fmt::format(
      "// Generated by `plexus dsl compile` from {}: do not edit; change the program and compile it again.\n"
      "#pragma once\n\n"
      "#include <cstddef>\n#include <cstdint>\n#include <span>\n#include <utility>\n\n"
      "#include \"plexus/dsl/runtime/runtime.hpp\"\n\n"
      "namespace plexus::dsl::generated {{\n\n",
      escape_for_terminal(file.name()));  // one line of the comment, whatever the name holds
  for (const ir::function_ir& f : functions) {
    emit::printer p(types, file);
    p.plan = &plan;
    function_printer(p, f).run();
    out += p.take() + "\n";
  }
  out += "}  // namespace plexus::dsl::generated\n";
  return out;
}

}  // namespace plexus::dsl
