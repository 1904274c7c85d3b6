// The DSL's structured IR: what lowering (lower.hpp) makes of a checked function, and what the
// Plexus back end (emit_cpp.hpp) prints as C++.
//
// The IR keeps a program's structure but says how each part runs. Host operations run on the
// host, one after another; the parallel ones are graph operators:
//
//   vertex_map      a kernel over every vertex (or those passing a filter), one lane each;
//   edge_map        a vertex map whose body visits neighbour lists: push (v's out-arcs,
//                   updates of the neighbours, with atomics) or pull (v's in-arcs, updates of
//                   v only, none); Plexus's load balancers spread its arcs;
//   frontier_loop   a fixedPoint whose flag property is both the filter of its edge map and
//                   what the map sets: the flagged vertices become a sparse frontier, the map
//                   pushes each newly flagged neighbour into the next one, and the loop ends
//                   when the frontier is empty; only its size reaches the host; maps after
//                   the edge map (a shortcut step, say) may flag vertices too, and then the
//                   next frontier is compacted from the flags; when its edge map offers
//                   every neighbour the same Min of the frontier vertex's own values (a BFS
//                   level), a round over a large frontier may pull instead (Beamer's
//                   direction optimisation, as the library's BFS does);
//   bfs_levels      iterateInBFS and iterateInReverse: a BFS that stores each level's frontier,
//                   then the forward body over the levels in order (the neighbour loops
//                   restricted to the next level) and the reverse body deepest level first;
//   intersect       triangle counting's nested neighbour loops around is_an_edge: per arc, the
//                   size of an intersection of two sorted lists;
//   swap            `a = b` followed by a re-attachment of b: the two arrays trade places;
//   reduction       a scalar updated inside a kernel (+=, -=, ...): combined on the device and
//                   read back once after the kernel.
//
// Kernel statements keep the AST they came from (the emitter prints their expressions), with
// how each write is made safe: a plain store (the lane's own vertex, a local), an atomic min or
// max (a Min/Max multiple assignment), an atomic add (a reduction into another vertex's
// property) or a constant store, which needs none.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/types.hpp"

namespace plexus::dsl::ir {

enum class op_kind {
  // host
  scalar_statement,  // a declaration, assignment, step or return on host scalars (source)
  property_decl,     // name: a node property allocated here (element)
  attach,            // a vertex map storing each named value in every vertex's property (source)
  vertex_store,      // source: `src.p = value` for one vertex
  copy,              // name = other, whole properties
  swap,              // name <-> other
  host_if,           // condition (source), body, else_body
  host_while,        // condition, body
  host_do_while,     // body, condition
  host_for_set,      // name in a set parameter (source): body
  // parallel
  vertex_map,        // name: the iterator; filter (may be null); body: kernel ops
  edge_map,          // as vertex_map, with a direction; the body holds the neighbour loops
  frontier_loop,     // name: the flag property, other: the next flag; flag: the bool scalar;
                     // body: the edge map over the frontier, then any vertex or edge
                     // maps that run before the handover
  bfs_levels,        // name: the iterator; source: the statement; body: forward kernel ops;
                     // else_body: reverse kernel ops (condition: iterateInReverse's filter)
  intersect,         // source: the outer forall; reduction: the counter
  // kernel
  kernel_statement,  // source: a statement on the lane's values, with its write's safety
  kernel_if,         // condition, body, else_body
  neighbors,         // name in g.neighbors(of) / g.nodes_to(of), filter: body (in order)
  kernel_loop,       // a sequential while/for inside a kernel (source), body
};

enum class direction { push, pull };

/// How a kernel statement's write is made safe against the other lanes.
enum class write_safety { local, atomic_min, atomic_max, atomic_add, constant_store, reduction };

struct op {
  op_kind kind = op_kind::scalar_statement;
  const statement* source = nullptr;
  const expression* condition = nullptr;  // host_if, loops, bfs reverse filter
  const expression* filter = nullptr;     // vertex_map, edge_map, neighbors
  std::string name, other, flag, of;
  value_kind element = value_kind::invalid;  // property_decl
  direction dir = direction::push;           // edge_map
  bool in_arcs = false;                      // neighbors: g.nodes_to
  bool children_only = false;                // neighbors inside bfs_levels
  bool may_pull = false;                     // frontier_loop: a round may pull instead of push
  write_safety safety = write_safety::local; // kernel_statement
  std::string reduction;                     // intersect: the counter; kernel_statement: the scalar
  std::vector<op> body, else_body;

  op() = default;
  op(const op&) = default;
  op(op&&) = default;
  op& operator=(const op&) = default;
  op& operator=(op&&) = default;
  // An else-if ladder (each arm the whole else branch of the one before) is freed arm after
  // arm, not by a recursion as deep as the ladder is long.
  ~op() {
    while (else_body.size() == 1 && !else_body[0].else_body.empty()) {
      std::vector<op> rest = std::move(else_body[0].else_body);
      else_body = std::move(rest);
    }
  }
};

/// The next arm of an else-if ladder: the host_if or kernel_if that is the whole else branch
/// of `o`; nullptr when there is none. As in the syntax tree (ast.hpp's else_if), walks take a
/// ladder's arms in a loop.
inline const op* else_if(const op& o) {
  if ((o.kind != op_kind::host_if && o.kind != op_kind::kernel_if) || o.else_body.size() != 1 ||
      o.else_body[0].kind != o.kind)
    return nullptr;
  return &o.else_body[0];
}

/// The else branch a walk enters below `o`: none when it is the next arm of a ladder.
inline const std::vector<op>& else_block(const op& o) {
  static const std::vector<op> none;
  return else_if(o) ? none : o.else_body;
}

/// Calls visit(o) for every op of `ops` and every op nested in them, each before what it holds
/// (its body, then its else branch), without recursion.
template <class Visit>
void for_each_op(const std::vector<op>& ops, Visit&& visit) {
  std::vector<std::pair<const std::vector<op>*, std::size_t>> pending{{&ops, 0}};
  while (!pending.empty()) {
    auto& [list, next] = pending.back();
    if (next == list->size()) {
      pending.pop_back();
      continue;
    }
    const op& o = (*list)[next++];
    visit(o);
    pending.push_back({&o.else_body, 0});
    pending.push_back({&o.body, 0});
  }
}

struct function_ir {
  std::string name;
  const function* source = nullptr;
  std::vector<op> body;
};

/// The IR as indented text, one op per line (what the structure tests read).
std::string print(const function_ir& f);

}  // namespace plexus::dsl::ir
