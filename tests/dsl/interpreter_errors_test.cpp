// The interpreter (interpreter.hpp) on programs that step outside the graph or off the edges of
// their integers: a node past the last vertex, -1 or INF read, written or walked from is an
// error at its place naming the node and the graph's ids, as is an integer division by 0;
// overflow wraps, INT64_MIN / -1 and huge floats stored in integers have defined values; set
// parameters are sets; weights that do not fit a propEdge's type are refused by name; an
// else-if ladder of thousands of arms runs, is lowered and printed.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "dsl_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/emit_cpp.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/lower.hpp"
#include "suite_support.hpp"

namespace plexus::dsl {
namespace {

/// `text`, parsed and checked clean.
struct checked_text {
  test::parsed parsed;
  checked_program types;
  explicit checked_text(const std::string& text) : parsed(text, "t.sp") {
    types = check(parsed.tree, parsed.problems);
    EXPECT_FALSE(parsed.problems.has_errors()) << parsed.problems.render_all();
  }
  run_outputs run(const csr_graph& g, const run_inputs& inputs = {}) const {
    return interpret(parsed.tree, parsed.file, parsed.tree.functions.at(0).name, g, inputs);
  }
  /// The message of the plexus::error the run throws ("" when it throws none).
  std::string failure(const csr_graph& g, const run_inputs& inputs = {}) const {
    try {
      run(g, inputs);
    } catch (const plexus::error& e) {
      return e.what();
    }
    return "";
  }
};

/// `body` as the body of `function f(Graph g, propNode<int> p, node src)`.
std::string with_parameters(const std::string& body) {
  return "function f(Graph g, propNode<int> p, node src) {\n" + body + "}\n";
}

run_inputs source(std::int64_t id) {
  run_inputs in;
  in.scalars["src"] = scalar::of_int(id, value_kind::node);
  return in;
}

TEST(dsl_interpreter_errors, a_node_outside_the_graph_is_an_error_at_its_place) {
  const csr_graph g = ::plexus_test::tiny_graph(false);  // 8 vertices
  const std::string ids = "(8 vertices, ids 0..7)";
  const struct {
    std::string body, message;
  } cases[] = {
      {"  node v = g.num_nodes();\n  v.p = 1;\n", "t.sp:3:3: node 8 is not a vertex of the graph " + ids},
      {"  node v = -1;\n  int x = v.p;\n", "t.sp:3:11: node -1 is not a vertex of the graph " + ids},
      {"  node v = INF;\n  v.p = 1;\n", "t.sp:3:3: node 4294967295 is not a vertex of the graph " + ids},
      {"  node v = 9223372036854775807;\n  v.p = 1;\n",
       "t.sp:3:3: node 9223372036854775807 is not a vertex of the graph " + ids},
      {"  node v = 4294967296;\n  v.p = 1;\n",
       "t.sp:3:3: node 4294967296 is not a vertex of the graph " + ids},
      {"  p[src + 100] = 1;\n", "t.sp:2:5: node 100 is not a vertex of the graph " + ids},
      {"  int x = p[-1];\n", "t.sp:2:13: node -1 is not a vertex of the graph " + ids},
      {"  for (w in g.neighbors(g.num_nodes())) { w.p = 1; }\n",
       "t.sp:2:25: node 8 is not a vertex of the graph " + ids},
      {"  for (w in g.nodes_to(-1)) { w.p = 1; }\n",
       "t.sp:2:24: node -1 is not a vertex of the graph " + ids},
      {"  int d = g.count_outNbrs(8);\n", "t.sp:2:27: node 8 is not a vertex of the graph " + ids},
      {"  bool b = g.is_an_edge(src, 8);\n", "t.sp:2:30: node 8 is not a vertex of the graph " + ids},
      {"  node v = 8;\n  iterateInBFS (u in g.nodes() from v) { u.p = 1; }\n",
       "t.sp:3:37: node 8 is not a vertex of the graph " + ids},
      {"  int x = 0;\n  int y = x / 0;\n", "t.sp:3:11: integer division by zero"},
      {"  int x = 7;\n  x /= 0;\n", "t.sp:3:3: integer division by zero"},
      {"  int x = 7 % (src - src);\n", "t.sp:2:11: remainder of an integer division by zero"},
      {"  edge e = g.get_edge(0, 7);\n", "t.sp:2:12: g.get_edge: there is no arc from node 0 to node 7"},
  };
  for (const auto& c : cases) {
    const checked_text program(with_parameters(c.body));
    EXPECT_EQ(program.failure(g, source(0)), c.message) << c.body;
  }
}

TEST(dsl_interpreter_errors, an_edge_that_is_no_arc_is_an_error_at_its_place) {
  const checked_text program("function f(Graph g, propEdge<int> w) {\n  edge e;\n  int x = e.w;\n}\n");
  const csr_graph none = ::plexus::test::make_graph(3, {}, false);
  EXPECT_EQ(program.failure(none), "t.sp:3:11: edge 0 is not an edge of the graph (it has none)");
}

TEST(dsl_interpreter_errors, integer_arithmetic_wraps_and_huge_floats_saturate) {
  const csr_graph g = ::plexus_test::tiny_graph(false);
  const struct {
    std::string value;
    std::int64_t expected;
  } cases[] = {
      {"9223372036854775807 + 1", std::numeric_limits<std::int64_t>::min()},
      {"-9223372036854775807 - 2", std::numeric_limits<std::int64_t>::max()},
      {"9223372036854775807 * 2", -2},
      {"(-9223372036854775807 - 1) / -1", std::numeric_limits<std::int64_t>::min()},
      {"(-9223372036854775807 - 1) % -1", 0},
      {"-(-9223372036854775807 - 1)", std::numeric_limits<std::int64_t>::min()},
      {"1e300", std::numeric_limits<std::int64_t>::max()},
      {"-1e300", std::numeric_limits<std::int64_t>::min()},
      {"-7 / 2", -3},
      {"-7 % 2", -1},
  };
  for (const auto& c : cases) {
    const checked_text program("function f(Graph g) {\n  long x = " + c.value + ";\n  return x;\n}\n");
    const run_outputs out = program.run(g);
    ASSERT_TRUE(out.returned.has_value()) << c.value;
    EXPECT_EQ(out.returned->integer, c.expected) << c.value;
  }
  // An int keeps the low 32 bits of an integer, and saturates a float (INF as its largest).
  const checked_text ints(
      "function f(Graph g) {\n  int a = 2147483647 + 1;\n  int b = 1e300;\n  float c = INF;\n"
      "  int d = c;\n  int e = -1e300;\n  return a;\n}\n");
  EXPECT_EQ(ints.run(g).returned->integer, std::numeric_limits<std::int32_t>::min());
  for (const auto& [name, expected] :
       std::vector<std::pair<std::string, std::int64_t>>{{"b", std::numeric_limits<std::int32_t>::max()},
                                                         {"d", std::numeric_limits<std::int32_t>::max()},
                                                         {"e", std::numeric_limits<std::int32_t>::min()}}) {
    const std::string text =
        "function f(Graph g) {\n  int b = 1e300;\n  float c = INF;\n  int d = c;\n  int e = -1e300;\n"
        "  return " +
        name + ";\n}\n";
    EXPECT_EQ(checked_text(text).run(g).returned->integer, expected) << name;
  }
}

TEST(dsl_interpreter_errors, node_and_set_parameters_must_be_vertices_each_once) {
  const csr_graph g = ::plexus_test::tiny_graph(false);
  const checked_text program("function f(Graph g, SetN<g> s, node src) {\n  for (v in s) { }\n}\n");
  run_inputs in = source(8);
  in.sets["s"] = {1};
  EXPECT_EQ(program.failure(g, in),
            "the node parameter 'src' is 8, not a vertex of the graph (8 vertices, ids 0..7)");
  in = source(1);
  in.sets["s"] = {1, 9};
  EXPECT_EQ(program.failure(g, in),
            "the set parameter 's' holds 9, not a vertex of the graph (8 vertices, ids 0..7)");
  in.sets["s"] = {1, 2, 1};
  EXPECT_EQ(program.failure(g, in), "the set parameter 's' holds vertex 1 twice");
}

TEST(dsl_interpreter_errors, weights_that_do_not_fit_the_property_are_refused_by_name) {
  const std::vector<::plexus::test::weighted_arc> arcs = {{0, 1, 2}, {1, 2, 0.5f}};
  const csr_graph g = ::plexus::test::make_graph(3, arcs, true, true);
  const std::string sum =
      "  float s = 0;\n  for (v in g.nodes()) { for (u in g.neighbors(v)) { s += g.get_edge(v, u).w; } }"
      "\n  return s;\n}\n";
  const checked_text as_int("function f(Graph g, propEdge<int> w) {\n" + sum);
  EXPECT_EQ(as_int.failure(g),
            "the edge property 'w' is propEdge<int>, but the arc 1 -> 2 weighs 0.5, which is not an int: "
            "declare the "
            "property float");
  const checked_text as_bool("function f(Graph g, propEdge<bool> w) {\n  return 0;\n}\n");
  EXPECT_EQ(as_bool.failure(g),
            "the edge property 'w' is propEdge<bool>, but the arc 0 -> 1 weighs 2, which is not a bool: "
            "declare the "
            "property float");
  const checked_text as_float("function f(Graph g, propEdge<float> w) {\n" + sum);
  EXPECT_EQ(as_float.run(g).returned->floating, 2.5);
}

/// A ladder of `arms` arms testing `k`: arm i sets x to i, the final else to -1.
std::string ladder(int arms, const std::string& indent) {
  std::string text = indent + "if (k == 0) { x = 0; }";
  for (int i = 1; i < arms; ++i)
    text += " else if (k == " + std::to_string(i) + ") { x = " + std::to_string(i) + "; }";
  return text + " else { x = -1; }\n";
}

TEST(dsl_interpreter_errors, an_else_if_ladder_of_thousands_of_arms_runs_lowers_and_prints) {
  constexpr int kArms = 20000;
  const checked_text program("function f(Graph g, propNode<int> p, int k) {\n  int x = 0;\n" +
                             ladder(kArms, "  ") + "  forall (v in g.nodes()) {\n    int x = 0;\n" +
                             ladder(kArms, "    ") + "    v.p = x;\n  }\n  return x;\n}\n");
  const csr_graph g = ::plexus_test::tiny_graph(false);
  for (const std::int64_t k : {0, 1, kArms - 1, kArms}) {
    run_inputs in;
    in.scalars["k"] = scalar::of_int(k);
    const run_outputs out = program.run(g, in);
    const std::int64_t expected = k < kArms ? k : -1;
    EXPECT_EQ(out.returned->integer, expected);
    EXPECT_EQ(out.properties.at("p").values[5].integer, expected);
  }
  const std::vector<ir::function_ir> lowered{lower(program.parsed.tree.functions[0], program.parsed.file)};
  const std::string ir = ir::print(lowered[0]);
  EXPECT_NE(ir.find("\n  host_if\n    host scalar\n  else host_if\n    host scalar\n  else host_if\n"),
            std::string::npos)
      << ir.substr(0, 400);
  const std::string cpp = emit_cpp(program.parsed.tree, program.types, program.parsed.file, lowered);
  EXPECT_NE(cpp.find("  } else if ((k == 19999)) {\n"), std::string::npos);
  EXPECT_NE(cpp.find("      } else if ((k == 19999)) {\n"), std::string::npos);
}

}  // namespace
}  // namespace plexus::dsl
