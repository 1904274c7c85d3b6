// The names the Plexus back end proves to hold only vertices (emit_vertex_values.cpp), which
// kernels index by unchecked: iterators, node parameters, 0, copies, reads of properties that
// hold only vertices and their Min; not a node computed otherwise, nor a property that a
// caller's values or a lane's early read could leave holding anything.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "dsl_test_support.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/emit_context.hpp"

namespace {

using namespace plexus::dsl;

emit::vertex_values vertex_values_of(const std::string& text) {
  test::parsed p(text);
  check(p.tree, p.problems);
  EXPECT_FALSE(p.problems.has_errors()) << text;
  return emit::find_vertex_values(p.tree.functions.at(0));
}

/// Whether each of `names` holds only vertices is `holds`.
void expect_holding(const emit::vertex_values& found, std::initializer_list<const char*> names, bool holds) {
  for (const char* name : names) EXPECT_EQ(found.names.count(name) > 0, holds) << name;
}

TEST(dsl_vertex_values, iterators_parameters_copies_and_min_hold_vertices) {
  const emit::vertex_values found = vertex_values_of(
      "function f(Graph g, propNode<int> label, node src) {\n"
      "  forall (v in g.nodes()) { v.label = v; }\n"
      "  forall (v in g.nodes()) {\n"
      "    node parent = v.label;\n"
      "    node none;\n"
      "    int zero = 0;\n"
      "    node either = src;\n"
      "    for (w in g.neighbors(v)) {\n"
      "      <w.label> = <Min(w.label, parent.label)>;\n"
      "      either = Max(either, w);\n"
      "    }\n"
      "  }\n"
      "}\n");
  expect_holding(found, {"v", "w", "src", "label", "parent", "none", "zero", "either"}, true);
}

TEST(dsl_vertex_values, computed_nodes_and_what_they_reach_do_not) {
  const emit::vertex_values found = vertex_values_of(
      "function f(Graph g, propNode<node> p, propNode<int> x, int k) {\n"
      "  g.attachNodeProperty(p = INF, x = 0);\n"
      "  propNode<node> q;\n"
      "  propNode<node> r;\n"
      "  forall (v in g.nodes()) {\n"
      "    node w = v + 1;\n"
      "    node far = w;\n"
      "    node step = v;\n"
      "    step++;\n"
      "    node given = k;\n"
      "    v.q = w;\n"
      "    v.r = v.p;\n"
      "    v.x = 1;\n"
      "  }\n"
      "}\n");
  expect_holding(found, {"p", "q", "r", "w", "far", "step", "given", "k"}, false);
  EXPECT_EQ(found.names.count("x"), 0u) << "1 is a vertex only on graphs of two vertices or more";
}

TEST(dsl_vertex_values, a_property_parameter_holds_vertices_only_once_every_vertex_stored_it_first) {
  // The caller's values are read before any store; a lane reads a neighbour's value that its
  // lane may not have stored yet; every vertex stores its own before anyone reads.
  const char* read_first =
      "function f(Graph g, propNode<int> label) {\n"
      "  forall (v in g.nodes()) { node p = v.label; p.label = 0; }\n"
      "}\n";
  const char* read_early =
      "function f(Graph g, propNode<int> label) {\n"
      "  forall (v in g.nodes()) {\n"
      "    v.label = v;\n"
      "    for (w in g.neighbors(v)) { node p = w.label; p.label = 0; }\n"
      "  }\n"
      "}\n";
  const char* stored_first =
      "function f(Graph g, propNode<int> label) {\n"
      "  forall (v in g.nodes()) { v.label = v; }\n"
      "  forall (v in g.nodes()) { node p = v.label; p.label = 0; }\n"
      "}\n";
  EXPECT_EQ(vertex_values_of(read_first).names.count("label"), 0u);
  EXPECT_EQ(vertex_values_of(read_early).names.count("label"), 0u);
  EXPECT_EQ(vertex_values_of(stored_first).names.count("label"), 1u);
  EXPECT_EQ(vertex_values_of(stored_first).names.count("p"), 1u);
}

TEST(dsl_vertex_values, a_name_given_a_computed_node_anywhere_is_checked_everywhere) {
  // `w` is a neighbour in one loop and v + 5 in another.
  const emit::vertex_values found = vertex_values_of(
      "function f(Graph g, propNode<int> x) {\n"
      "  forall (v in g.nodes()) {\n"
      "    for (w in g.neighbors(v)) { w.x = 1; }\n"
      "  }\n"
      "  forall (v in g.nodes()) {\n"
      "    node w = v + 5;\n"
      "    w.x = 1;\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(found.names.count("w"), 0u);
  EXPECT_EQ(found.names.count("v"), 1u);
}

}  // namespace
