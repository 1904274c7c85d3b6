// The DSL's syntax tree: what the parser builds and the checker and lowering read.
//
// Plain structs owning their children; every node has the source range it was parsed from,
// so any later stage can point at it. One node type per family (types, expressions,
// statements), its `kind` saying which fields are in use (listed beside each kind).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

// ---- types ----------------------------------------------------------------------------

enum class type_kind {
  int_, long_, float_, double_, bool_,  // 32- and 64-bit integers, floats, doubles, booleans
  node, edge,                           // a vertex id, an edge id
  graph, directed_graph,                // Graph, dirGraph (parameters only)
  node_property, edge_property,         // propNode<element>, propEdge<element>
  node_set, edge_set,                   // SetN<graph>, SetE<graph>
};

struct type_ref {
  type_kind kind = type_kind::int_;
  std::unique_ptr<type_ref> element;  // of a property
  std::string graph;                  // of a set: SetN<g>
  source_range range;
};

// ---- expressions ----------------------------------------------------------------------

struct expression;
using expression_ptr = std::unique_ptr<expression>;

enum class expression_kind {
  integer,          // text: the digits; integer
  floating,         // text; floating
  boolean,          // boolean
  infinity,         // INF; negative for -INF (after the unary minus is folded in)
  name,             // text: the identifier
  member,           // operands[0] . text           (v.dist, g.nodes without its call)
  call,             // operands[0] ( operands[1..] ) (callee: a name or a member)
  filter,           // operands[0] .filter( operands[1] )
  index,            // operands[0] [ operands[1] ]
  unary,            // text: "!", "-" or "+"; operands[0]
  binary,           // operands[0] text operands[1]; text: "+", "&&", "<=", ...
  reduction,        // text: Min, Max, Sum, Count or Product; operands: its arguments
  named_argument,   // text = operands[0]           (g.attachNodeProperty(dist = INF))
};

struct expression {
  expression_kind kind = expression_kind::name;
  source_range range;
  std::string text;
  std::vector<expression_ptr> operands;
  std::int64_t integer = 0;
  double floating = 0;
  bool boolean = false;
  bool negative = false;  // of infinity
  int depth = 1;          // the levels of the tree it heads (the parser refuses past kDeepest)
};

// ---- statements -----------------------------------------------------------------------

struct statement;
using statement_ptr = std::unique_ptr<statement>;

enum class statement_kind {
  block,              // body
  declaration,        // type name [= value]
  assignment,         // target = value
  compound,           // target op value; op: "+=", "-=", "*=", "/=", "|=", "&=", "&&=", "||="
  step,               // target op; op: "++" or "--"
  call,               // value: the call expression
  multi_assignment,   // < targets > = < values >      (values[0] a Min or Max reduction)
  return_,            // value
  if_,                // condition, body (then), else_body (may be empty)
  while_,             // condition, body
  do_while,           // body, condition
  forall,             // name in domain: body        (domain may be a filter expression)
  for_,               // as forall, run in order
  fixed_point,        // until (name : condition) body
  bfs,                // iterateInBFS (name in domain from value) body; reverse: has_reverse,
                      //   condition (iterateInReverse's, may be null), else_body (its body)
};

struct statement {
  statement_kind kind = statement_kind::block;
  source_range range;
  std::unique_ptr<type_ref> type;  // declaration
  std::string name;                // declaration, loop iterator, fixedPoint flag
  source_range name_range;
  std::string op;                  // compound, step
  expression_ptr target;           // assignment, compound, step
  expression_ptr value;            // declaration, assignment, compound, call, return, bfs source
  expression_ptr condition;        // if, while, do-while, fixedPoint, iterateInReverse
  expression_ptr domain;           // forall, for, bfs
  std::vector<expression_ptr> targets, values;  // multi-assignment
  std::vector<statement_ptr> body;
  std::vector<statement_ptr> else_body;
  bool has_reverse = false;        // bfs
  source_range reverse_range;      // bfs: the iterateInReverse keyword
  std::string label;               // `@name` before the statement: what a schedule names it by
  source_range label_range;

  statement() = default;
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  // An else-if ladder (each arm the whole else branch of the one before) is freed arm after
  // arm, not by a recursion as deep as the ladder is long.
  ~statement() {
    while (else_body.size() == 1 && !else_body[0]->else_body.empty()) {
      std::vector<statement_ptr> rest = std::move(else_body[0]->else_body);
      else_body = std::move(rest);
    }
  }
};

/// The next arm of an else-if ladder: the `if` that is the whole else branch of the `if` `s`;
/// nullptr when there is none. Walks of the tree take a ladder's arms in a loop, one after
/// another, so that their recursion is as deep as the program's nesting, not its ladders.
inline const statement* else_if(const statement& s) {
  if (s.kind != statement_kind::if_ || s.else_body.size() != 1 || s.else_body[0]->kind != statement_kind::if_)
    return nullptr;
  return s.else_body[0].get();
}

/// The else branch a walk enters below `s`: none when it is the next arm of a ladder.
inline const std::vector<statement_ptr>& else_block(const statement& s) {
  static const std::vector<statement_ptr> none;
  return else_if(s) ? none : s.else_body;
}

// ---- functions and programs -----------------------------------------------------------

struct parameter {
  type_ref type;
  std::string name;
  std::string graph;  // node src(g): the graph a node parameter belongs to
  source_range range;
};

struct function {
  std::string name;
  source_range range, name_range;
  std::vector<parameter> parameters;
  std::vector<statement_ptr> body;
};

struct program {
  std::vector<function> functions;
};

/// The first `return` with a value in `body` or the blocks nested in it (nullptr: none); its
/// value's type is what a function returns.
inline const statement* first_return(const std::vector<statement_ptr>& body) {
  for (const statement_ptr& s : body)
    for (const statement* arm = s.get(); arm; arm = else_if(*arm)) {
      if (arm->kind == statement_kind::return_ && arm->value) return arm;
      for (const auto* inner : {&arm->body, &else_block(*arm)})
        if (const statement* found = first_return(*inner)) return found;
    }
  return nullptr;
}

}  // namespace plexus::dsl
