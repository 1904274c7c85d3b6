// The Plexus back end's statements inside kernels: the ops of a kernel body, their loops over
// neighbours, stores with the write safety the IR decided, and reductions (emit_context.hpp;
// expressions are emit_expression.cpp's).
#include <fmt/format.h>

#include "plexus/dsl/emit_context.hpp"

namespace plexus::dsl::emit {

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
  open(fmt::format("for (::plexus::edge_t {} = {}.begin({}); {} < {}.end({}); ++{}) {{", arc, view, of, arc,
                   view, of, arc));
  line(fmt::format("const ::plexus::vertex_t {} = {}.indices[{}];", w, view, arc));
  if (o.children_only) line(fmt::format("if (plx_level[{}] != plx_depth + 1) continue;", w));
  k.arcs[o.name] = arc;
  k.arc_of[o.name] = o.of;
  skip_unless(o.filter, o.name, k, "continue;");
  kernel_ops(o.body, k);
  close();
  if (checked) close();
}

void printer::store(const expression& target, const std::string& v, ir::write_safety safety,
                    kernel_context& k) {
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
    line(fmt::format("::plexus::exec::atomic_store({}, static_cast<{}>({}));", slot, element_type(s->type),
                     v));
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
        line(fmt::format(
            "if (plx_value {} ::plexus::exec::cached_load(&{})) ::plexus::exec::atomic_{}(&{}, plx_value);",
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
        const std::string place = s.target->kind == expression_kind::member
                                      ? fmt::format("&{}", element(*s.target, &k))
                                      : fmt::format("plx_reduce_{}", s.target->text);
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
        const std::string place = s.target->kind == expression_kind::member
                                      ? fmt::format("&{}", element(*s.target, &k))
                                      : fmt::format("plx_reduce_{}", s.target->text);
        const symbol* sym = s.target->kind == expression_kind::name ? find(s.target->text) : nullptr;
        const std::string type = sym ? element_type(sym->type) : cpp_type(t);
        line(fmt::format("::plexus::exec::atomic_add({}, static_cast<{}>({}));", place, type, amount));
        return;
      }
      const std::string place =
          s.target->kind == expression_kind::member ? element(*s.target, &k) : identifier(s.target->text);
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
        open(
            fmt::format("if (plx_value {} ::plexus::exec::cached_load(&{}) && plx_value {} "
                        "::plexus::exec::atomic_{}(&{}, plx_value)) {{",
                        cmp, at, cmp, min ? "min" : "max", at));
      }
      for (std::size_t i = 1; i < s.targets.size(); ++i)
        store(
            *s.targets[i], value(*s.values[i], place_kind(*s.targets[i]), &k),
            o.safety == ir::write_safety::local ? ir::write_safety::local : ir::write_safety::constant_store,
            k);
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
