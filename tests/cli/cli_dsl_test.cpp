// `plexus dsl check`: a valid program checks with status 0; a program with several mistakes
// gets every diagnostic on standard error, each with its line and a caret, and status 1, at
// most 20 of them; a missing program, a folder or an empty program is a one-line error naming
// it; several programs check in one command, each reported. `plexus dsl run`: the
// interpreter's BFS levels are `plexus run bfs`'s depths and its triangle count `plexus run
// tc`'s; parameters missing, unknown, malformed, repeated or given for an output are one-line
// errors, a set with a vertex twice too; the report goes to standard error when the values go
// to standard output; a node outside the graph is a one-line error at its place; SSSP's real
// weights give real distances. Programs deeper than the limit are one diagnostic in every
// command, else-if ladders of any length run.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

std::string dsl_program(const char* name) { return std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/" + name; }

TEST(cli_dsl, a_valid_program_checks_with_no_diagnostics) {
  for (const char* name : {"bfs.sp", "sssp.sp", "pagerank.sp", "components.sp", "betweenness.sp", "triangles.sp", "closeness.sp",
                           "kcore.sp"}) {
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

// Several programs check at once, as a compiler takes several files: each gets its
// diagnostics and its line, one in error does not stop the next, and the status is 1 when any
// has an error.
TEST(cli_dsl, several_programs_check_in_one_command) {
  const std::string bfs = dsl_program("bfs.sp"), sssp = dsl_program("sssp.sp");
  const cli_result clean = run_cli("dsl check " + bfs + " " + sssp);
  EXPECT_EQ(clean.status, 0) << clean.err;
  EXPECT_EQ(clean.err, "");
  const std::string both_clean = bfs + ": no errors (1 function)\n" + sssp + ": no errors (1 function)\n";
  EXPECT_EQ(clean.out, both_clean);

  const fs::path broken = scratch("broken.sp");
  std::ofstream(broken) << "function f(Graph g) {\n  int a = 1\n}\n";
  const fs::path missing = scratch("absent.sp");
  const cli_result mixed =
      run_cli("dsl check " + bfs + " " + broken.string() + " " + missing.string() + " " + sssp);
  EXPECT_EQ(mixed.status, 1);
  EXPECT_EQ(mixed.out, both_clean);
  const std::string name = broken.string();
  EXPECT_EQ(mixed.err, name +
                           ":3:1: error: expected ';' to end the declaration, found '}'\n"
                           "    }\n"
                           "    ^\n" +
                           name +
                           ": 1 error\n"
                           "plexus: error: " +
                           missing.string() + ": cannot open the DSL program\n");
}

/// The first two columns of a per-vertex result file, by vertex id ('#' lines skipped).
std::map<std::string, std::string> first_column(const fs::path& path) {
  std::map<std::string, std::string> out;
  std::istringstream text(read_text(path));
  for (std::string line; std::getline(text, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id, value;
    fields >> id >> value;
    out[id] = value;
  }
  return out;
}

// One way to count everywhere: an undirected edge once (bowtie.mtx: 7 edges, 14 stored arcs),
// a directed graph's arcs named as arcs, in dsl run as in run and info.
TEST(cli_dsl, run_counts_edges_as_run_and_info_do) {
  const cli_result undirected =
      run_cli("dsl run " + dsl_program("bfs.sp") + " " + data("bowtie.mtx") + " --arg src=1");
  ASSERT_EQ(undirected.status, 0) << undirected.err;
  EXPECT_EQ(field(undirected.out, "Graph"), "bowtie.mtx (6 vertices, 7 edges)");
  EXPECT_EQ(field(run_cli("run bfs " + data("bowtie.mtx")).out, "Graph"),
            "bowtie.mtx (6 vertices, 7 edges, unweighted)");
  EXPECT_EQ(field(run_cli("info " + data("bowtie.mtx")).out, "edges"), "7");
  const cli_result directed =
      run_cli("dsl run " + dsl_program("bfs.sp") + " " + data("directed.mtx") + " --arg src=1");
  ASSERT_EQ(directed.status, 0) << directed.err;
  EXPECT_EQ(field(directed.out, "Graph"), "directed.mtx (5 vertices, 4 arcs)");
}

TEST(cli_dsl, run_gives_the_levels_of_plexus_run_bfs) {
  const fs::path levels = scratch("dsl_levels.tsv"), depths = scratch("dsl_depths.tsv");
  const cli_result r =
      run_cli("dsl run " + dsl_program("bfs.sp") + " kron:8 --arg src=3 --out " + levels.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(field(r.out, "Engine"), "interpreter (serial reference semantics)");
  ASSERT_EQ(run_cli("run bfs kron:8 -s 3 --out " + depths.string()).status, 0);
  std::map<std::string, std::string> expected = first_column(depths);
  for (auto& [id, depth] : expected)
    if (depth == "-1") depth = "INF";
  EXPECT_EQ(first_column(levels), expected);
}

TEST(cli_dsl, run_returns_the_triangle_count_of_plexus_run_tc) {
  const cli_result dsl = run_cli("dsl run " + dsl_program("triangles.sp") + " kron:8");
  ASSERT_EQ(dsl.status, 0) << dsl.err;
  const cli_result tc = run_cli("run tc kron:8");
  ASSERT_EQ(tc.status, 0) << tc.err;
  EXPECT_EQ(field(dsl.out, "Returned"), field(tc.out, "Triangles"));
}

TEST(cli_dsl, run_parameters_missing_unknown_or_malformed_are_one_line_errors) {
  const std::string levels = "dsl run " + dsl_program("bfs.sp") + " kron:6";
  const struct {
    std::string arguments, message;
  } cases[] = {
      {"", "'levels' needs its parameter 'src': give it with --arg src=..."},
      {" --arg src=1 --arg depth=2", "--arg depth: 'levels' has no such parameter (g, level, src)"},
      {" --arg src=x", "--arg src: 'x' is not a vertex id"},
      {" --arg src", "--arg src: expected NAME=VALUE"},
      {" --arg src=1 --function bfs", "--function bfs: the program has no such function (levels)"},
  };
  for (const auto& c : cases) {
    const cli_result r = run_cli(levels + c.arguments);
    EXPECT_NE(r.status, 0) << c.arguments;
    EXPECT_EQ(occurrences(r.err, "\n"), 1u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.arguments << ": " << r.err;
  }
}

TEST(cli_dsl, run_refuses_repeated_parameters_values_for_outputs_and_sets_with_a_vertex_twice) {
  const std::string levels = "dsl run " + dsl_program("bfs.sp") + " kron:6";
  const std::string betweenness = "dsl run " + dsl_program("betweenness.sp") + " kron:6";
  const struct {
    std::string command, message;
  } cases[] = {
      {levels + " --arg src=1 --arg src=2", "--arg src is given twice; see 'plexus dsl run --help'"},
      {levels + " --arg src=1 --arg level=3",
       "--arg level: 'level' is an output (propNode<int>): the program computes it and --out writes it; see "
       "'plexus dsl run --help'"},
      {levels + " --arg src=1 --arg g=3",
       "--arg g: 'g' is the graph, which the command's GRAPH argument gives"},
      {betweenness + " --arg sources=1",
       "--arg sources: 'sources' is a set (SetN): give it with --set sources=ID,ID,..."},
      {betweenness + " --set sources=1,2,1",
       "--set sources: vertex 1 listed twice; see 'plexus dsl run --help'"},
      {betweenness + " --set sources=1 --set sources=2", "--set sources is given twice"},
  };
  for (const auto& c : cases) {
    const cli_result r = run_cli(c.command);
    EXPECT_EQ(r.status, 2) << c.command;
    expect_one_error_line(r, c.message);
  }
}

TEST(cli_dsl, run_prints_its_report_on_standard_error_when_the_values_go_to_standard_output) {
  const cli_result r = run_cli("dsl run " + dsl_program("bfs.sp") + " kron:6 --arg src=1 --out -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("# vertex\tlevel\n", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("Program:"), std::string::npos) << r.out;
  EXPECT_NE(field(r.err, "Engine"), "") << r.err;
  EXPECT_EQ(occurrences(r.out, "\n"), 65u);  // the header and 64 vertices
}

TEST(cli_dsl, a_folder_or_an_empty_program_is_a_one_line_error) {
  const fs::path empty = scratch("empty.sp"), comments = scratch("comments.sp");
  std::ofstream(empty) << "";
  std::ofstream(comments) << "// nothing here\n  /* nor here */\n\n";
  for (const std::string command : {"check", "compile", "run"}) {
    const std::string graph = command == "run" ? " kron:4" : "";
    const cli_result folder = run_cli("dsl " + command + " " + fs::temp_directory_path().string() + graph);
    EXPECT_EQ(folder.status, 1) << command;
    expect_one_error_line(folder, fs::temp_directory_path().string() + ": is a directory, not a DSL program");
    for (const fs::path& program : {empty, comments}) {
      const cli_result r = run_cli("dsl " + command + " " + program.string() + graph);
      EXPECT_EQ(r.status, 1) << command << " " << program;
      expect_one_error_line(
          r, program.string() + ": the program has no function (it is empty, or only comments)");
    }
  }
}

TEST(cli_dsl, a_node_outside_the_graph_is_a_one_line_error_at_its_place) {
  const fs::path program = scratch("outside.sp");
  std::ofstream(program)
      << "function f(Graph g, propNode<int> p) {\n  node v = g.num_nodes();\n  v.p = 1;\n}\n";
  const fs::path out = scratch("outside.tsv");
  fs::remove(out);
  const cli_result r = run_cli("dsl run " + program.string() + " kron:4 --out " + out.string());
  EXPECT_EQ(r.status, 1);
  expect_one_error_line(
      r, program.string() + ":3:3: node 16 is not a vertex of the graph (16 vertices, ids 0..15)");
  EXPECT_FALSE(fs::exists(out));
}

TEST(cli_dsl, sssp_gives_real_distances_and_int_weights_that_are_not_whole_are_refused) {
  const fs::path graph = scratch("halves.wel"), out = scratch("halves.tsv");
  std::ofstream(graph) << "0 1 0.5\n1 2 0.9\n2 3 0.25\n";
  const cli_result r = run_cli("dsl run " + dsl_program("sssp.sp") + " " + graph.string() +
                               " --arg src=0 --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::map<std::string, std::string> expected{
      {"0", "0"},
      {"1", "0.5"},
      {"2", "1.4"},
      {"3", "1.65"}};  // floats, as the shortest text that reads back to them
  EXPECT_EQ(first_column(out), expected);
  const fs::path as_int = scratch("sssp_int.sp");
  std::string text = read_text(dsl_program("sssp.sp"));
  text.replace(text.find("propEdge<float>"), 15, "propEdge<int>");
  std::ofstream(as_int) << text;
  const cli_result refused = run_cli("dsl run " + as_int.string() + " " + graph.string() + " --arg src=0");
  EXPECT_EQ(refused.status, 1);
  expect_one_error_line(
      refused,
      "the edge property 'weight' is propEdge<int>, but the arc 0 -> 1 weighs 0.5, which is "
      "not an int: declare the property float");
}

/// `piece` `count` times.
std::string repeated(const std::string& piece, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += piece;
  return out;
}

TEST(cli_dsl, deep_programs_are_one_diagnostic_and_long_ladders_run_in_every_command) {
  const fs::path deep = scratch("deep.sp"), ladder = scratch("ladder.sp");
  std::ofstream(deep) << "function f(Graph g, int k) {\n  int x = " << repeated("k+", 50000)
                      << "k;\n  return x;\n}\n";
  std::string arms = "  if (k == 0) { x = 0; }";
  for (int i = 1; i < 5000; ++i)
    arms += " else if (k == " + std::to_string(i) + ") { x = " + std::to_string(i) + "; }";
  std::ofstream(ladder) << "function f(Graph g, int k) {\n  int x = -1;\n" << arms << "\n  return x;\n}\n";
  for (const std::string command : {"check", "compile", "run"}) {
    const std::string tail = command == "run" ? " kron:4 --arg k=4321" : "";
    const cli_result r = run_cli("dsl " + command + " " + deep.string() + tail);
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.err.rfind(deep.string() + ":2:410: error: an expression deeper than 200 levels", 0), 0u)
        << r.err;
    EXPECT_TRUE(r.err.ends_with("\n" + deep.string() + ": 1 error\n")) << r.err;
    EXPECT_EQ(occurrences(r.err, "\n"), 4u) << r.err;
    const cli_result ok = run_cli("dsl " + command + " " + ladder.string() + tail);
    EXPECT_EQ(ok.status, 0) << command << ": " << ok.err.substr(0, 500);
    if (command == "run") {
      EXPECT_EQ(field(ok.out, "Returned"), "4321");
    }
  }
}

TEST(cli_dsl, diagnostics_stop_after_twenty_and_escape_control_bytes) {
  const fs::path many = scratch("many.sp");
  std::ofstream(many) << "function f(Graph g) {\n" << repeated("  int x = \x01;\n", 30) << "}\n";
  const cli_result r = run_cli("dsl check " + many.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(occurrences(r.err, ": error: "), 20u) << r.err;
  EXPECT_TRUE(r.err.ends_with(many.string() + ": too many errors; stopping\n" + many.string() +
                              ": more than 20 errors\n"))
      << r.err;
  EXPECT_EQ(r.err.find('\x01'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\n      int x = \\x01;\n"), std::string::npos) << r.err;
}

}  // namespace
