// The Plexus back end's expressions and kernel statements (emit_context.hpp).
#include <fmt/format.h>

#include <set>

#include "plexus/core/error.hpp"
#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl::emit {

std::string cpp_type(value_kind k) {
  switch (k) {
    case value_kind::int_: return "std::int32_t";
    case value_kind::long_: return "std::int64_t";
    case value_kind::float_: return "float";
    case value_kind::double_: return "double";
    case value_kind::bool_: return "bool";
    case value_kind::node: return "::plexus::vertex_t";
    case value_kind::edge: return "::plexus::edge_t";
    default: return "double";
  }
}

std::string element_type(value_kind k) { return k == value_kind::bool_ ? "unsigned" : cpp_type(k); }

std::string identifier(const std::string& name) {
  static const std::set<std::string> reserved = {
      "alignas", "alignof", "and", "asm", "auto", "bitand", "bitor", "break", "case", "catch", "char", "class",
      "compl", "const", "constexpr", "continue", "default", "delete", "double", "dynamic_cast", "else", "enum",
      "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "not", "nullptr", "operator", "or", "private", "protected",
      "public", "register", "return", "short", "signed", "sizeof", "static", "struct", "switch", "template",
      "this", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
      "void", "volatile", "while", "xor", "space", "g", "std", "plexus", "exec", "Space"};
  if (reserved.count(name) || name.rfind("plx_", 0) == 0) return name + "_";
  return name;
}

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out += fmt::format("\\{}", c);
    else if (byte >= 0x20 && byte < 0x7f)
      out += c;
    else
      out += fmt::format("\\{:03o}", byte);  // octal: at most three digits, unlike \x
  }
  return out + "\"";
}

std::string printer::place(source_range at) const {
  const line_column p = file_.position(at.begin);
  return string_literal(fmt::format("{}:{}:{}", file_.name(), p.line, p.column));
}

void printer::check_vertex(const expression& node) {
  line(fmt::format("::plexus::dsl::runtime::check_vertex({}, plx_n, {});",
                   value(node, value_kind::long_, nullptr), place(node.range)));
}

std::string printer::vertex_index(const expression& node, const kernel_context* kernel) const {
  if (vertices && vertices->holds(node)) return value(node, value_kind::node, kernel);
  const auto [at, added] = place_numbers_.try_emplace(node.range.begin, places_.size());
  if (added) places_.push_back(place(node.range));
  ++checks_;
  // A node is checked as it is; any other value as the program computed it, in 64 bits (an
  // int -1 is node -1, as the interpreter says).
  const value_kind as = kind_of(node) == value_kind::node ? value_kind::node : value_kind::long_;
  return fmt::format("plx_vertex({}, {})", value(node, as, kernel), at->second);
}

void printer::throw_if_failed(std::size_t since) {
  if (checks_ > since) line("plx_faults.throw_if_failed();");
}

void printer::declare_checks(std::size_t at) {
  if (places_.empty()) return;
  std::string places;
  for (const std::string& p : places_) places += (places.empty() ? "" : ", ") + p;
  std::string body = std::move(out_);
  out_.clear();
  line(fmt::format("::plexus::dsl::runtime::vertex_faults<Space> plx_faults(plx_n, {{{}}});", places));
  line("const ::plexus::dsl::runtime::vertex_check plx_vertex = plx_faults.check();");
  out_ = body.insert(at, out_);
}

void printer::unsupported(source_range at, const std::string& what) const {
  const line_column p = file_.position(at.begin);
  throw error(error_kind::unsupported,
              fmt::format("{}:{}:{}: {} is not supported by the Plexus back end", file_.name(), p.line, p.column, what));
}

value_kind printer::kind_of(const expression& e) const {
  const auto it = types_.types.find(&e);
  if (it == types_.types.end()) return value_kind::invalid;
  const value_type& t = it->second;
  if (t.kind == value_kind::node_property || t.kind == value_kind::edge_property) return t.element;
  return t.kind;
}

value_kind printer::place_kind(const expression& target) const {
  if (target.kind == expression_kind::member) {
    const symbol* s = find(target.text);
    return s ? s->type : kind_of(target);
  }
  const symbol* s = find(target.text);
  if (s && s->kind == symbol_kind::scalar) return s->type;
  return kind_of(target);
}

std::string printer::element(const expression& member, const kernel_context* kernel) const {
  if (!kernel) unsupported(member.range, "a property read or written outside a parallel loop");
  return fmt::format("{}[{}]", identifier(member.text), vertex_index(*member.operands[0], kernel));
}

std::string printer::value(const expression& e, value_kind want, const kernel_context* kernel) const {
  const std::string text = expression_text(e, want, kernel);
  const value_kind have = e.kind == expression_kind::infinity ? want : kind_of(e);
  if (want == value_kind::invalid || want == have) return text;
  if (want == value_kind::bool_) return fmt::format("static_cast<bool>({})", text);
  return fmt::format("static_cast<{}>({})", cpp_type(want), text);
}

std::string printer::expression_text(const expression& e, value_kind want, const kernel_context* kernel) const {
  switch (e.kind) {
    case expression_kind::integer: return e.text;
    case expression_kind::floating: return e.text;
    case expression_kind::boolean: return e.boolean ? "true" : "false";
    case expression_kind::infinity: {
      const value_kind k = want == value_kind::invalid || want == value_kind::bool_ ? value_kind::double_ : want;
      return fmt::format("{}::plexus::dsl::runtime::infinity<{}>()", e.negative ? "-" : "", cpp_type(k));
    }
    case expression_kind::name: {
      const symbol* s = find(e.text);
      if (s && s->kind == symbol_kind::property) {
        // A bare property name inside a filter is the filtered iterator's.
        if (!kernel || kernel->filter_iterator.empty()) unsupported(e.range, "a whole property as a value");
        const std::string at = fmt::format("{}[{}]", identifier(e.text), identifier(kernel->filter_iterator));
        return s->type == value_kind::bool_ ? fmt::format("({} != 0u)", at) : at;
      }
      return identifier(e.text);
    }
    case expression_kind::member: {
      const symbol* s = find(e.text);
      if (s && s->kind == symbol_kind::edge_property) {
        if (!kernel) unsupported(e.range, "an edge property outside a parallel loop");
        return fmt::format("static_cast<{}>(plx_out.weight({}))", cpp_type(s->type),
                           expression_text(*e.operands[0], value_kind::invalid, kernel));
      }
      const std::string at = element(e, kernel);
      return s && s->type == value_kind::bool_ ? fmt::format("({} != 0u)", at) : at;
    }
    case expression_kind::call: return call_text(e, want, kernel);
    case expression_kind::unary:
      return fmt::format("({}{})", e.text == "+" ? "" : e.text, expression_text(*e.operands[0], want, kernel));
    case expression_kind::binary: {
      const expression& a = *e.operands[0];
      const expression& b = *e.operands[1];
      // INF on one side takes the other side's type.
      value_kind side = value_kind::invalid;
      if (a.kind == expression_kind::infinity) side = kind_of(b);
      if (b.kind == expression_kind::infinity) side = kind_of(a);
      const bool arithmetic = e.text == "+" || e.text == "-" || e.text == "*" || e.text == "/" || e.text == "%";
      if (side == value_kind::invalid && arithmetic) side = want;
      return fmt::format("({} {} {})", expression_text(a, side, kernel), e.text, expression_text(b, side, kernel));
    }
    case expression_kind::reduction: {
      if ((e.text == "Min" || e.text == "Max") && e.operands.size() == 2) {
        const value_kind k = want != value_kind::invalid ? want : kind_of(*e.operands[0]);
        const std::string a = value(*e.operands[0], k, kernel), b = value(*e.operands[1], k, kernel);
        return fmt::format("({} {} {} ? {} : {})", a, e.text == "Min" ? "<" : ">", b, a, b);
      }
      unsupported(e.range, "this reduction as a value");
    }
    default:
      unsupported(e.range, "this expression");
  }
}

std::string printer::call_text(const expression& e, value_kind want, const kernel_context* kernel) const {
  const expression& callee = *e.operands[0];
  if (callee.kind != expression_kind::member) unsupported(e.range, "this call");
  const std::string& method = callee.text;
  const auto argument = [&](std::size_t i) { return vertex_index(*e.operands[i], kernel); };
  if (method == "num_nodes") return "static_cast<std::int32_t>(g.num_vertices)";
  if (method == "num_edges") return "static_cast<std::int64_t>(g.out.num_edges)";
  if (!kernel) unsupported(e.range, "g." + method + " outside a parallel loop");
  if (method == "count_outNbrs") return fmt::format("static_cast<std::int32_t>(plx_out.degree({}))", argument(1));
  if (method == "is_an_edge") return fmt::format("::plexus::dsl::runtime::has_arc(plx_out, {}, {})", argument(1), argument(2));
  if (method == "get_edge") {
    // The arc a neighbour loop is on, when it is that loop's (v, w).
    const expression& to = *e.operands[2];
    if (to.kind == expression_kind::name) {
      const auto arc = kernel->arcs.find(to.text);
      const auto of = kernel->arc_of.find(to.text);
      if (arc != kernel->arcs.end() && of != kernel->arc_of.end() && e.operands[1]->kind == expression_kind::name &&
          e.operands[1]->text == of->second)
        return arc->second;
    }
    return fmt::format("::plexus::dsl::runtime::find_arc(plx_out, {}, {})", argument(1), argument(2));
  }
  (void)want;
  unsupported(e.range, "g." + method + " in an expression");
}

// ---- kernel statements ----

void printer::reductions_in(const std::vector<ir::op>& ops, std::vector<std::string>& names) {
  ir::for_each_op(ops, [&](const ir::op& o) {
    if (o.kind != ir::op_kind::kernel_statement || o.reduction.empty()) return;
    bool seen = false;
    for (const std::string& n : names) seen = seen || n == o.reduction;
    if (!seen) names.push_back(o.reduction);
  });
}

void printer::kernel_ops(const std::vector<ir::op>& ops, kernel_context& k) {
  for (const ir::op& o : ops) {
    switch (o.kind) {
      case ir::op_kind::kernel_statement:
        kernel_statement(o, k);
        break;
      case ir::op_kind::kernel_if:
        open(fmt::format("if ({}) {{", value(*o.condition, value_kind::bool_, &k)));
        for (const ir::op* arm = &o;; arm = ir::else_if(*arm)) {
          kernel_ops(arm->body, k);
          if (const ir::op* next = ir::else_if(*arm)) {
            close(fmt::format("}} else if ({}) {{", value(*next->condition, value_kind::bool_, &k)));
            ++depth_;
            continue;
          }
          if (!arm->else_body.empty()) {
            close("} else {");
            ++depth_;
            kernel_ops(arm->else_body, k);
          }
          break;
        }
        close();
        break;
      case ir::op_kind::neighbors:
        if (o.in_arcs && !o.body.empty() && o.body[0].source->target &&
            k.gathered.count(o.body[0].source->target->text) && o.of == k.own)
          break;  // summed by the segmented reduction before the kernel
        neighbors(o, k);
        break;
      case ir::op_kind::kernel_loop:
        kernel_loop(o, k);
        break;
      default:
        unsupported(o.source ? o.source->range : source_range{}, "this operation inside a parallel loop");
    }
  }
}

void printer::kernel_loop(const ir::op& o, kernel_context& k) {
  // The body first, to learn whether it checks nodes: a loop that does stops once a check has
  // failed, as the lane then goes on with vertex 0's values, which might keep it running.
  const std::size_t since = checks_;
  std::string around = std::move(out_);
  out_.clear();
  ++depth_;
  kernel_ops(o.body, k);
  --depth_;
  std::string body = std::move(out_);
  out_ = std::move(around);
  std::string condition = value(*o.condition, value_kind::bool_, &k);
  if (checks_ > since) condition = fmt::format("!plx_vertex.failed() && {}", condition);
  if (o.source->kind == statement_kind::while_) {
    line(fmt::format("while ({}) {{", condition));
    out_ += body;
    line("}");
  } else {
    line("do {");
    out_ += body;
    line(fmt::format("}} while ({});", condition));
  }
}

std::string printer::filter_value(const expression& filter, const std::string& iterator,
                                  const kernel_context& kernel) const {
  kernel_context f = kernel;
  f.filter_iterator = iterator;
  return value(filter, value_kind::bool_, &f);
}

void printer::skip_unless(const expression* filter, const std::string& iterator, const kernel_context& kernel,
                          const std::string& leave) {
  if (filter) line(fmt::format("if (!({})) {}", filter_value(*filter, iterator, kernel), leave));
}

void printer::neighbors(const ir::op& o, kernel_context& k) {
  const std::string w = identifier(o.name), arc = "plx_arc_" + o.name;
  const std::string view = o.in_arcs ? "plx_in" : "plx_out";
  std::string of = identifier(o.of);
  // The vertex whose list is walked, checked first unless it holds a vertex.
  const expression* domain = o.source->domain.get();
  if (domain->kind == expression_kind::filter) domain = domain->operands[0].get();
  const expression& list = *domain->operands[1];
  const bool checked = !vertices || !vertices->holds(list);
  if (checked) {
    open("{");
    line(fmt::format("const ::plexus::vertex_t plx_of_{} = {};", o.name, vertex_index(list, &k)));
    of = "plx_of_" + o.name;
  }
  open(fmt::format("for (::plexus::edge_t {} = {}.begin({}); {} < {}.end({}); ++{}) {{", arc, view, of, arc, view, of, arc));
  line(fmt::format("const ::plexus::vertex_t {} = {}.indices[{}];", w, view, arc));
  if (o.children_only) line(fmt::format("if (plx_level[{}] != plx_depth + 1) continue;", w));
  k.arcs[o.name] = arc;
  k.arc_of[o.name] = o.of;
  skip_unless(o.filter, o.name, k, "continue;");
  kernel_ops(o.body, k);
  close();
  if (checked) close();
}

void printer::store(const expression& target, const std::string& v, ir::write_safety safety, kernel_context& k) {
  if (target.kind == expression_kind::member) {
    const symbol* s = find(target.text);
    const bool flag = s && s->type == value_kind::bool_;
    const std::string at = element(target, &k);
    const std::string stored = flag ? fmt::format("(({}) ? 1u : 0u)", v) : v;
    if (!k.push_flag.empty() && target.text == k.push_flag) {
      // A frontier loop's next flag: the lane that sets it pushes the vertex.
      if (v != "true") unsupported(target.range, "a next flag set to anything but True");
      line(fmt::format("if (::plexus::exec::atomic_exchange(&{}, 1u) == 0u) plx_pushed = true;", at));
      return;
    }
    if (safety == ir::write_safety::local)
      line(fmt::format("{} = {};", at, stored));
    else
      line(fmt::format("::plexus::exec::atomic_store(&{}, {});", at, stored));
    return;
  }
  const symbol* s = find(target.text);
  if (s && s->kind == symbol_kind::scalar && safety != ir::write_safety::local) {
    const std::string slot = "plx_reduce_" + target.text;
    line(fmt::format("::plexus::exec::atomic_store({}, static_cast<{}>({}));", slot, element_type(s->type), v));
    return;
  }
  line(fmt::format("{} = {};", identifier(target.text), v));
}

void printer::kernel_statement(const ir::op& o, kernel_context& k) {
  const statement& s = *o.source;
  switch (s.kind) {
    case statement_kind::declaration: {
      const value_kind t = type_of(*s.type).kind;
      line(s.value ? fmt::format("{} {} = {};", cpp_type(t), identifier(s.name), value(*s.value, t, &k))
                   : fmt::format("{} {}{{}};", cpp_type(t), identifier(s.name)));
      symbols[s.name] = {symbol_kind::scalar, t, false};
      if (const auto sum = k.gathered.find(s.name); sum != k.gathered.end())
        line(fmt::format("{} += {}[{}];", identifier(s.name), sum->second, identifier(k.own)));
      return;
    }
    case statement_kind::assignment: {
      const value_kind t = place_kind(*s.target);
      if (o.safety == ir::write_safety::atomic_min || o.safety == ir::write_safety::atomic_max) {
        const expression& reduce = *s.value;
        const bool min = o.safety == ir::write_safety::atomic_min;
        const std::string at = element(*s.target, &k);
        line("{");
        ++depth_;
        line(fmt::format("const {} plx_value = {};", cpp_type(t), value(*reduce.operands[1], t, &k)));
        line(fmt::format("if (plx_value {} ::plexus::exec::cached_load(&{})) ::plexus::exec::atomic_{}(&{}, plx_value);",
                         min ? "<" : ">", at, min ? "min" : "max", at));
        --depth_;
        line("}");
        return;
      }
      if (o.safety == ir::write_safety::reduction && o.reduction == k.summed) {
        line(fmt::format("plx_sum += static_cast<{}>({});", element_type(find(o.reduction)->type),
                         value(*s.value->operands[1], t, &k)));
        return;
      }
      if (o.safety == ir::write_safety::atomic_add || o.safety == ir::write_safety::reduction) {
        // x = x + e, the one plain assignment the race check lets through as a reduction.
        const expression& sum = *s.value;
        const std::string place =
            s.target->kind == expression_kind::member ? fmt::format("&{}", element(*s.target, &k)) : fmt::format("plx_reduce_{}", s.target->text);
        line(fmt::format("::plexus::exec::atomic_add({}, {});", place, value(*sum.operands[1], t, &k)));
        return;
      }
      store(*s.target, value(*s.value, t, &k), o.safety, k);
      return;
    }
    case statement_kind::compound:
    case statement_kind::step: {
      const value_kind t = place_kind(*s.target);
      std::string amount;
      if (s.kind == statement_kind::step)
        amount = s.op == "++" ? "1" : "-1";
      else if (s.op == "+=")
        amount = value(*s.value, t, &k);
      else if (s.op == "-=")
        amount = fmt::format("-({})", value(*s.value, t, &k));
      if (o.safety == ir::write_safety::reduction && o.reduction == k.summed) {
        line(fmt::format("plx_sum += static_cast<{}>({});", element_type(find(o.reduction)->type), amount));
        return;
      }
      if (o.safety == ir::write_safety::atomic_add || o.safety == ir::write_safety::reduction) {
        if (amount.empty()) unsupported(s.range, "the update " + s.op + " of a shared value");
        const std::string place =
            s.target->kind == expression_kind::member ? fmt::format("&{}", element(*s.target, &k)) : fmt::format("plx_reduce_{}", s.target->text);
        const symbol* sym = s.target->kind == expression_kind::name ? find(s.target->text) : nullptr;
        const std::string type = sym ? element_type(sym->type) : cpp_type(t);
        line(fmt::format("::plexus::exec::atomic_add({}, static_cast<{}>({}));", place, type, amount));
        return;
      }
      const std::string place = s.target->kind == expression_kind::member ? element(*s.target, &k) : identifier(s.target->text);
      if (s.kind == statement_kind::step)
        line(fmt::format("{}{};", place, s.op));
      else
        line(fmt::format("{} {} {};", place, s.op, value(*s.value, t, &k)));
      return;
    }
    case statement_kind::multi_assignment: {
      const expression& first = *s.targets[0];
      const expression& reduce = *s.values[0];
      const value_kind t = place_kind(first);
      const bool min = reduce.text == "Min";
      line("{");
      ++depth_;
      line(fmt::format("const {} plx_value = {};", cpp_type(t), value(*reduce.operands[1], t, &k)));
      if (o.safety == ir::write_safety::local) {
        open(fmt::format("if (plx_value {} {}) {{", min ? "<" : ">", element(first, &k)));
        line(fmt::format("{} = plx_value;", element(first, &k)));
      } else {
        // Read before the atomic: most offers do not improve the value, and a read is far
        // cheaper than a contended read-modify-write. The value only moves one way, so an
        // older value read through the cache (exec::cached_load) never hides an improvement,
        // and a hot entry (a root every lane offers to) is served by each SM's own cache.
        const std::string at = element(first, &k), cmp = min ? "<" : ">";
        open(fmt::format("if (plx_value {} ::plexus::exec::cached_load(&{}) && plx_value {} ::plexus::exec::atomic_{}(&{}, plx_value)) {{",
                         cmp, at, cmp, min ? "min" : "max", at));
      }
      for (std::size_t i = 1; i < s.targets.size(); ++i)
        store(*s.targets[i], value(*s.values[i], place_kind(*s.targets[i]), &k),
              o.safety == ir::write_safety::local ? ir::write_safety::local : ir::write_safety::constant_store, k);
      close();
      --depth_;
      line("}");
      return;
    }
    default:
      unsupported(s.range, "this statement inside a parallel loop");
  }
}

}  // namespace plexus::dsl::emit
