// What the command line says when it refuses: one "plexus: error:" line in the user's words,
// naming the option typed and what it must be, never the parser's type names, C++ names,
// function names or arc indices; and a device that is absent or left out of the build named
// with what to do instead.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// What a user-facing message must not contain: the option parser's type names and internals,
/// C++ or function names (snake_case words other than the --balance choices the user types),
/// arc indices.
const std::regex kInternals(
    "\\b(INT|UINT|FLOAT|TEXT|NUMBER|BOOLEAN)\\b|Could not convert|not in range|0\\.000000|179769313|FAILED"
    "|::|std|csr|CSR|\\(\\)|\\barc \\d|\\b[a-z]+_[a-z_]+\\b");
const std::regex kAllowed("thread_mapped|warp_mapped|block_mapped|degree_bucketed|edge_balanced");

/// The message of `r`'s error line, with `remove` (paths the test made) taken out.
std::string message_of(const cli_result& r, const std::vector<std::string>& remove) {
  std::string text = r.err;
  for (const std::string& part : remove)
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part))
      text.erase(at, part.size());
  return std::regex_replace(text, kAllowed, "");
}

// Item 19: a broad set of bad invocations, each refused in one line that leaks no internals;
// option values are refused as "--option must be ... (got VALUE)".
TEST(cli_messages, bad_invocations_speak_of_options_not_internals) {
  const fs::path dir = scratch("messages");
  fs::create_directories(dir);
  const std::string directed = data("directed.mtx"), graph = data("cycle4.mtx"), hyper = data("tiny.hgr");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"bench --trials 0", "--trials must be an integer from 1 to 100000 (got 0)"},
      {"bench --trials abc", "--trials must be an integer from 1 to 100000 (got abc)"},
      {"bench --trials 1.5", "--trials must be an integer from 1 to 100000 (got 1.5)"},
      {"bench --kron 40", "--kron must be an integer from 1 to 31 (got 40)"},
      {"bench --device cudaa", "--device must be one of host, cuda, hip (got cudaa)"},
      {"bench --sources 0", "--sources must be a positive integer (got 0)"},
      {"bench --sources-from some", "--sources-from must be one of largest, all (got some)"},
      {"bench --algorithm dfs", "--algorithm must be one of"},
      {"bench --seed x", "--seed must be a non-negative integer (got x)"},
      {"bench --edge-factor 0", "--edge-factor must be a positive integer (got 0)"},
      {"run bfs kron:6 --source", "--source needs a value (a non-negative integer)"},
      {"run bfs kron:6 -s abc", "--source must be a non-negative integer (got abc)"},
      {"run bfs kron:6 -s 99999", "source 99999 is not a vertex"},
      {"run bfs kron:6 --alpha 0", "--alpha must be a positive number (got 0)"},
      {"run bfs kron:6 --beta -1", "--beta must be a positive number (got -1)"},
      {"run bfs kron:6 --direction sideways", "--direction must be one of auto, push, pull (got sideways)"},
      {"run bfs kron:6 --balance sideways", "sideways"},
      {"run bfs kron:6 --order sideways", "--order must be one of input, degree (got sideways)"},
      {"run bfs kron:0", "kron:0"},
      {"run cc kron:6 --rounds -1", "--rounds must be a non-negative integer (got -1)"},
      {"run cc kron:6 --samples 0", "--samples must be a positive integer (got 0)"},
      {"run pagerank kron:6 --damping 2", "damping"},
      {"run pagerank kron:6 --tolerance -1", "--tolerance must be a non-negative number (got -1)"},
      {"run pagerank kron:6 --max-iter -1", "--max-iter must be a non-negative integer (got -1)"},
      {"run pagerank kron:6 --variant x", "--variant"},
      {"run pagerank kron:6 --gather x", "--gather must be one of auto, clustered, vertex (got x)"},
      {"run lp kron:6 --variant x", "--variant"},
      {"run lp kron:6 --tolerance 2", "--tolerance must be a number from 0 to 1 (got 2)"},
      {"run hyper-lp " + hyper + " --tolerance 2", "--tolerance must be a number from 0 to 1 (got 2)"},
      {"run hyper-bfs " + hyper + " -s 99999", "source 99999 is not a vertex"},
      {"run tc " + directed, "undirected"},
      {"run kcore " + directed, "undirected"},
      {"run jaccard " + directed, "undirected"},
      {"run jaccard kron:6 --top-k 0", "--top-k must be a positive integer (got 0)"},
      {"run jaccard kron:6 --mode x", "--mode must be one of hybrid, merge, binary (got x)"},
      {"run bc kron:6 -k 0", "-k must be a positive integer (got 0)"},
      {"run bc kron:6 --sources 99999", "source 99999 is not a vertex"},
      {"run sssp kron:6 --delta -1", "--delta must be a non-negative number (got -1)"},
      {"run sssp kron:6 --pull-fraction 2", "--pull-fraction must be a number from 0 to 1 (got 2)"},
      {"run dfs", "unknown algorithm 'dfs'"},
      {"run", "name an algorithm"},
      {"frobnicate", "unknown command 'frobnicate': the commands are "},
      {"info", "INPUT"},
      {"info " + graph + " --format nonsense", "nonsense"},
      {"generate kron --scale 0", "--scale must be an integer from 1 to 31 (got 0)"},
      {"generate uniform --vertices 0", "--vertices must be an integer from 1 to "},
      {"generate hypergraph --min-size 0", "the smallest hyperedge size must be at least 1"},
      {"generate hypergraph --vertex-skew -1", "the vertex skew must be finite and non-negative"},
      {"run bfs kron:6 extra", "unexpected argument 'extra'"},
      {"run bfs kron:6 --json --out -", "--json and --out - both write to standard output"},
      {"run bfs " + (dir / "absent.mtx").string(), "absent.mtx"},
      {"run bfs " + hyper, "a hypergraph"},
  };
  for (const auto& [arguments, expected] : cases) {
    SCOPED_TRACE(arguments);
    const cli_result r = run_cli(arguments);
    expect_one_error_line(r, expected);
    const std::string message = message_of(r, {dir.string(), data(""), hypergraph_data("")});
    std::smatch leak;
    EXPECT_FALSE(std::regex_search(message, leak, kInternals)) << "'" << leak.str() << "' in " << r.err;
  }
}

// A source that is not a vertex is refused with the ids that are: a Matrix Market file counts
// from 1, so a user who typed -s 0 learns that the file's own ids are used and which they are.
TEST(cli_messages, a_source_outside_the_graph_names_the_ids_that_are_sources) {
  const fs::path sparse = scratch("sparse_ids.el");
  {
    std::ofstream out(sparse);
    out << "100 200\n200 300\n";
  }
  const fs::path program = scratch("node_parameter.sp");
  {
    std::ofstream out(program);
    out << "function f(Graph g, node src) { }\n";
  }
  const std::string mtx = data("cycle4.mtx"), hyper = hypergraph_data("hyperedges-sparse_ids.txt");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run bfs " + mtx + " -s 0",
       "cycle4.mtx: source 0 is not a vertex of the graph: sources are the file's own ids (1..6 here); "
       "see 'plexus run bfs --help'"},
      {"run sssp " + mtx + " -s 7 --order degree",
       "cycle4.mtx: source 7 is not a vertex of the graph: sources are the file's own ids (1..6 here)"},
      {"run bfs " + sparse.string() + " -s 0",
       "sparse_ids.el: source 0 is not a vertex of the graph: sources are the file's ids from 100 to 300 (3 "
       "vertices)"},
      {"run bc " + sparse.string() + " --sources 100,150",
       "sparse_ids.el: source 150 is not a vertex of the graph: sources are the file's ids from 100 to 300"},
      {"run bfs kron:6 -s 64",
       "kron-6-16: source 64 is not a vertex of the graph: sources are the graph's own ids "
       "(0..63 here)"},
      {"run hyper-bfs " + hyper + " -s 0",
       "hyperedges-sparse_ids.txt: source 0 is not a vertex of the hypergraph: sources are the file's ids "
       "from 1 "
       "to 300000000 (4 vertices)"},
      {"dsl run " + program.string() + " " + mtx + " --arg src=0",
       "cycle4.mtx: --arg src: 0 is not a vertex of the graph: vertices are the file's own ids (1..6 here)"},
  };
  for (const auto& [arguments, expected] : cases) {
    SCOPED_TRACE(arguments);
    const cli_result r = run_cli(arguments);
    EXPECT_EQ(r.status, 2) << r.err;
    expect_one_error_line(r, expected);
  }
}

// Item 15 (device part): a back end without its device, or left out of the build, is refused
// in one line naming it and what to do, exit status 1 (the machine, not the command line).
TEST(cli_messages, an_absent_device_is_one_line_saying_what_to_do) {
  for (const std::string device : {"cuda", "hip"}) {
    SCOPED_TRACE(device);
    const cli_result r = run_cli("run bfs kron:6 --device " + device);
    if (r.status == 0) GTEST_SKIP() << "a " << device << " device is present";
    EXPECT_EQ(r.status, 1) << r.err;
    expect_one_error_line(r, "--device " + device + ": ");
    EXPECT_NE(r.err.find("use --device host"), std::string::npos) << r.err;
    const std::string upper = device == "cuda" ? "CUDA" : "HIP";
    const bool absent = r.err.find("no " + upper + " device is present") != std::string::npos;
    const bool left_out = r.err.find("leaves out the " + upper + " back end; rebuild with -DPLEXUS_ENABLE_" +
                                     upper + "=ON") != std::string::npos;
    EXPECT_TRUE(absent || left_out) << r.err;
  }
}

// A bench over several back ends runs those that can run here and skips each other one with a
// line saying why (in the JSON too); with none that can run, it fails in one line giving each
// reason, before any work.
TEST(cli_messages, bench_skips_a_back_end_that_cannot_run_and_says_why) {
  for (const std::string device : {"cuda", "hip"}) {
    SCOPED_TRACE(device);
    const std::string upper = device == "cuda" ? "CUDA" : "HIP";
    const std::string reason =
        "(not built \\(rebuild with -DPLEXUS_ENABLE_" + upper + "=ON\\)|no " + upper + " device found)";
    const fs::path json = scratch("bench_devices_" + device + ".json");
    const cli_result mixed = run_cli("bench --algorithm bfs --kron 6 --trials 1 --device host," + device +
                                     " --json " + json.string());
    if (mixed.out.find(device + ": skipped: ") == std::string::npos)
      GTEST_SKIP() << "a " << device << " device is present";
    EXPECT_EQ(mixed.status, 0) << mixed.err;
    EXPECT_TRUE(mixed.err.empty()) << mixed.err;
    EXPECT_TRUE(std::regex_search(mixed.out, std::regex("(^|\n)" + device + ": skipped: " + reason + "\n")))
        << mixed.out;
    EXPECT_EQ(occurrences(mixed.out, "skipped"), 1u) << mixed.out;
    EXPECT_EQ(field(mixed.out, "Device").rfind("host (", 0), 0u) << mixed.out;  // the host ran alone
    EXPECT_NE(mixed.out.find("GTEPS:"), std::string::npos) << mixed.out;
    const std::string document = read_text(json);
    EXPECT_NE(document.find("\"skipped\""), std::string::npos) << document;
    EXPECT_NE(document.find("\"backend\": \"" + device + "\""), std::string::npos) << document;

    const cli_result alone = run_cli("bench --algorithm bfs --kron 6 --trials 1 --device " + device);
    EXPECT_EQ(alone.status, 1) << alone.err;
    EXPECT_TRUE(alone.out.empty()) << alone.out;
    expect_one_error_line(alone, "--device " + device + ": no back end named can run here: " + device + ": ");
    EXPECT_NE(alone.err.find("use --device host"), std::string::npos) << alone.err;
  }
  const cli_result both = run_cli("bench --algorithm bfs --kron 6 --trials 1 --device cuda,hip");
  if (both.status == 0) return;  // one of them runs here
  EXPECT_EQ(both.status, 1) << both.err;
  expect_one_error_line(both, "--device cuda,hip: no back end named can run here: cuda: ");
  EXPECT_NE(both.err.find(", hip: "), std::string::npos) << both.err;
}

}  // namespace
