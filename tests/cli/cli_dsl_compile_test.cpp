// `plexus dsl compile`: the header of a program (its function template over the execution
// space), or its IR with --emit ir; a program with errors or an output that cannot be written
// writes nothing. `plexus dsl run --device host`: the program compiled, built once into the
// cache and run, gives the interpreter's output; a graph without the weights a program reads,
// and a back end this machine lacks, are one-line errors; a compiled program that fails says
// why: a node outside the graph, in host code or in any kernel, as the interpreter says it at
// its place, else the signal that ended it.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "plexus/backends/backend.hpp"

namespace {

using namespace plexus_cli_test;

std::string dsl_program(const char* name) { return std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/" + name; }

/// The data lines of an --out file, split into fields.
std::vector<std::vector<std::string>> rows(const fs::path& path) {
  std::vector<std::vector<std::string>> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::vector<std::string> row;
    for (std::string f; fields >> f;) row.push_back(f);
    out.push_back(row);
  }
  return out;
}

TEST(cli_dsl_compile, the_header_holds_the_function_template_and_the_ir_its_structure) {
  const fs::path header = scratch("sssp.hpp");
  const cli_result r = run_cli("dsl compile " + dsl_program("sssp.sp") + " -o " + header.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_text(header);
  EXPECT_NE(text.find("template <class Space>\nvoid shortest_paths(const Space& space"), std::string::npos) << text;
  EXPECT_NE(text.find("#include \"plexus/dsl/runtime/runtime.hpp\""), std::string::npos);
  const cli_result ir = run_cli("dsl compile " + dsl_program("sssp.sp") + " --emit ir");
  ASSERT_EQ(ir.status, 0) << ir.err;
  EXPECT_NE(ir.out.find("frontier_loop changed next changed_next flag done"), std::string::npos) << ir.out;
}

TEST(cli_dsl_compile, a_program_with_errors_or_an_unwritable_output_writes_nothing) {
  const fs::path broken = scratch("broken.sp"), header = scratch("broken.hpp");
  std::ofstream(broken) << "function f(Graph g) {\n  int a = ;\n}\n";
  fs::remove(header);
  const cli_result r = run_cli("dsl compile " + broken.string() + " -o " + header.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(header));
  const std::string missing = scratch("no/such/folder/x.hpp").string();
  const cli_result w = run_cli("dsl compile " + dsl_program("bfs.sp") + " -o " + missing);
  EXPECT_NE(w.status, 0);
  EXPECT_EQ(occurrences(w.err, "\n"), 1u) << w.err;
  EXPECT_FALSE(fs::exists(missing));
}

TEST(cli_dsl_compile, a_program_compiled_for_the_host_gives_the_interpreters_output) {
  const std::string cache = "PLEXUS_CACHE_DIR=" + scratch("dsl-cache").string() + " ";
  const fs::path reference = scratch("levels-interpreter.tsv"), compiled = scratch("levels-host.tsv");
  const std::string run = "dsl run " + dsl_program("bfs.sp") + " kron:10 --arg src=3 --out ";
  ASSERT_EQ(run_cli(run + reference.string()).status, 0);
  const cli_result first = run_command(cache + PLEXUS_CLI_PATH + " " + run + compiled.string() + " --device host");
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_NE(field(first.out, "Engine").find("compiled for host (built in"), std::string::npos) << first.out;
  EXPECT_EQ(rows(compiled), rows(reference));
  const cli_result second = run_command(cache + PLEXUS_CLI_PATH + " " + run + compiled.string() + " --device host");
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_NE(field(second.out, "Engine").find("compiled for host (from "), std::string::npos) << second.out;
  EXPECT_EQ(rows(compiled), rows(reference));

  const cli_result tc = run_command(cache + PLEXUS_CLI_PATH + " dsl run " + dsl_program("triangles.sp") +
                                    " kron:10 --device host");
  ASSERT_EQ(tc.status, 0) << tc.err;
  EXPECT_EQ(field(tc.out, "Returned"), field(run_cli("dsl run " + dsl_program("triangles.sp") + " kron:10").out, "Returned"));
}

TEST(cli_dsl_compile, missing_weights_and_missing_devices_are_one_line_errors) {
  const fs::path out = scratch("never.tsv");
  fs::remove(out);
  const cli_result r = run_cli("dsl run " + dsl_program("sssp.sp") + " kron:8 --arg src=0 --out " + out.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'shortest_paths' reads the edge property 'weight', but kron-8-16 has no weights"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(occurrences(r.err, "\n"), 1u) << r.err;
  EXPECT_FALSE(fs::exists(out));
  if (!plexus::backend_available(plexus::backend::cuda)) {
    const cli_result cuda = run_cli("dsl run " + dsl_program("bfs.sp") + " kron:8 --arg src=0 --device cuda");
    EXPECT_NE(cuda.status, 0);
    EXPECT_EQ(occurrences(cuda.err, "\n"), 1u) << cuda.err;
    EXPECT_NE(cuda.err.find("cuda"), std::string::npos) << cuda.err;
  }
}

}  // namespace

namespace {

TEST(cli_dsl_compile, a_compiled_program_that_fails_says_why) {
  const std::string cache = "PLEXUS_CACHE_DIR=" + scratch("dsl-cache").string() + " ";
  const fs::path program = scratch("fails.sp");
  std::ofstream(program) << "function f(Graph g, propNode<int> p, int k, int d) {\n"
                            "  node s = g.num_nodes();\n"
                            "  if (k == 0) {\n"
                            "    iterateInBFS (v in g.nodes() from s) { v.p = 1; }\n"
                            "  }\n"
                            "  return 5 / d;\n"
                            "}\n";
  const std::string run = cache + PLEXUS_CLI_PATH + " dsl run " + program.string() + " kron:4 --device host";
  // The program's own error reads as the interpreter's.
  const cli_result outside = run_command(run + " --arg k=0 --arg d=1");
  EXPECT_EQ(outside.status, 1);
  EXPECT_EQ(outside.err, "plexus: error: " + program.string() +
                             ":4:39: node 16 is not a vertex of the graph (16 vertices, ids 0..15)\n");
  EXPECT_EQ(outside.err, run_cli("dsl run " + program.string() + " kron:4 --arg k=0 --arg d=1").err);
  // An integer division by 0 ends a C++ program with SIGFPE (the interpreter refuses it).
  const cli_result killed = run_command(run + " --arg k=1 --arg d=0");
  EXPECT_EQ(killed.status, 1);
  expect_one_error_line(killed, "the compiled program failed: it was killed by signal 8");
}

TEST(cli_dsl_compile, compiled_kernels_refuse_a_node_outside_the_graph_as_the_interpreter_does) {
  // One kernel of each kind per k (tests/data/dsl/outside_the_graph.sp), built once.
  const std::string cache = "PLEXUS_CACHE_DIR=" + scratch("dsl-cache").string() + " ";
  const std::string program = std::string(PLEXUS_TEST_DATA_DIR) + "/dsl/outside_the_graph.sp";
  const std::string run = "dsl run " + program + " kron:6 --arg src=1 ";
  for (const int k : {1, 2, 3, 6, 7, 8, 9}) {
    const std::string args = "--arg k=" + std::to_string(k);
    const cli_result interpreted = run_cli(run + args);
    const cli_result compiled = run_command(cache + PLEXUS_CLI_PATH + " " + run + args + " --device host");
    EXPECT_EQ(compiled.status, 1) << "k = " << k;
    expect_one_error_line(compiled, " is not a vertex of the graph (64 vertices, ids 0..63)");
    EXPECT_EQ(compiled.err, interpreted.err) << "k = " << k;
  }
  const fs::path reference = scratch("outside-interpreter.tsv"), host = scratch("outside-host.tsv");
  ASSERT_EQ(run_cli(run + "--arg k=0 --out " + reference.string()).status, 0);
  const cli_result clean =
      run_command(cache + PLEXUS_CLI_PATH + " " + run + "--arg k=0 --device host --out " + host.string());
  ASSERT_EQ(clean.status, 0) << clean.err;
  EXPECT_EQ(rows(host), rows(reference));
}

TEST(cli_dsl_compile, a_schedule_picks_a_frontier_loops_balancer_and_bad_schedules_are_refused) {
  const std::string sssp = dsl_program("sssp.sp");
  const cli_result r = run_cli("dsl compile " + sssp + " --schedule relax:balance=edge_balanced");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("}, ::plexus::load_balance::edge_balanced);"), std::string::npos) << r.out;
  EXPECT_EQ(run_cli("dsl compile " + sssp).out.find("::plexus::load_balance::"), std::string::npos);
  const std::pair<const char*, const char*> refused[] = {
      {" --schedule nowhere:balance=edge_balanced", "--schedule names '@nowhere', which no statement of the program carries"},
      {" --schedule relax:balance=sideways", "unknown load balance 'sideways'"},
      {" --schedule relax:speed=11", "unknown key 'speed': balance, direction or frontier"},
      {" --schedule relax:direction=pull", "direction=pull needs a loop whose edge map offers every neighbour"},
      {" --schedule relax:direction=sideways", "unknown direction 'sideways'"},
      {" --schedule relax", "expected LABEL:KEY=VALUE,..."},
  };
  for (const auto& [schedule, message] : refused) {
    const cli_result bad = run_cli("dsl compile " + sssp + schedule);
    EXPECT_EQ(bad.status, 2) << schedule;
    EXPECT_NE(bad.err.find(message), std::string::npos) << schedule << ": " << bad.err;
    EXPECT_EQ(occurrences(bad.err, "\n"), 1u) << bad.err;
  }
  const cli_result interpreted =
      run_cli("dsl run " + sssp + " kron:8 --random-weights --arg src=0 --schedule relax:balance=edge_balanced");
  EXPECT_EQ(interpreted.status, 2);
  EXPECT_NE(interpreted.err.find("--schedule applies to compiled runs"), std::string::npos) << interpreted.err;
}

TEST(cli_dsl_compile, a_schedule_sets_the_direction_of_a_loop_that_may_pull) {
  const std::string bfs = dsl_program("bfs.sp");
  const cli_result automatic = run_cli("dsl compile " + bfs);
  ASSERT_EQ(automatic.status, 0) << automatic.err;
  EXPECT_NE(automatic.out.find("plx_frontier.should_pull(space, plx_out)"), std::string::npos) << automatic.out;
  const cli_result push = run_cli("dsl compile " + bfs + " --schedule expand:direction=push");
  ASSERT_EQ(push.status, 0) << push.err;
  EXPECT_EQ(push.out.find("plx_frontier.pull("), std::string::npos) << push.out;
  const cli_result pull = run_cli("dsl compile " + bfs + " --schedule expand:direction=pull");
  ASSERT_EQ(pull.status, 0) << pull.err;
  EXPECT_NE(pull.out.find("plx_frontier.pull("), std::string::npos) << pull.out;
  EXPECT_EQ(pull.out.find("should_pull"), std::string::npos) << pull.out;
}

}  // namespace
