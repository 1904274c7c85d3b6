// How `plexus run` and `plexus bench` treat every registered algorithm, run as separate
// processes: each has its own help, bad options are one-line errors, --order degree writes
// the same files, options that change the work validate, every algorithm validates on a
// generated graph and benches with JSON (the default job's lines: cli_default_job_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

// `plexus run --help` lists the registered algorithms; each has its own help with the common
// options and its own.
TEST(cli_algorithms, every_registered_algorithm_has_its_own_help) {
  const cli_result help = run_cli("run --help");
  ASSERT_EQ(help.status, 0) << help.err;
  const std::vector<std::string> algorithms = subcommands(help.out);
  for (const char* expected :
       {"bfs", "sssp", "cc", "pagerank", "lp", "tc", "jaccard", "bc", "hyper-lp", "hyper-bfs", "hyper-cc"})
    EXPECT_NE(std::find(algorithms.begin(), algorithms.end(), expected), algorithms.end()) << expected;
  for (const std::string& algorithm : algorithms) {
    const cli_result r = run_cli("run " + algorithm + " --help");
    EXPECT_EQ(r.status, 0) << algorithm << ": " << r.err;
    for (const char* option : {"Usage: plexus run ", "--device", "--validate", "--out", "--format"})
      EXPECT_NE(r.out.find(option), std::string::npos) << algorithm << ": " << option;
  }
}

TEST(cli_algorithms, run_names_the_algorithm_first) {
  expect_one_error_line(run_cli("run"), "name an algorithm first: bfs, sssp");
  expect_one_error_line(run_cli("run nosuch kron:6"), "unknown algorithm 'nosuch'; the algorithms are bfs");
  expect_one_error_line(run_cli("run --validate bfs kron:6"),
                        "options follow the algorithm: plexus run bfs [GRAPH] --validate");
  expect_one_error_line(run_cli("run bfs kron:6 extra"), "bfs: unexpected argument 'extra'");
  expect_one_error_line(run_cli("run bfs kron:6 --nonsense"), "bfs: unknown option --nonsense");
}

TEST(cli_algorithms, bad_options_are_one_line_errors) {
  expect_one_error_line(run_cli("run cc kron:6 --damping 0.5"), "--damping does not apply to cc");
  expect_one_error_line(run_cli("run pagerank kron:6 --variant cdlp"), "--variant cdlp");
  expect_one_error_line(run_cli("run lp kron:6 --variant graphalytics"), "--variant graphalytics");
  expect_one_error_line(run_cli("run pagerank kron:6 --damping 1.5"), "damping");
  expect_one_error_line(run_cli("run bfs kron:6 --top-k 3"), "--top-k does not apply to bfs");
  expect_one_error_line(run_cli("run tc " + data("directed.mtx") + " --directed"), "directed");
  EXPECT_NE(run_cli("run bc kron:6 -k 3 --sources 1").status, 0);
  EXPECT_NE(run_cli("run jaccard kron:6 --mode sideways").status, 0);
  expect_one_error_line(run_cli("run cc kron:6 --gather vertex"), "--gather does not apply to cc");
  expect_one_error_line(run_cli("run pagerank kron:6 --rounds 1"), "--rounds does not apply to pagerank");
  EXPECT_NE(run_cli("run pagerank kron:6 --gather sideways").status, 0);
  EXPECT_NE(run_cli("run cc kron:6 --samples 0").status, 0);
  expect_one_error_line(run_cli("run sssp kron:6 --alpha 20"), "--alpha does not apply to sssp");
  EXPECT_NE(run_cli("run bfs kron:6 --beta 0").status, 0);
  const cli_result bfs = run_cli("run bfs kron:10:8 --alpha 80 --beta 30 --validate");
  EXPECT_NE(bfs.out.find("Verification: PASS"), std::string::npos) << bfs.out << bfs.err;
  expect_one_error_line(run_cli("run bfs kron:6 --pull-fraction 0.2"),
                        "--pull-fraction does not apply to bfs");
  EXPECT_NE(run_cli("run sssp kron:6 --pull-fraction 1.5").status, 0);
  for (const char* fraction : {"0", "0.3", "1"}) {
    const cli_result sssp =
        run_cli(std::string("run sssp kron:10:8 --random-weights --validate --pull-fraction ") + fraction);
    EXPECT_NE(sssp.out.find("Verification: PASS"), std::string::npos) << fraction << sssp.out << sssp.err;
  }
}

// --order degree renumbers vertices inside; files still list them in the input's id order,
// with the same depths, distances, components (labelled by their smallest id) and counts.
TEST(cli_algorithms, degree_order_writes_the_same_files) {
  for (const char* algorithm : {"bfs", "sssp", "cc", "tc"}) {
    const fs::path input = scratch(std::string("input_") + algorithm),
                   degree = scratch(std::string("degree_") + algorithm);
    const std::string run = std::string("run ") + algorithm + " kron:11:8 --validate --out ";
    const cli_result a = run_cli(run + "'" + input.string() + "'");
    const cli_result b = run_cli(run + "'" + degree.string() + "' --order degree");
    ASSERT_EQ(a.status, 0) << a.out << a.err;
    ASSERT_EQ(b.status, 0) << b.out << b.err;
    EXPECT_EQ(field(b.out, "Vertex Order"), "degree");
    EXPECT_EQ(field(a.out, "Source"), field(b.out, "Source")) << algorithm;
    // Parents may differ between equally short paths: compare vertex and value only.
    std::istringstream x(result_rows(input)), y(result_rows(degree));
    std::string line_x, line_y;
    std::size_t lines = 0;
    while (std::getline(x, line_x)) {
      ASSERT_TRUE(std::getline(y, line_y)) << algorithm << " line " << lines;
      const auto key = [](const std::string& line) {
        return line.substr(0, line.find('\t', line.find('\t') + 1));
      };
      ASSERT_EQ(key(line_x), key(line_y)) << algorithm << " line " << lines;
      ++lines;
    }
    EXPECT_FALSE(std::getline(y, line_y)) << algorithm;
    EXPECT_EQ(lines, 2048u) << algorithm;
  }
}

// The Afforest settings and the PageRank gather layout change the work, never the result.
TEST(cli_algorithms, cc_rounds_and_pagerank_gather_options_validate) {
  for (const char* rounds : {"0", "1", "3"}) {
    const cli_result r =
        run_cli(std::string("run cc kron:10:8 --rounds ") + rounds + " --samples 64 --validate");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << rounds << r.out;
  }
  const cli_result vertex = run_cli("run pagerank kron:10:8 --gather vertex --validate");
  EXPECT_NE(vertex.out.find("Verification: PASS"), std::string::npos) << vertex.out << vertex.err;
  EXPECT_EQ(vertex.out.find("Layout Time:"), std::string::npos) << vertex.out;
  const cli_result clustered = run_cli("run pagerank kron:10:8 --validate");
  EXPECT_NE(clustered.out.find("Layout Time:"), std::string::npos) << clustered.out;
  // In degree order the vertex order is the hub layout already: the automatic choice skips it.
  const cli_result ordered = run_cli("run pagerank kron:10:8 --order degree --validate");
  EXPECT_NE(ordered.out.find("Verification: PASS"), std::string::npos) << ordered.out << ordered.err;
  EXPECT_EQ(ordered.out.find("Layout Time:"), std::string::npos) << ordered.out;
  const cli_result forced = run_cli("run pagerank kron:10:8 --order degree --gather clustered --validate");
  EXPECT_NE(forced.out.find("Layout Time:"), std::string::npos) << forced.out;
}

TEST(cli_algorithms, every_algorithm_validates_on_a_generated_graph) {
  for (const char* algorithm : {"cc", "pagerank", "lp", "tc", "jaccard"}) {
    const cli_result r = run_cli(std::string("run ") + algorithm + " kron:10:8 --validate");
    EXPECT_EQ(r.status, 0) << algorithm << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << algorithm << r.out;
    EXPECT_NE(r.out.find("Run Time:"), std::string::npos) << r.out;
  }
  const cli_result directed = run_cli("run cc kron:10:8 --directed --validate");
  EXPECT_NE(directed.out.find("Verification: PASS"), std::string::npos) << directed.out << directed.err;
  const cli_result directed_pr = run_cli("run pagerank kron:10:8 --directed --validate");
  EXPECT_NE(directed_pr.out.find("Verification: PASS"), std::string::npos)
      << directed_pr.out << directed_pr.err;
}

TEST(cli_algorithms, bench_prints_trials_and_json_for_every_algorithm) {
  const fs::path json_path = scratch("bench.json");
  const cli_result r = run_cli(
      "bench --algorithm cc,pagerank,lp,tc,jaccard,bc --kron 9 --edge-factor 8 --device host "
      "--trials 2 --validate --verbose --bc-samples 4 --json " +
      json_path.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(occurrences(r.out, "Trial Time:"), 12u) << r.out;
  for (const char* line : {"\nTime:", "\nEdges/s:", "\nGB/s:", "\nPairs/s:", "\nGTEPS:", "Trial Edges/s:",
                           "Trial GB/s:", "Trial Pairs/s:", "Trial GTEPS:"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;

  const nlohmann::json doc = nlohmann::json::parse(read_text(json_path));
  ASSERT_EQ(doc.at("results").size(), 6u);
  const std::map<std::string, std::string> figure = {
      {"cc", "edges_per_second"}, {"pagerank", "gbytes_per_second"}, {"lp", "edges_per_second"},
      {"tc", "edges_per_second"}, {"jaccard", "pairs_per_second"},   {"bc", "gteps"}};
  for (const auto& row : doc.at("results")) {
    const std::string algorithm = row.at("algorithm");
    EXPECT_EQ(row.at("graph"), "kron-9-8");
    EXPECT_EQ(row.at("backend"), "host");
    ASSERT_EQ(row.at("trials").size(), 2u) << algorithm;
    double sum = 0;
    for (const auto& trial : row.at("trials")) {
      sum += trial.at("seconds").get<double>();
      EXPECT_TRUE(trial.at("verified").get<bool>()) << algorithm;
    }
    EXPECT_NEAR(row.at("statistics").at("seconds").at("mean").get<double>(), sum / 2, 1e-12);
    EXPECT_GT(row.at("statistics").at(figure.at(algorithm)).at("median").get<double>(), 0) << algorithm;
  }
  EXPECT_EQ(doc.at("results")[3].at("result").at("triangles").get<std::uint64_t>() > 0, true);
}

}  // namespace
