// The state the Plexus back end keeps while it prints one function (emit_cpp.cpp prints the
// ops, emit_expression.cpp the expressions, emit_kernel_statement.cpp the statements inside
// kernels).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/ir.hpp"
#include "plexus/dsl/schedule.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::dsl::emit {

enum class symbol_kind { scalar, property, node_parameter, set, edge_property, graph };

struct symbol {
  symbol_kind kind = symbol_kind::scalar;
  value_kind type = value_kind::invalid;  // of a scalar, or a property's element
  bool parameter = false;
};

/// Where a kernel statement is printed: the lane's vertex, the neighbour loops around it (each
/// iterator's arc variable), and, in a frontier loop, the next-flag property whose stores push.
struct kernel_context {
  std::string own;
  std::map<std::string, std::string> arcs;  // neighbour iterator -> its arc variable
  std::map<std::string, std::string> arc_of;  // neighbour iterator -> the vertex whose list
  std::string push_flag;                      // frontier loops: stores of True here push
  std::string filter_iterator;                // a filter's bare property names are its
  std::string summed;                         // the one reduction kept in the lane's plx_sum
  std::map<std::string, std::string> gathered;  // pulled sums: local -> its segmented reduction
};

/// A pull edge map's `T s = init; for (u in g.nodes_to(v)) { s = s + E(u); }` (E free of v and
/// of other locals): the sum over in-arcs that one segmented reduction computes for every
/// vertex at once.
struct pulled_sum {
  const statement* declaration = nullptr;
  const ir::op* loop = nullptr;
  const expression* term = nullptr;
};

/// The names of a function (scalars, iterators, node properties) that hold only vertices
/// wherever a parallel loop reads them (emit_vertex_values.cpp says when): kernels index by
/// them unchecked.
struct vertex_values {
  std::set<std::string> names;
  /// Whether `e` is always a vertex when a lane computes it: 0, such a name, a read of such a
  /// property, or the Min or Max of two such values.
  bool holds(const expression& e) const;
};
vertex_values find_vertex_values(const function& f);

/// The C++ type of a DSL value kind (bool properties store unsigned).
std::string cpp_type(value_kind k);
std::string element_type(value_kind k);
/// A DSL identifier as a C++ one (C++ keywords and the back end's own names get a suffix).
std::string identifier(const std::string& name);
/// `text` as a C++ string literal, quotes included (any byte escaped as C++ needs it).
std::string string_literal(std::string_view text);

class printer {
 public:
  printer(const checked_program& types, const source_file& file) : types_(types), file_(file) {}

  // ---- text ----
  void line(const std::string& text) { out_ += std::string(2 * depth_, ' ') + text + "\n"; }
  void open(const std::string& text) {
    line(text);
    ++depth_;
  }
  void close(const std::string& text = "}") {
    --depth_;
    line(text);
  }
  /// After close("} else {"): the next lines nest again.
  void indent() { ++depth_; }
  std::string take() { return std::move(out_); }
  /// Where the next line will go (for declare_checks).
  std::size_t mark() const { return out_.size(); }

  [[noreturn]] void unsupported(source_range at, const std::string& what) const;
  /// "file:line:column" of `at`, as a C++ string literal (for the run-time checks' errors).
  std::string place(source_range at) const;
  /// A line that checks, when the generated code runs, that `node` (a host node expression)
  /// is a vertex of the graph: the interpreter's error otherwise, at the node's place.
  void check_vertex(const expression& node);

  // ---- nodes checked inside kernels (runtime/vertex_faults.hpp) ----
  /// The names that hold only vertices (null: none).
  const vertex_values* vertices = nullptr;
  /// `node` as the vertex a kernel indexes by: as it is when it holds a vertex, else
  /// `plx_vertex(node, place)`, the check that records it at its place and gives vertex 0.
  std::string vertex_index(const expression& node, const kernel_context* kernel) const;
  /// How many checks have been printed so far.
  std::size_t checks() const { return checks_; }
  /// After a kernel launch: the line that throws the error of a check that failed in it, when
  /// checks have been printed since `since` (checks()).
  void throw_if_failed(std::size_t since);
  /// At `at` (mark(), inside the function's braces): the record of the function's checks and
  /// their places, when it has any.
  void declare_checks(std::size_t at);

  // ---- the schedule ----
  const schedule* plan = nullptr;

  // ---- symbols ----
  std::map<std::string, symbol> symbols;
  const symbol* find(const std::string& name) const {
    const auto it = symbols.find(name);
    return it == symbols.end() ? nullptr : &it->second;
  }
  bool is_property(const std::string& name) const {
    const symbol* s = find(name);
    return s && s->kind == symbol_kind::property;
  }

  // ---- expressions (emit_expression.cpp) ----
  value_kind kind_of(const expression& e) const;
  /// `e` as C++, converted to `want` (invalid: as it is); INF becomes want's INF.
  std::string value(const expression& e, value_kind want, const kernel_context* kernel) const;
  /// The kind of a place (`x`, `v.p`).
  value_kind place_kind(const expression& target) const;
  /// A property element's storage expression (`p[v]`) for `v.p`.
  std::string element(const expression& member, const kernel_context* kernel) const;
  /// `filter` of the loop over `iterator` as a C++ condition (its bare property names are the
  /// iterator's).
  std::string filter_value(const expression& filter, const std::string& iterator, const kernel_context& kernel) const;
  /// `if (!(filter)) leave` where `filter` (may be null) is the loop's over `iterator`.
  void skip_unless(const expression* filter, const std::string& iterator, const kernel_context& kernel,
                   const std::string& leave);

  // ---- patterns (emit_expression.cpp) ----
  /// The pulled sums among a map's top-level ops.
  static std::vector<pulled_sum> pulled_sums(const ir::op& map);
  /// Whether every write to reduction `name` in `ops` is an addition (+=, -=, ++, --, x = x + e).
  static bool additive(const std::vector<ir::op>& ops, const std::string& name);

  // ---- kernel statements (emit_kernel_statement.cpp) ----
  void kernel_ops(const std::vector<ir::op>& ops, kernel_context& k);
  /// The reductions `ops` make into host scalars (their names).
  static void reductions_in(const std::vector<ir::op>& ops, std::vector<std::string>& names);

 private:
  std::string expression_text(const expression& e, value_kind want, const kernel_context* kernel) const;
  std::string call_text(const expression& e, value_kind want, const kernel_context* kernel) const;
  void kernel_statement(const ir::op& o, kernel_context& k);
  void store(const expression& target, const std::string& value, ir::write_safety safety, kernel_context& k);
  void neighbors(const ir::op& o, kernel_context& k);
  void kernel_loop(const ir::op& o, kernel_context& k);

  const checked_program& types_;
  const source_file& file_;
  std::string out_;
  int depth_ = 0;
  // Printing an expression numbers the places of the checks it prints (by their offset in
  // the file, so a place printed twice keeps its number).
  mutable std::vector<std::string> places_;
  mutable std::map<std::uint32_t, std::size_t> place_numbers_;
  mutable std::size_t checks_ = 0;
};

// ---- graph operators (emit_operators.cpp) ----

/// The pulled sums of every pull edge map in `ops`.
void pulled_sums_in(const std::vector<ir::op>& ops, std::vector<pulled_sum>& out);
/// At a function's start: the in-CSR's segment plan and the arrays of its pulled sums, made
/// once however often the maps run.
void declare_pulled_sums(printer& p, const std::vector<ir::op>& ops);
/// Each pulled sum of `map` as one segmented reduction, recorded in k.gathered.
void pull_sums(printer& p, const ir::op& map, kernel_context& k);
void vertex_map(printer& p, const ir::op& map);

// ---- push edge maps one lane per arc (emit_arc_maps.cpp) ----

/// Whether `map` may run one lane per arc: a push edge map whose arcs' lanes cannot disturb
/// one another.
bool arc_parallel(const ir::op& map);
/// At a function's start: every arc's source, when some map in `ops` runs one lane per arc.
void declare_arc_rows(printer& p, const std::vector<ir::op>& ops);
/// `map` (arc_parallel) as one kernel over the arcs.
void arc_map(printer& p, const ir::op& map);
void frontier_loop(printer& p, const ir::op& loop);
void bfs_levels(printer& p, const ir::op& levels);
void level_kernels(printer& p, const std::vector<ir::op>& body, const expression* filter, const std::string& own,
                   const std::string& loop);
void intersect(printer& p, const ir::op& intersection);
/// The reduction slots of a kernel's host scalars, before it is launched (their names).
std::vector<std::string> open_reductions(printer& p, const std::vector<ir::op>& body);
/// The host scalars read back from their slots after the kernel.
void close_reductions(printer& p, const std::vector<std::string>& names);

}  // namespace plexus::dsl::emit
