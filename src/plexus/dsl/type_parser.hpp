// type_parser: the DSL's types (the grammar in parser.hpp): the scalars, node and edge,
// Graph and dirGraph, propNode<T> and propEdge<T> of a scalar, node or edge, and SetN<g> and
// SetE<g>. StarPlat's host collections and dynamic-graph updates are refused by name.
#pragma once

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/token_cursor.hpp"

namespace plexus::dsl {

class type_parser {
 public:
  explicit type_parser(token_cursor& in) : in_(in) {}

  /// Whether `t` starts a type (or a word the parser refuses as one).
  static bool starts(const token& t);
  /// A type; throws syntax_error after reporting one.
  type_ref parse();

 private:
  token_cursor& in_;
};

}  // namespace plexus::dsl
