// The DSL's reference semantics: a serial interpreter of checked programs on a graph in host
// memory. Every later stage (lowering, the generated code on each back end) is tested against
// what it computes; it is written for clarity, not speed.
//
// Parallel constructs run their iterations one after another in increasing vertex order, which
// is one of the orders a parallel run may take, so a program the checker accepts (no races)
// gives the same results:
//   forall / for            over g.nodes(), g.neighbors(v) (out-arcs), g.nodes_to(v) (in-arcs),
//                           a set, each filtered when asked;
//   fixedPoint until (f: !p)  the body, again while some vertex has p true (for `p`: while some
//                           has it false); f is false during the loop and true after it, as
//                           StarPlat's generated loops leave it;
//   iterateInBFS            the BFS levels from the source over out-arcs, the body for each
//                           level's vertices in turn, g.neighbors(v) restricted to v's children
//                           (level + 1); iterateInReverse the same levels deepest first;
//   <a, b> = <Min(a, x), y>   if x < a: a = x, then b = y (Max: if x > a).
// INF is the largest value of the type it is stored in or compared with (int: 2^31 - 1, a
// floating type: infinity). A float property rounds what it stores to float.
//
// A function is run with its scalar and node parameters given by name, its SetN parameters
// as vertex lists, and every propEdge parameter filled with the graph's weights (1 without);
// node properties among the parameters start at 0 and are returned with their final values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/source.hpp"
#include "plexus/dsl/types.hpp"
#include "plexus/dsl/values.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dsl {

/// A property's values, one per vertex (node property) or per CSR arc (edge property).
struct property_values {
  value_kind element = value_kind::int_;
  std::vector<scalar> values;
};

struct run_inputs {
  std::map<std::string, scalar> scalars;               // scalar and node parameters
  std::map<std::string, std::vector<vertex_t>> sets;   // SetN parameters
};

struct run_outputs {
  std::optional<scalar> returned;
  std::map<std::string, property_values> properties;   // the node-property parameters
};

/// Runs `function_name` of a checked `tree`, read from `file`, on `graph`; throws
/// plexus::error(invalid_argument) for a missing or unknown parameter or function, or a node
/// or set parameter that holds no vertex (or one twice), plexus::error(unsupported) from
/// check_edge_weights, and plexus::error(parse) "file:line:column: ..." when the program fails
/// while it runs: a node that is not a vertex of the graph (34 when there are 34, -1, INF) or
/// an edge that is not one of its arcs read, written or walked from, an integer division by 0,
/// get_edge of two vertices without an arc.
run_outputs interpret(const program& tree, const source_file& file, const std::string& function_name,
                      const csr_graph& graph, const run_inputs& inputs);

/// Refuses a graph whose weights do not fit the type of a propEdge parameter of `f`: an
/// integer type takes whole weights in its range, bool 0 or 1, float and double any. Throws
/// plexus::error(unsupported) naming the property and the first arc in error, in the input's
/// ids.
void check_edge_weights(const function& f, const csr_graph& graph);

}  // namespace plexus::dsl
