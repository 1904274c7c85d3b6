// expression_checker: the types of a checked program's expressions (checker.hpp), and the
// state the statement checks share with them: the scopes, the parallel loops open, the
// diagnostics. The checker (checker.cpp) derives from it and adds the statements.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/scopes.hpp"
#include "plexus/dsl/types.hpp"

namespace plexus::dsl {

struct symbol {
  value_type type;
  source_range declared;
  std::size_t scope = 0;  // depth of the scope holding it
  bool iterator = false;
};

// A parallel loop being checked: its iterator owns the iteration when the loop visits every
// vertex at most once (g.nodes(), a set, a BFS level); writes elsewhere must be safe.
struct parallel_loop {
  std::string owner;
  std::size_t scope = 0;  // depth of the scope holding its iterator
};

/// A number or INF.
inline bool numeric_or_infinity(value_kind k) { return is_numeric(k) || k == value_kind::infinity; }

class expression_checker {
 public:
  expression_checker(const program& tree, diagnostics& problems, checked_program& out)
      : tree_(tree), problems_(problems), out_(out) {
    for (const function& f : tree.functions) functions_.emplace(f.name, &f);
  }

 protected:
  void error(source_range at, std::string message) { problems_.error(at, std::move(message)); }
  /// The source text of an expression, for messages: "w.dist".
  std::string text(const expression& e) const;

  using scoped = scope_stack<symbol>::scope;
  scope_stack<symbol> scopes_;

  const symbol* lookup(const std::string& name) const { return scopes_.find(name); }
  void declare(const std::string& name, value_type type, source_range at, bool iterator = false) {
    if (const symbol* earlier = scopes_.find_innermost(name)) {
      error(at, fmt::format("'{}' is already declared in this scope (line {})", name,
                            problems_.file().position(earlier->declared.begin).line));
      return;
    }
    scopes_.add(name, {type, at, scopes_.depth(), iterator});
  }

  static bool assignable(const value_type& to, const value_type& from) {
    if (to.kind == value_kind::invalid || from.kind == value_kind::invalid) return true;
    if (is_numeric(to.kind)) return numeric_or_infinity(from.kind);
    if (to.kind == value_kind::node_property || to.kind == value_kind::edge_property) return to == from;
    return to.kind == from.kind;
  }


  /// The type of `e`, recorded in the output; errors go to the diagnostics.
  value_type expression_type(const expression& e);

  const program& tree_;
  std::unordered_map<std::string_view, const function*> functions_;  // the first of each name
  diagnostics& problems_;
  checked_program& out_;
  std::vector<parallel_loop> parallel_;
  int in_filter_ = 0;  // filters being checked: a bare node property there is the iterator's

 private:
  value_type compute_type(const expression& e);
  value_type name_type(const expression& e);
  value_type member_type(const expression& e);
  value_type index_type(const expression& e);
  value_type unary_type(const expression& e);
  value_type binary_type(const expression& e);
  value_type call_type(const expression& e);
  bool arguments(const expression& call, const std::string& method, std::initializer_list<value_kind> kinds);
  value_type graph_method(const expression& call, const std::string& method, std::size_t given);
  void attach(const expression& call, const std::string& method, value_kind kind, std::size_t given);
};

}  // namespace plexus::dsl
