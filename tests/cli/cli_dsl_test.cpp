// `plexus dsl check`: a valid program checks with status 0; a program with several mistakes
// gets every diagnostic on standard error, each with its line and a caret, and status 1; a
// missing program is a one-line error naming it.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

std::string dsl_program(const char* name) { return std::string(PLEXUS_TEST_DATA_DIR) + "/dsl/" + name; }

TEST(cli_dsl, a_valid_program_checks_with_no_diagnostics) {
  for (const char* name : {"shortest_paths.sp", "betweenness.sp", "triangles.sp", "pagerank.sp"}) {
    const cli_result r = run_cli("dsl check " + dsl_program(name));
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(r.err, "") << name;
    EXPECT_NE(r.out.find(": no errors (1 function)"), std::string::npos) << r.out;
  }
}

TEST(cli_dsl, every_error_of_a_program_is_reported_with_its_line_and_a_caret) {
  const fs::path program = scratch("three.sp");
  std::ofstream(program) << "function f(Graph g) {\n  int a = 1\n  int b = ;\n  b = (2;\n}\n";
  const cli_result r = run_cli("dsl check " + program.string());
  EXPECT_EQ(r.status, 1);
  const std::string name = program.string();
  EXPECT_EQ(r.err, name + ":3:3: error: expected ';' to end the declaration, found 'int'\n"
                          "      int b = ;\n"
                          "      ^~~\n" +
                       name + ":3:11: error: expected an expression, found ';'\n"
                              "      int b = ;\n"
                              "              ^\n" +
                       name + ":4:9: error: expected ')' to close the parenthesis, found ';'\n"
                              "      b = (2;\n"
                              "            ^\n" +
                       name + ": 3 errors\n");
  EXPECT_EQ(r.out, "");
}

TEST(cli_dsl, the_checks_run_once_the_program_parses) {
  const fs::path program = scratch("race.sp");
  std::ofstream(program) << "function f(Graph g, propNode<int> level) {\n  int last = 0;\n"
                            "  forall (v in g.nodes()) {\n    last = v.level;\n  }\n}\n";
  const cli_result r = run_cli("dsl check " + program.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.find(program.string() + ":4:5: error: 'last' is shared by the iterations of the parallel loop"), 0u)
      << r.err;
}

TEST(cli_dsl, a_missing_program_is_a_one_line_error_naming_it) {
  const cli_result r = run_cli("dsl check /nonexistent/prog.sp");
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(occurrences(r.err, "\n"), 1u) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/prog.sp"), std::string::npos) << r.err;
}

}  // namespace
