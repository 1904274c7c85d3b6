// The DSL's parser (parser.hpp): whole programs of each construct (dsl/examples/) parse
// without a diagnostic into the expected tree, and expressions follow C's precedence (`!` tighter than `&&`,
// unlike StarPlat's grammar), with `%`, unary minus and signed literals.
#include "plexus/dsl/parser.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "dsl_test_support.hpp"

namespace plexus::dsl {
namespace {

using test::parsed;

/// The expression as a fully parenthesised string: (a + (b * c)).
std::string shape(const expression& e) {
  switch (e.kind) {
    case expression_kind::binary:
      return fmt::format("({} {} {})", shape(*e.operands[0]), e.text, shape(*e.operands[1]));
    case expression_kind::unary:
      return fmt::format("({}{})", e.text, shape(*e.operands[0]));
    case expression_kind::member:
      return fmt::format("{}.{}", shape(*e.operands[0]), e.text);
    case expression_kind::call:
    case expression_kind::reduction: {
      std::string out = e.kind == expression_kind::call ? shape(*e.operands[0]) : e.text;
      out += "(";
      for (std::size_t i = e.kind == expression_kind::call ? 1 : 0; i < e.operands.size(); ++i) {
        if (out.back() != '(') out += ", ";
        out += shape(*e.operands[i]);
      }
      out += ")";
      return out;
    }
    case expression_kind::filter:
      return fmt::format("{}.filter({})", shape(*e.operands[0]), shape(*e.operands[1]));
    case expression_kind::index:
      return fmt::format("{}[{}]", shape(*e.operands[0]), shape(*e.operands[1]));
    case expression_kind::named_argument:
      return fmt::format("{} = {}", e.text, shape(*e.operands[0]));
    case expression_kind::infinity:
      return e.negative ? "-INF" : "INF";
    default:
      return e.text;
  }
}

std::string expression_shape(const std::string& text) {
  const parsed p("function f(Graph g) { x = " + text + "; }");
  EXPECT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  return p.problems.has_errors() ? "" : shape(*test::first_statement(p.tree).value);
}

TEST(dsl_parser, expressions_follow_c_precedence) {
  EXPECT_EQ(expression_shape("!a && b"), "((!a) && b)");
  EXPECT_EQ(expression_shape("a || b && c == d"), "(a || (b && (c == d)))");
  EXPECT_EQ(expression_shape("a + b * c - d % e"), "((a + (b * c)) - (d % e))");
  EXPECT_EQ(expression_shape("x-1"), "(x - 1)");
  EXPECT_EQ(expression_shape("a < b + 1 != c >= -d"), "((a < (b + 1)) != (c >= (-d)))");
  EXPECT_EQ(expression_shape("-INF"), "-INF");
  EXPECT_EQ(expression_shape("-(a + b) * 2"), "((-(a + b)) * 2)");
  EXPECT_EQ(expression_shape("v.dist + e.weight"), "(v.dist + e.weight)");
  EXPECT_EQ(expression_shape("g.neighbors(v).filter(w > v)"), "g.neighbors(v).filter((w > v))");
  EXPECT_EQ(expression_shape("Min(a, b[i] / 2)"), "Min(a, (b[i] / 2))");
}

TEST(dsl_parser, a_schedule_label_names_the_statement_after_it) {
  const test::parsed p("function f(Graph g, propNode<int> x) {\n  @sweep forall (v in g.nodes()) { v.x = 1; }\n}\n");
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  const statement& s = test::first_statement(p.tree);
  EXPECT_EQ(s.kind, statement_kind::forall);
  EXPECT_EQ(s.label, "sweep");
  const line_column at = p.file.position(s.label_range.begin);
  EXPECT_EQ(at.line, 2u);
  EXPECT_EQ(at.column, 4u);
  const test::parsed missing("function f(Graph g) {\n  @ forall (v in g.nodes()) { }\n}\n");
  ASSERT_FALSE(missing.headlines().empty());
  EXPECT_EQ(missing.headlines()[0], "test.sp:2:5: error: 'forall' is a reserved word and cannot be used as a name");
}

TEST(dsl_parser, signed_literals_keep_their_values) {
  const parsed p("function f(Graph g) { x = -7; y = -0.25; z = +3; }");
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  const auto& body = p.tree.functions[0].body;
  EXPECT_EQ(body[0]->value->kind, expression_kind::integer);
  EXPECT_EQ(body[0]->value->integer, -7);
  EXPECT_EQ(body[1]->value->kind, expression_kind::floating);
  EXPECT_DOUBLE_EQ(body[1]->value->floating, -0.25);
  EXPECT_EQ(body[2]->value->integer, 3);
}

TEST(dsl_parser, a_shortest_paths_program_parses_into_its_tree) {
  const parsed p(test::program_file("sssp.sp"));
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  ASSERT_EQ(p.tree.functions.size(), 1u);
  const function& f = p.tree.functions[0];
  EXPECT_EQ(f.name, "shortest_paths");
  ASSERT_EQ(f.parameters.size(), 4u);
  EXPECT_EQ(f.parameters[0].type.kind, type_kind::graph);
  EXPECT_EQ(f.parameters[1].type.kind, type_kind::node_property);
  EXPECT_EQ(f.parameters[1].type.element->kind, type_kind::float_);
  EXPECT_EQ(f.parameters[2].type.kind, type_kind::edge_property);
  EXPECT_EQ(f.parameters[2].type.element->kind, type_kind::float_);
  EXPECT_EQ(f.parameters[3].type.kind, type_kind::node);
  ASSERT_EQ(f.body.size(), 7u);
  EXPECT_EQ(f.body[2]->kind, statement_kind::call);
  EXPECT_EQ(shape(*f.body[2]->value), "g.attachNodeProperty(dist = INF, changed = False, changed_next = False)");
  const statement& loop = *f.body[6];
  ASSERT_EQ(loop.kind, statement_kind::fixed_point);
  EXPECT_EQ(loop.name, "done");
  EXPECT_EQ(shape(*loop.condition), "(!changed)");
  ASSERT_EQ(loop.body.size(), 3u);
  const statement& outer = *loop.body[0];
  EXPECT_EQ(outer.kind, statement_kind::forall);
  EXPECT_EQ(outer.name, "v");
  EXPECT_EQ(shape(*outer.domain), "g.nodes().filter((changed == True))");
  const statement& relax = *outer.body[0]->body[1];
  ASSERT_EQ(relax.kind, statement_kind::multi_assignment);
  ASSERT_EQ(relax.targets.size(), 2u);
  EXPECT_EQ(shape(*relax.targets[1]), "w.changed_next");
  EXPECT_EQ(shape(*relax.values[0]), "Min(w.dist, (v.dist + e.weight))");
  EXPECT_EQ(loop.body[1]->kind, statement_kind::assignment);
  const line_column at = p.file.position(relax.range.begin);
  EXPECT_EQ(at.line, 15u);
  EXPECT_EQ(at.column, 9u);
  EXPECT_EQ(loop.label, "relax");  // @relax, for schedules
}

TEST(dsl_parser, a_multiple_assignment_written_without_spaces_still_parses) {
  const parsed p("function f(Graph g, node v) { <v.d,v.p>=<Min(v.d,1),2>; }");
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  EXPECT_EQ(test::first_statement(p.tree).kind, statement_kind::multi_assignment);
}

TEST(dsl_parser, betweenness_uses_bfs_levels_forward_and_in_reverse) {
  const parsed p(test::program_file("betweenness.sp"));
  ASSERT_FALSE(p.problems.has_errors()) << p.problems.render_all();
  const function& f = p.tree.functions[0];
  EXPECT_EQ(f.parameters[2].type.kind, type_kind::node_set);
  EXPECT_EQ(f.parameters[2].type.graph, "g");
  const statement& sources = *f.body[1];
  ASSERT_EQ(sources.kind, statement_kind::for_);
  const statement& bfs = *sources.body[4];
  ASSERT_EQ(bfs.kind, statement_kind::bfs);
  EXPECT_EQ(bfs.name, "v");
  EXPECT_EQ(shape(*bfs.domain), "g.nodes()");
  EXPECT_EQ(shape(*bfs.value), "src");
  EXPECT_TRUE(bfs.has_reverse);
  EXPECT_EQ(shape(*bfs.condition), "(v != src)");
  EXPECT_EQ(bfs.body.size(), 1u);
  EXPECT_EQ(bfs.else_body.size(), 2u);
}

TEST(dsl_parser, triangle_counting_and_pagerank_parse_with_their_control_flow) {
  const parsed triangles(test::program_file("triangles.sp"));
  ASSERT_FALSE(triangles.problems.has_errors()) << triangles.problems.render_all();
  EXPECT_EQ(triangles.tree.functions[0].body[2]->kind, statement_kind::return_);

  const parsed pagerank(test::program_file("pagerank.sp"));
  ASSERT_FALSE(pagerank.problems.has_errors()) << pagerank.problems.render_all();
  const statement& loop = *pagerank.tree.functions[0].body[5];
  ASSERT_EQ(loop.kind, statement_kind::do_while);
  EXPECT_EQ(shape(*loop.condition), "((diff > beta) && (iteration < most))");
  EXPECT_EQ(loop.body[3]->kind, statement_kind::step);
  EXPECT_EQ(loop.body[3]->op, "++");
  const statement& branch = *loop.body[1]->body[3];
  ASSERT_EQ(branch.kind, statement_kind::if_);
  EXPECT_EQ(branch.else_body.size(), 1u);
  EXPECT_EQ(branch.body[0]->body[0]->kind, statement_kind::compound);
}

}  // namespace
}  // namespace plexus::dsl
