// expression_parser: the DSL's expressions, by Pratt parsing (binding powers in
// expression_parser.cpp; the grammar in parser.hpp). Signs on literals are folded into them
// (-INF, -1), `!` binds tighter than `&&`, and nesting past kDeepest levels is refused: the
// parser's own recursion, and the depth of the tree it builds (a chain of operators or of
// postfixes grows the tree without recursing, and every later stage walks the tree).
#pragma once

#include <string>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/token_cursor.hpp"

namespace plexus::dsl {

// Elements of a multiple assignment bind tighter than '<' and '>'.
inline constexpr int kAdditive = 5;

class expression_parser {
 public:
  explicit expression_parser(token_cursor& in) : in_(in) {}

  /// An expression whose binary operators bind at least `weakest` (1: all of them); throws
  /// syntax_error after reporting one.
  expression_ptr parse(int weakest = 1);

 private:
  expression_ptr make_expression(expression_kind kind, source_range range, std::string text = {});
  expression_ptr parse_unary();
  expression_ptr parse_primary();
  /// After '(' : arguments up to and including ')'.
  void parse_arguments(expression& call);
  expression_ptr parse_postfix(expression_ptr e);
  /// Sets the depth of `e` once its operands are in; past kDeepest it is an error at `at`.
  void settle_depth(expression& e, source_range at);

  token_cursor& in_;
};

}  // namespace plexus::dsl
