// The DSL's semantic checks (checker.hpp): the test programs check clean, and each invalid
// program's first diagnostic names its mistake at its place: names, types, properties,
// graph methods, the rules of fixedPoint, iterateInBFS and multiple assignments, and races
// in parallel loops.
#include "plexus/dsl/checker.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dsl_test_support.hpp"

namespace plexus::dsl {
namespace {

using test::parsed;

std::vector<std::string> checked_headlines(parsed& p) {
  check(p.tree, p.problems);
  return p.headlines();
}

TEST(dsl_checker, the_test_programs_check_clean) {
  for (const char* name : {"bfs.sp", "sssp.sp", "pagerank.sp", "components.sp", "betweenness.sp", "triangles.sp", "closeness.sp",
                           "kcore.sp"}) {
    parsed p(test::program_file(name));
    EXPECT_EQ(checked_headlines(p), std::vector<std::string>{}) << name;
  }
}

TEST(dsl_checker, expressions_get_their_types) {
  parsed p("function f(Graph g, propNode<float> rank, node v) { double x = 1 + 2.5 * v.rank; long y = 3 % 2; }");
  const checked_program checked = check(p.tree, p.problems);
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  const auto& body = p.tree.functions[0].body;
  EXPECT_EQ(checked.types.at(body[0]->value.get()).kind, value_kind::double_);
  EXPECT_EQ(checked.types.at(body[0]->value->operands[1]->operands[1].get()).kind, value_kind::float_);
  EXPECT_EQ(checked.types.at(body[1]->value.get()).kind, value_kind::int_);
}

const test::invalid_program kInvalid[] = {
    {"function f(Graph g) { int x = y + 1; }",
     "bad.sp:1:31: error: unknown name 'y'"},
    {"function f(Graph g) { @a int x = 1; }",
     "bad.sp:1:24: error: the schedule label '@a' must name a forall or a fixedPoint"},
    {"function f(Graph g, propNode<int> p) { @a forall (v in g.nodes()) { v.p = 1; } @a forall (v in g.nodes()) { v.p = 2; } }",
     "bad.sp:1:81: error: the schedule label '@a' is already used (line 1)"},
    {"function f(Graph g) { int x = 1; int x = 2; }",
     "bad.sp:1:38: error: 'x' is already declared in this scope (line 1)"},
    {"function f(Graph g, node v, propNode<int> level) { v.levl = 1; }",
     "bad.sp:1:52: error: unknown property 'levl' of node 'v'"},
    {"function f(Graph g, node v, propEdge<int> weight) { int x = v.weight; }",
     "bad.sp:1:61: error: 'weight' is an edge property, not a property of node 'v'"},
    {"function f(Graph g, propNode<int> level) { int x = 3; x.level = 1; }",
     "bad.sp:1:55: error: 'x' is int: only nodes and edges have properties"},
    {"function f(Graph g) { bool b = 1; }",
     "bad.sp:1:32: error: cannot initialise 'b' of type bool with int"},
    {"function f(Graph g) { bool b = !3; }",
     "bad.sp:1:32: error: '!' needs a bool, not int"},
    {"function f(Graph g) { bool b = 1 && True; }",
     "bad.sp:1:32: error: '&&' needs two bools, not int and bool"},
    {"function f(Graph g) { double d = 2.5 % 2; }",
     "bad.sp:1:34: error: '%' needs integers, not double and int"},
    {"function f(Graph g) { bool b = True == 1; }",
     "bad.sp:1:32: error: cannot compare bool with int"},
    {"function f(Graph g) { forall (v in g.vertices()) { } }",
     "bad.sp:1:36: error: unknown graph method 'vertices': a graph has nodes, neighbors, nodes_to, num_nodes, num_edges, count_outNbrs, is_an_edge, get_edge, attachNodeProperty and attachEdgeProperty"},
    {"function f(Graph g, node v) { forall (w in g.neighbors()) { } }",
     "bad.sp:1:44: error: 'neighbors' takes 1 argument, given 0"},
    {"function f(Graph g) { forall (w in g.neighbors(True)) { } }",
     "bad.sp:1:48: error: argument 1 of 'neighbors' must be a node, not bool"},
    {"function f(Graph g, propNode<bool> p) { int done = 0; fixedPoint until (done : !p) { } }",
     "bad.sp:1:73: error: the flag of 'fixedPoint' must be a bool variable, and 'done' is int"},
    {"function f(Graph g, propNode<int> p) { bool done = False; fixedPoint until (done : !p) { } }",
     "bad.sp:1:84: error: 'fixedPoint' runs until a propNode<bool> is false everywhere: write 'until (flag : !property)'"},
    {"function f(Graph g, node s) { forall (v in g.nodes()) { iterateInBFS(w in g.nodes() from s) { } } }",
     "bad.sp:1:57: error: 'iterateInBFS' cannot run inside a parallel loop"},
    {"function f(Graph g, propNode<bool> p) { bool done = False;\n  forall (v in g.nodes()) { fixedPoint until (done : !p) { } } }",
     "bad.sp:2:29: error: 'fixedPoint' cannot run inside a parallel loop"},
    {"function f(Graph g, propNode<int> d, propNode<int> q, node v) { <v.d, v.q> = <Min(v.q, 1), 2>; }",
     "bad.sp:1:79: error: the first argument of 'Min' must be 'v.d', the first variable assigned"},
    {"function f(Graph g, propNode<int> d, propNode<int> q, node v) { <v.d, v.q> = <Min(v.d, 1)>; }",
     "bad.sp:1:65: error: 2 variables but 1 value"},
    {"function f(Graph g, propNode<int> d, propNode<int> q, node v) { <v.d, v.q> = <3, 2>; }",
     "bad.sp:1:79: error: the first value of a multiple assignment must be Min(...) or Max(...)"},
    {"function f(Graph g) { int x = Min(1, 2); }",
     "bad.sp:1:31: error: 'Min' updates its first argument: write 'a = Min(a, x)' or '<a, ...> = <Min(a, x), ...>'"},
    {"function f(Graph g, propNode<int> level) {\n  forall (v in g.nodes()) {\n    forall (w in g.neighbors(v)) {\n      w.level = v.level + 1;\n    }\n  }\n}",
     "bad.sp:4:7: error: 'w.level' may be written by several iterations of the parallel loop at once: update it with a reduction ('+='), with '<w.level, ...> = <Min(w.level, ...), ...>', or store a constant"},
    {"function f(Graph g, propNode<int> level) {\n  int last = 0;\n  forall (v in g.nodes()) {\n    last = v.level;\n  }\n}",
     "bad.sp:4:5: error: 'last' is shared by the iterations of the parallel loop: update it with a reduction ('+=', '*=', '|=', ...) or store a constant"},
    {"function f(Graph g) { forall (v in g.nodes()) { propNode<int> p; } }",
     "bad.sp:1:49: error: a property cannot be declared inside a parallel loop"},
    {"function f(Graph g, propNode<int> p) { forall (v in g.nodes()) { g.attachNodeProperty(p = 0); } }",
     "bad.sp:1:66: error: 'attachNodeProperty' cannot run inside a parallel loop"},
    {"function f(Graph g) { forall (v in g.nodes()) { v = 3; } }",
     "bad.sp:1:49: error: the loop's iterator 'v' cannot be assigned"},
    {"function f(Graph g) { long n = 0; forall (v in g.nodes()) { return n; } }",
     "bad.sp:1:61: error: 'return' cannot leave a parallel loop"},
    {"function f(Graph g, propNode<int> p, propNode<int> q) { forall (v in g.nodes()) { p = q; } }",
     "bad.sp:1:83: error: the whole property 'p' cannot be assigned inside a parallel loop"},
    {"function f(Graph g) { Graph h; }",
     "bad.sp:1:23: error: a Graph can only be a function's parameter"},
    {"function f(Graph g) { iterateInBFS(v in g.nodes() from 3.5) { } }",
     "bad.sp:1:56: error: the source of 'iterateInBFS' must be a node, not double"},
    {"function f(Graph g) { forall (v in g.nodes().filter(v + 1)) { } }",
     "bad.sp:1:53: error: a filter must be a bool, not int"},
    {"function f(Graph g) { forall (v in 3) { } }",
     "bad.sp:1:36: error: 'forall' iterates over g.nodes(), g.neighbors(v), g.nodes_to(v) or a SetN, not int"},
    {"function f(Graph g) { h(g); }",
     "bad.sp:1:23: error: unknown function 'h'"},
    {"function f(Graph g) { }\nfunction f(Graph g) { }",
     "bad.sp:2:10: error: function 'f' is already defined (line 1)"},
    {"function f(Graph g, node s(h)) { }",
     "bad.sp:1:21: error: 's' belongs to 'h', which is not a Graph parameter before it"},
    {"function f(Graph g, propNode<int> p) { g.attachNodeProperty(q = 1); }",
     "bad.sp:1:61: error: unknown name 'q'"},
    {"function f(Graph g, propNode<bool> p) { g.attachNodeProperty(p = 1.5); }",
     "bad.sp:1:66: error: cannot fill 'p' of type propNode<bool> with double"},
};

TEST(dsl_checker, every_invalid_program_reports_its_mistake_first_at_its_place) {
  for (const test::invalid_program& bad : kInvalid) {
    parsed p(bad.text, "bad.sp");
    ASSERT_FALSE(p.problems.has_errors()) << "parses: " << p.problems.render_all();
    const std::vector<std::string> lines = checked_headlines(p);
    ASSERT_FALSE(lines.empty()) << bad.text;
    EXPECT_EQ(lines.front(), bad.first_diagnostic) << bad.text;
  }
}

}  // namespace
}  // namespace plexus::dsl
