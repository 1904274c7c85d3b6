// The DSL's parser: tokens to a syntax tree (ast.hpp), by recursive descent, with Pratt
// parsing for expressions. The grammar (design notes §1.3; StarPlat's static-graph language),
// loosest binding first in expressions:
//
//   program    = { function }
//   function   = ("function" | "Static") ID "(" [ parameter { "," parameter } ] ")" block
//   parameter  = type ID [ "(" ID ")" ]                     node src(g)
//   type       = int | long | float | double | bool | node | edge | Graph | dirGraph
//              | ("propNode" | "propEdge") "<" type ">" | ("SetN" | "SetE") "<" ID ">"
//   block      = "{" { statement } "}"
//   statement  = block | type ID [ "=" expr ] ";" | target "=" expr ";" | target OP= expr ";"
//              | target ("++" | "--") ";" | call ";" | "return" expr ";"
//              | "<" target { "," target } ">" "=" "<" expr { "," expr } ">" ";"
//              | "if" "(" expr ")" statement [ "else" statement ] | "while" "(" expr ")" statement
//              | "do" block "while" "(" expr ")" ";"
//              | ("forall" | "for") "(" ID "in" expr ")" block
//              | "fixedPoint" "until" "(" ID ":" expr ")" block
//              | "iterateInBFS" "(" ID "in" expr "from" expr ")" block
//                [ "iterateInReverse" [ "(" expr ")" ] block ]
//   expr       = expr ("||" | "&&" | "==" | "!=" | "<" | ">" | "<=" | ">=" | "+" | "-" | "*" | "/" | "%") expr
//              | ("!" | "-" | "+") expr | postfix
//   postfix    = primary { "." ID | "." "filter" "(" expr ")" | "(" arguments ")" | "[" expr "]" }
//   primary    = INT | FLOAT | "True" | "False" | "INF" | ID | "(" expr ")"
//              | ("Min" | "Max" | "Sum" | "Count" | "Product") "(" arguments ")"
//   arguments  = [ argument { "," argument } ],  argument = ID "=" expr | expr
//
// Unlike StarPlat's parser, `!` binds tighter than `&&` (C's precedence), `%` and unary minus
// exist, and a syntax error does not end the run: the parser reports it, skips to the end of
// the statement (its `;`, the `}` closing its block, or a line starting with a type or a
// statement keyword, where a `;` was forgotten) and goes on, so one run reports every
// independent error. Dynamic-graph functions and host collections (list, Heap, Map, ...) are
// reported as unsupported.
#pragma once

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

/// The syntax tree of `file`; every lexical and syntax error goes to `problems` (the tree
/// then holds what could be parsed).
program parse(const source_file& file, diagnostics& problems);

}  // namespace plexus::dsl
