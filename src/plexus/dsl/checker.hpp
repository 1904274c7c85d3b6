// The DSL's semantic checks (design notes §3.2), run on a parsed program:
//
//   names     every name declared before use, once per scope; loop iterators scoped to the
//             loop; inside a loop's `.filter(...)` a bare property name means the iterator's
//             (`g.nodes().filter(changed == True)` tests `v.changed`);
//   types     int, long, float, double, bool, node and edge; numbers convert freely and a node
//             is an integer, INF takes the type of what it meets, bool stays apart; `x.p` needs a
//             node property on a node or an edge property on an edge; graph methods with their
//             arguments' count and types;
//   constructs  `fixedPoint until (flag : !p)` with a bool variable and a propNode<bool>;
//             `iterateInBFS` over g.nodes() from a node, and neither it nor `fixedPoint` inside
//             a parallel loop; `<a, b> = <Min(a, x), y>` with as many values as variables and a
//             Min or Max of the first variable first; no property declared, attached or
//             assigned whole inside a parallel loop;
//   races     inside a parallel loop (`forall`, the bodies of iterateInBFS and iterateInReverse),
//             a write to a property of any vertex but the loop's own (the iterator of a loop
//             over every vertex once), or to a variable declared outside the loop, must be a
//             reduction (`+=`, `-=`, `*=`, `|=`, `&=`, `&&=`, `||=`, `++`, `--`, `x = x + e`),
//             a Min or Max multiple assignment, or a constant store; anything else could lose
//             updates when iterations run at once, and is an error.
//
// Every problem goes to the diagnostics, and checking goes on: an expression found wrong gets
// the invalid type, which raises no further error.
#pragma once

#include <unordered_map>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/types.hpp"

namespace plexus::dsl {

/// What the checks learnt: the type of every expression they checked.
struct checked_program {
  std::unordered_map<const expression*, value_type> types;
};

checked_program check(const program& tree, diagnostics& problems);

}  // namespace plexus::dsl
