// The serial interpreter's state and steps (interpreter.hpp gives the semantics): what a name
// holds, and the interpreter class whose statements (interpreter.cpp), loops
// (interpreter_loops.cpp) and expressions (interpreter_expressions.cpp) are defined apart.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/scopes.hpp"

namespace plexus::dsl::interpreting {

struct property {
  bool on_edges = false;
  property_values data;
};

// What a name holds.
struct slot {
  value_kind declared = value_kind::int_;  // of a scalar
  scalar value;
  std::shared_ptr<property> prop;
  std::shared_ptr<std::vector<vertex_t>> set;
  bool graph = false;
};

// The BFS an iterateInBFS body runs in: levels of every reached vertex.
struct bfs_context {
  std::vector<std::int64_t> level;  // -1: not reached
};

class interpreter {
 public:
  interpreter(const source_file& file, const csr_graph& graph) : file_(file), graph_(graph) {}

  run_outputs run(const function& f, const run_inputs& inputs);

 private:
  struct returned {
    scalar value;
  };

  // ---- run-time errors ----
  /// "file:line:column: what", of the place `at`.
  std::string located(source_range at, const std::string& what) const;
  /// Throws plexus::error(parse) saying what went wrong at `at`.
  [[noreturn]] void fail(source_range at, const std::string& what) const;
  /// The vertex `e` evaluates to; an error at `e` when it is not one of the graph's.
  vertex_t vertex(const expression& e);
  /// The element of property `p` that `at` (a node, or an edge for an edge property) names.
  std::size_t element(const property& p, const expression& at);

  // ---- names ----
  slot& lookup(const std::string& name);
  void bind(const std::string& name, slot s) { scopes_.add(name, std::move(s)); }
  using scoped = scope_stack<slot>::scope;

  std::shared_ptr<property> make_property(const value_type& t);
  void fill_weights(property& p) const;

  // ---- statements ----
  void run_block(const std::vector<statement_ptr>& body);

  void run_statement(const statement& s);

  slot node_slot(vertex_t v) const;

  void assign(const expression& target, const expression& value);

  void update(const statement& s);

  void min_max_assign(const statement& s);

  static bool better(const std::string& min_or_max, const scalar& offered, const scalar& current);

  void store(const expression& target, const scalar& v);

  // ---- loops ----
  /// The vertices of a loop's domain, in increasing order, filtered.
  std::vector<vertex_t> domain(const expression& d, const std::string& iterator);

  void fixed_point(const statement& s);

  void bfs(const statement& s);

  // ---- expressions ----
  scalar evaluate(const expression& e);

  scalar binary(const expression& e);

  /// arithmetic(op, a, b), an integer division by 0 an error at `at`.
  scalar arithmetic_at(source_range at, const std::string& op, const scalar& a, const scalar& b) const;

  scalar call(const expression& e);

  const source_file& file_;
  const csr_graph& graph_;
  scope_stack<slot> scopes_;
  std::vector<vertex_t> filter_vertex_;
  const bfs_context* bfs_ = nullptr;
};

}  // namespace plexus::dsl::interpreting
