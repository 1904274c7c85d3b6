// The passes of the lowering (lower.hpp) that look at a whole statement or op tree: the swap
// pass's rewrite test, the push/pull choice of maps and frontier loops and the triangle-counting
// intersection; and the
// small helpers lower.cpp shares with them.
#pragma once

#include <string>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/ir.hpp"

namespace plexus::dsl::passes {

/// An op of `kind` lowered from `source`.
ir::op make(ir::op_kind kind, const statement* source);
bool is_literal(const expression& e);
/// `g.method(...)` with the method's name, or nullptr.
const expression* method_call(const expression& e, const char* method);
/// Whether `e` names `name` anywhere (as a variable, an iterator or a member's object).
bool mentions(const expression& e, const std::string& name);

/// The swap pass's second case (PageRank's `rank = next_rank`): property `b` of `f`'s own is
/// read nowhere but by copies out of it, and a kernel over every vertex stores every vertex's
/// b, so whatever a swap leaves in b is overwritten before anyone reads it.
bool rewritten_before_read(const function& f, const std::string& b);

/// A vertex map as the map it runs as: an intersection (the triangle-counting idiom), an edge
/// map (push, or pull when it only reads in-arcs and writes its own vertex), or itself.
ir::op choose_map_kind(ir::op map);

/// Whether a frontier loop's rounds may pull (ir::op::may_pull): its edge map is one
/// `<w.p, w.next> = <Min(w.p, E), True>` over the out-arcs, E free of w, so a round that
/// finds E the same for every frontier vertex gives each neighbour w with p above it that
/// value whichever frontier vertex offers it, and a pull round may stop at the first.
bool offers_one_value(const ir::op& loop);

}  // namespace plexus::dsl::passes
