// The passes of the lowering (lower.hpp) that look at a whole statement or op tree: the swap
// pass's rewrite test, the push/pull choice and the triangle-counting intersection; and the
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

/// The swap pass's second case (PageRank's `rank = next_rank`): property `b` of `f`'s own is
/// read nowhere but by copies out of it, and a kernel over every vertex stores every vertex's
/// b, so whatever a swap leaves in b is overwritten before anyone reads it.
bool rewritten_before_read(const function& f, const std::string& b);

/// A vertex map as the map it runs as: an intersection (the triangle-counting idiom), an edge
/// map (push, or pull when it only reads in-arcs and writes its own vertex), or itself.
ir::op choose_map_kind(ir::op map);

}  // namespace plexus::dsl::passes
