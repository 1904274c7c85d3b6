// The IR as text (ir.hpp): one op per line, indented by nesting, for reading and for the
// structure tests.
#include <fmt/format.h>

#include <string>

#include "plexus/dsl/ir.hpp"

namespace plexus::dsl::ir {

namespace {

const char* safety_name(write_safety s) {
  switch (s) {
    case write_safety::local: return "store";
    case write_safety::atomic_min: return "atomic_min";
    case write_safety::atomic_max: return "atomic_max";
    case write_safety::atomic_add: return "atomic_add";
    case write_safety::constant_store: return "constant_store";
    case write_safety::reduction: return "reduction";
  }
  return "?";
}

std::string line_of(const op& o) {
  switch (o.kind) {
    case op_kind::scalar_statement: return "host scalar";
    case op_kind::property_decl: return fmt::format("property {}: {}", o.name, describe({o.element}));
    case op_kind::attach: return "attach";
    case op_kind::vertex_store: return "vertex_store";
    case op_kind::copy: return fmt::format("copy {} = {}", o.name, o.other);
    case op_kind::swap: return fmt::format("swap {} {}", o.name, o.other);
    case op_kind::host_if: return "host_if";
    case op_kind::host_while: return "host_while";
    case op_kind::host_do_while: return "host_do_while";
    case op_kind::host_for_set: return fmt::format("host_for {} in {}", o.name, o.other);
    case op_kind::vertex_map: return fmt::format("vertex_map {}{}", o.name, o.filter ? " filtered" : "");
    case op_kind::edge_map:
      return fmt::format("edge_map {} {}{}", o.dir == direction::push ? "push" : "pull", o.name,
                         o.filter ? " filtered" : "");
    case op_kind::frontier_loop:
      return fmt::format("frontier_loop {} next {} flag {}{}", o.name, o.other, o.flag, o.may_pull ? " may pull" : "");
    case op_kind::bfs_levels: return fmt::format("bfs_levels {}", o.name);
    case op_kind::intersect: return fmt::format("intersect {} into {}", o.name, o.reduction);
    case op_kind::kernel_statement:
      return o.reduction.empty() ? fmt::format("kernel {}", safety_name(o.safety))
                                 : fmt::format("kernel {} {}", safety_name(o.safety), o.reduction);
    case op_kind::kernel_if: return "kernel_if";
    case op_kind::neighbors:
      return fmt::format("neighbors {} in {}({}){}{}", o.name, o.in_arcs ? "in" : "out", o.of,
                         o.children_only ? " next level" : "", o.filter ? " filtered" : "");
    case op_kind::kernel_loop: return "kernel_loop";
  }
  return "?";
}

void print_ops(const std::vector<op>& ops, int depth, std::string& out) {
  for (const op& first : ops)
    // An else-if ladder's arms are printed one under another: "else", then the next arm.
    for (const op* o = &first; o; o = else_if(*o)) {
      out += fmt::format("{:{}}{}{}\n", "", 2 * depth, o == &first ? "" : "else ", line_of(*o));
      if (o->kind == op_kind::intersect) continue;  // its loops are the intersection's inputs
      print_ops(o->body, depth + 1, out);
      if (!else_block(*o).empty()) {
        out += fmt::format("{:{}}{}\n", "", 2 * depth, o->kind == op_kind::bfs_levels ? "reverse" : "else");
        print_ops(o->else_body, depth + 1, out);
      }
    }
}

}  // namespace

std::string print(const function_ir& f) {
  std::string out = fmt::format("function {}\n", f.name);
  print_ops(f.body, 1, out);
  return out;
}

}  // namespace plexus::dsl::ir
