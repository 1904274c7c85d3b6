// The types the DSL checker gives expressions and variables (design notes §1.4).
#pragma once

#include <string>

#include "plexus/dsl/ast.hpp"

namespace plexus::dsl {

enum class value_kind {
  invalid,  // an expression already reported wrong: it raises no further errors
  nothing,  // a call that returns no value
  int_, long_, float_, double_, bool_, node, edge,
  infinity,  // INF before the context gives it a type
  graph,
  node_property, edge_property,  // element: the values' kind
  node_set, edge_set,
  node_range,  // what a loop iterates over: g.nodes(), g.neighbors(v), g.nodes_to(v), a set
};

struct value_type {
  value_kind kind = value_kind::invalid;
  value_kind element = value_kind::invalid;  // of a property
  bool all_vertices = false;                 // a node_range over every vertex once (g.nodes(), filtered or not)

  bool operator==(const value_type&) const = default;
};

/// int, long, float, double, and node (a vertex id, usable as an integer).
bool is_numeric(value_kind k);
/// The type of a declared type.
value_type type_of(const type_ref& t);
/// "int", "propNode<float>", "a node range", ...
std::string describe(const value_type& t);

}  // namespace plexus::dsl
