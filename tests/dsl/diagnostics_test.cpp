// Invalid DSL programs: each one's first diagnostic, exactly (file, line, column, message);
// independent errors in one program are all reported, up to 20; a diagnostic prints its
// source line (the columns around the caret of a long one) with a caret under the place, and
// escapes control bytes; trees deeper than 200 levels are one diagnostic however they grow.
#include "plexus/dsl/diagnostics.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dsl_test_support.hpp"

namespace plexus::dsl {
namespace {

using test::parsed;

// Each program holds one mistake; the expected line is the first diagnostic of `bad.sp`.
const test::invalid_program kInvalid[] = {
    {"function f(Graph g) { int x = 1 }",
     "bad.sp:1:33: error: expected ';' to end the declaration, found '}'"},
    {"function f(Graph g) {\n  int y = x +;\n}",
     "bad.sp:2:14: error: expected an expression, found ';'"},
    {"function f(Graph g) { int forall = 1; }",
     "bad.sp:1:27: error: 'forall' is a reserved word and cannot be used as a name"},
    {"function f(Graph g) { int x = 1 $ 2; }",
     "bad.sp:1:33: error: unexpected character '$'"},
    {"function f(Graph g) { /* never closed }",
     "bad.sp:1:23: error: unterminated comment: '/*' without '*/'"},
    {"function f(Graph g) { int x = 12ab; }",
     "bad.sp:1:31: error: malformed number '12ab'"},
    {"function f(Graph g) { propNode<Graph> p; }",
     "bad.sp:1:32: error: a property holds int, long, float, double, bool, node or edge values, not 'Graph'"},
    {"function f(Graph g) { list l; }",
     "bad.sp:1:23: error: 'list' (a host collection) is not supported"},
    {"Dynamic f(Graph g) { }",
     "bad.sp:1:1: error: 'Dynamic' belongs to dynamic graphs, which are not supported"},
    {"function f(Graph g, node s) {\n  iterateInReverse(v != s) { }\n}",
     "bad.sp:2:3: error: 'iterateInReverse' must follow the block of an 'iterateInBFS'"},
    {"function f(Graph g) { int x = 0; else x = 1; }",
     "bad.sp:1:34: error: 'else' without an 'if'"},
    {"function f(Graph g) { 3 = x; }",
     "bad.sp:1:23: error: cannot assign to this expression: '=' needs a variable, a property or an element"},
    {"function f(Graph g) { int x = 0; x + 1; }",
     "bad.sp:1:39: error: expected '=', an update such as '+=' or '++', or a call, found ';'"},
    {"function f(Graph g) {\n  forall (v g.nodes()) { }\n}",
     "bad.sp:2:13: error: expected 'in' after the iterator, found identifier 'g'"},
    {"function f(Graph g) {\n  bool done = False;\n  fixedPoint (done : True) { }\n}",
     "bad.sp:3:14: error: expected 'until' after 'fixedPoint', found '('"},
    {"function f(Graph g, node v) { <v.d, v.p> = <Min(v.d, 1), 2; }",
     "bad.sp:1:59: error: expected '>' to close the assigned values, found ';'"},
    {"function (Graph g) { }",
     "bad.sp:1:10: error: expected a name for the function, found '('"},
    {"function f(Graph g { }",
     "bad.sp:1:20: error: expected ')' to close the parameters, found '{'"},
    {"function f(Graph g) { long x = 99999999999999999999; }",
     "bad.sp:1:32: error: integer '99999999999999999999' does not fit in 64 bits"},
    {"function f(Graph g) { int x = (1 + 2; }",
     "bad.sp:1:37: error: expected ')' to close the parenthesis, found ';'"},
    {"function f(Graph g) {\n  int x = 1;\n",
     "bad.sp:3:1: error: expected '}' to close the block, found end of file"},
    {"function f(Graph g) { g.nodes()[0](1); }",
     "bad.sp:1:35: error: only functions and methods can be called"},
    {"function f(Graph g) { int x = 1 & 2; }",
     "bad.sp:1:33: error: expected ';' to end the declaration, found '&'"},
    {"function f(Graph g) { int x = 0; do { x++; } while (x < 3) }",
     "bad.sp:1:60: error: expected ';' to end the do-while loop, found '}'"},
    {"int x;",
     "bad.sp:1:1: error: expected 'function', found 'int'"},
    {"function f(Graph g) { forall (v in g.nodes() { } }",
     "bad.sp:1:46: error: expected ')' to close the head of 'forall', found '{'"},
    {"function f(Graph g, node s) {\n  iterateInBFS(v in g.nodes() to s) { }\n}",
     "bad.sp:2:31: error: expected 'from' after the vertices of 'iterateInBFS', found identifier 'to'"},
};

TEST(dsl_diagnostics, every_invalid_program_reports_its_mistake_first_at_its_place) {
  for (const test::invalid_program& bad : kInvalid) {
    const parsed p(bad.text, "bad.sp");
    const std::vector<std::string> lines = p.headlines();
    ASSERT_FALSE(lines.empty()) << bad.text;
    EXPECT_EQ(lines.front(), bad.first_diagnostic) << bad.text;
  }
}

TEST(dsl_diagnostics, three_independent_errors_are_all_reported) {
  const parsed p(R"(function f(Graph g, propNode<int> level) {
  int a = 1
  int b = 2;
  level = ;
  forall (v in g.nodes()) {
    v.level = v.level + ;
  }
  b += 1;
}
)",
                 "three.sp");
  EXPECT_EQ(p.headlines(), (std::vector<std::string>{
                               "three.sp:3:3: error: expected ';' to end the declaration, found 'int'",
                               "three.sp:4:11: error: expected an expression, found ';'",
                               "three.sp:6:25: error: expected an expression, found ';'",
                           }));
  EXPECT_EQ(p.problems.errors(), 3u);
}

TEST(dsl_diagnostics, a_diagnostic_shows_its_line_with_a_caret_under_the_place) {
  const parsed p("function f(Graph g) {\n\tint forall = 1;\n}", "caret.sp");
  ASSERT_EQ(p.problems.all().size(), 1u);
  EXPECT_EQ(p.problems.render(p.problems.all()[0]),
            "caret.sp:2:6: error: 'forall' is a reserved word and cannot be used as a name\n"
            "    \tint forall = 1;\n"
            "    \t    ^~~~~~\n");
}

TEST(dsl_diagnostics, nesting_too_deep_is_refused_without_exhausting_the_stack) {
  const std::string deep = "function f(Graph g) { x = " + std::string(5000, '(') + "1; }";
  const parsed p(deep, "deep.sp");
  ASSERT_TRUE(p.problems.has_errors());
  EXPECT_EQ(p.headlines().front(), "deep.sp:1:226: error: nesting deeper than 200 levels");
}

/// `piece` `count` times.
std::string repeated(const std::string& piece, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += piece;
  return out;
}

TEST(dsl_diagnostics, trees_deeper_than_the_limit_without_braces_or_parentheses_are_one_diagnostic) {
  // Each grows the syntax tree as deep as it is long, which every later stage would walk.
  const std::string deeper_than_200 =
      "an expression deeper than 200 levels (each operator, call or '.' is one): split "
      "it with variables";
  const struct {
    std::string body, first;
  } deep[] = {
      // The 200th operator (a leaf is one level, each operator one more).
      {"int x = " + repeated("1+", 100000) + "1;", "deep.sp:2:408: error: " + deeper_than_200},
      {"int x = " + repeated("k*", 300) + "k;", "deep.sp:2:408: error: " + deeper_than_200},
      {"int x = g" + repeated(".a", 100000) + ";", "deep.sp:2:409: error: " + deeper_than_200},
      {"int x = p" + repeated("[1]", 100000) + ";", "deep.sp:2:9: error: " + deeper_than_200},
      // Past the 200th level of the parser: the statement is the first, a label one more.
      {"int x = " + repeated("- ", 100000) + "k;", "deep.sp:2:407: error: nesting deeper than 200 levels"},
      {"bool b = " + repeated("!", 100000) + "True;", "deep.sp:2:209: error: nesting deeper than 200 levels"},
      {repeated("if (k > 0) ", 100000) + "k = 1;", "deep.sp:2:2194: error: nesting deeper than 200 levels"},
      {repeated("while (k > 0) ", 100000) + "k = 1;",
       "deep.sp:2:2794: error: nesting deeper than 200 levels"},
      {repeated("@a ", 100000) + "k = 1;", "deep.sp:2:601: error: nesting deeper than 200 levels"},
      {repeated("propNode<", 100000) + "int" + repeated(">", 100000) + " p;",
       "deep.sp:2:1792: error: nesting deeper than 200 levels"},
      {"int x = " + repeated("Min(1, ", 100000) + "1" + repeated(")", 100000) + ";",
       "deep.sp:2:1399: error: nesting deeper than 200 levels"},
  };
  for (const auto& d : deep) {
    const parsed p("function f(Graph g, int k) {\n" + d.body + "\n}\n", "deep.sp");
    ASSERT_EQ(p.problems.errors(), 1u) << d.first << "\n" << p.problems.render_all();
    EXPECT_EQ(p.headlines().front(), d.first);
  }
}

TEST(dsl_diagnostics, a_run_stops_after_twenty_errors_and_says_so) {
  std::string body;
  for (int i = 0; i < 30; ++i) body += "  int x" + std::to_string(i) + " = ;\n";
  const parsed p("function f(Graph g) {\n" + body + "}\n", "many.sp");
  EXPECT_EQ(p.problems.errors(), kMaxErrors);
  EXPECT_TRUE(p.problems.stopped());
  const std::string report = p.problems.render_all();
  EXPECT_TRUE(report.ends_with("^\nmany.sp: too many errors; stopping\n")) << report;
  EXPECT_EQ(p.problems.summary(), "many.sp: more than 20 errors");
  const parsed few("function f(Graph g) {\n  int a = ;\n  int b = ;\n}\n", "few.sp");
  EXPECT_FALSE(few.problems.stopped());
  EXPECT_EQ(few.problems.summary(), "few.sp: 2 errors");
}

TEST(dsl_diagnostics, a_long_line_shows_the_columns_around_the_caret) {
  const std::string line = "  k = g.f(" + repeated("k, ", 5000) + "$, " + repeated("k, ", 5000) + "k);";
  const parsed p("function f(Graph g, int k) {\n" + line + "\n}\n", "long.sp");
  ASSERT_FALSE(p.problems.all().empty());
  // 40 bytes before the caret and 60 from it, "..." where the line was cut.
  EXPECT_EQ(p.problems.render(p.problems.all()[0]),
            "long.sp:2:15011: error: unexpected character '$'\n"
            "    ..." +
                repeated(" k,", 13) + " $, " + repeated("k, ", 19) + "...\n" + "       " +
                std::string(40, ' ') + "^\n");
}

TEST(dsl_diagnostics, control_bytes_and_bytes_that_are_not_utf8_are_escaped) {
  const parsed p("function f(Graph g) {\n\tint x = 1;\x01 int y = \xff;\x1b[31m\n}\n", "bytes.sp");
  ASSERT_GE(p.problems.all().size(), 1u);
  EXPECT_EQ(p.problems.render(p.problems.all()[0]),
            "bytes.sp:2:12: error: unexpected byte 0x01\n"
            "    \tint x = 1;\\x01 int y = \\xff;\\x1b[31m\n"
            "    \t          ^~~~\n");
  EXPECT_EQ(p.problems.render_all().find_first_of("\x01\x1b\xff"), std::string::npos)
      << p.problems.render_all();
  const parsed named("function f(Graph g) { int x = $; }", "a\nb\x07.sp");
  EXPECT_EQ(named.headlines().front(), "a\\x0ab\\x07.sp:1:31: error: unexpected character '$'");
}

TEST(dsl_diagnostics, a_long_message_keeps_its_start_and_end) {
  const std::string name(100000, 'a');
  const parsed p("function f(Graph g) {\n  int x = 1 " + name + ";\n}\n", "name.sp");
  ASSERT_FALSE(p.problems.all().empty());
  const std::string& message = p.problems.all()[0].message;
  EXPECT_LE(message.size(), 400u);
  EXPECT_EQ(message.substr(0, 54), "expected ';' to end the declaration, found identifier ");
  EXPECT_EQ(message.substr(message.size() - 4), "aaa'");
  EXPECT_NE(message.find("..."), std::string::npos);
}

}  // namespace
}  // namespace plexus::dsl
