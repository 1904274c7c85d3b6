// Lowering: a checked DSL function to the structured IR (ir.hpp), with the passes that choose
// how each part runs:
//
//   frontier recognition  `fixedPoint until (f : !p) { forall (v in g.nodes().filter(p == True))
//                         { ... w.q = True ... }  p = q;  g.attachNodeProperty(q = False); }`
//                         becomes a frontier loop over the vertices flagged p;
//   push or pull          a vertex map with neighbour loops is an edge map, pull when it only
//                         reads in-arcs (g.nodes_to) and writes the lane's own vertex, else push;
//   atomics               every kernel write gets its safety: a Min/Max multiple assignment an
//                         atomic min/max, a reduction into another vertex an atomic add, a
//                         constant store none, the lane's own vertex and locals none;
//   reductions            a host scalar updated in a kernel is a reduction, combined on the
//                         device and read back once;
//   intersection          forall v { forall u in nbrs(v) { forall w in nbrs(v) { if
//                         (g.is_an_edge(u, w)) c += 1 } } } becomes an intersect op;
//   swap                  `a = b` followed by re-attaching b swaps the arrays instead of copying.
//
// Constructs the Plexus back end does not lower (a propEdge declared in a function, a
// fixedPoint it cannot turn into a frontier loop with a filter of another shape, ...) raise
// plexus::error(unsupported) naming the statement's line and column.
#pragma once

#include "plexus/dsl/ir.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

/// Lowers `f` of a program that passed check(); `file` names positions in errors.
ir::function_ir lower(const function& f, const source_file& file);

}  // namespace plexus::dsl
