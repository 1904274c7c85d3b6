// `plexus run hyper-lp | hyper-bfs | hyper-cc`, `plexus bench` of them and `plexus info` on
// hypergraphs, run as separate processes on the fixtures of tests/data/hypergraphs. Answers
// on tiny.hyp and tiny_xgi.json are worked out by hand (see each test); every fixture and a
// generated hypergraph are checked with --validate (the serial references of plexus/verify).
// Inputs of the wrong kind and options that do not apply are one-line errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

constexpr const char* kHyperAlgorithms[] = {"hyper-lp", "hyper-bfs", "hyper-cc"};

/// "run ALGORITHM tiny.hyp EXTRA": tiny.hyp holds hyperedges {0,1,2}, {2,3}, {} and {4}.
std::string on_tiny(const std::string& algorithm, const std::string& extra = "") {
  return "run " + algorithm + " " + hypergraph_data("tiny.hyp") + " " + extra;
}

/// A run on tiny.hyp whose printed lines and --out file were worked out by hand.
struct hand_checked {
  const char* algorithm;
  const char* options;
  std::vector<std::pair<std::string, std::string>> fields;
  const char* out;  // the --out file
};

TEST(cli_hypergraph, hand_checked_answers_on_tiny_hypergraph) {
  const hand_checked cases[] = {
      // Components {0,1,2,3} (joined through vertex 2) and {4}.
      {"hyper-cc",
       "",
       {{"Hypergraph", "tiny.hyp (5 vertices, 4 hyperedges, 6 pins)"},
        {"Components", "2"},
        {"With Hyperedges", "2"},
        {"Largest Sizes", "4, 1"}},
       "0\t0\n1\t0\n2\t0\n3\t0\n4\t4\n"},
      // From 0: {0,1,2} reaches 1 and 2 at depth 1, {2,3} reaches 3 at depth 2; 4 is unreached.
      {"hyper-bfs",
       "-s 0",
       {{"Source", "0"},
        {"Iterations", "3"},
        {"Vertices Reached", "4"},
        {"Hyperedges Reached", "2"},
        {"Max Depth", "2"},
        {"Pins Traversed", "5"}},
       "0\t0\n1\t1\n2\t1\n3\t2\n4\t-1\n"},
      // Without -s: vertex 2, the only one in two hyperedges, reaches 0, 1 and 3 at depth 1.
      {"hyper-bfs", "", {{"Source", "2"}, {"Max Depth", "1"}}, "0\t1\n1\t1\n2\t0\n3\t1\n4\t-1\n"},
  };
  for (const hand_checked& c : cases) {
    SCOPED_TRACE(std::string(c.algorithm) + " " + c.options);
    const fs::path out = scratch("hyper_tiny.tsv");
    const cli_result r =
        run_validated(on_tiny(c.algorithm, std::string(c.options) + " --out " + out.string()));
    expect_fields(r.out, c.fields);
    EXPECT_NE(r.out.find("Run Time:"), std::string::npos) << r.out;
    EXPECT_EQ(result_rows(out), c.out);
  }
}

// Whatever the random initial labels a..e of vertices 0..4 (distinct), iteration 1 gives
// {0,1,2} and {2,3} the labels min(a,b,c) and min(c,d); vertex 2 sees both and takes the
// smaller, so in iteration 2 hyperedge {2,3} ties and takes it too, and 0..3 end with one
// label. Vertex 4 only ever sees its own label: two communities.
TEST(cli_hypergraph, lp_on_tiny_hypergraph) {
  const fs::path out = scratch("hyper_lp.tsv");
  const cli_result r = run_validated(on_tiny("hyper-lp", "--out " + out.string()));
  expect_fields(r.out, {{"Communities", "2"}, {"Last Changed", "0"}});
  for (const char* line : {"Time/Iteration", "Edge Phase Time/Iteration", "Vertex Phase Time/Iteration",
                           "Edge Phase GB/s", "Vertex Phase GB/s", "GB/s"})
    EXPECT_EQ(field(r.out, line).find("<missing"), std::string::npos) << line << "\n" << r.out;
  const auto label = vertex_values(out);
  ASSERT_EQ(label.size(), 5u);
  for (long v = 1; v < 4; ++v) EXPECT_EQ(label.at(v), label.at(0)) << v;
  EXPECT_NE(label.at(4), label.at(0));

  expect_fields(run_validated(on_tiny("hyper-lp", "--max-iter 1 --seed 7 --tolerance 0")).out,
                {{"Iterations", "1"}});
}

// tiny_xgi.json: vertices with original ids 10, 3, 7 (internal 0, 1, 2); hyperedges {3,7},
// {10,3,7} and {}. Files list vertices by increasing original id and name a component by its
// member of smallest original id, whatever the internal numbering.
TEST(cli_hypergraph, original_ids_in_and_out) {
  const std::string xgi = hypergraph_data("tiny_xgi.json");
  const fs::path cc = scratch("hyper_xgi_cc.tsv");
  run_validated("run hyper-cc " + xgi + " --out " + cc.string());
  EXPECT_EQ(read_text(cc), "# vertex\tcomponent\n3\t3\n7\t3\n10\t3\n");

  const fs::path bfs = scratch("hyper_xgi_bfs.tsv");
  expect_fields(run_validated("run hyper-bfs " + xgi + " -s 7 --out " + bfs.string()).out, {{"Source", "7"}});
  EXPECT_EQ(read_text(bfs), "# vertex\tdepth\n3\t1\n7\t0\n10\t1\n");
  expect_one_error_line(run_cli("run hyper-bfs " + xgi + " -s 0"), "source 0");
}

TEST(cli_hypergraph, info_reports_hypergraph_statistics) {
  const cli_result r = run_cli("info --json " + hypergraph_data("tiny.hyp"));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const nlohmann::json expected = {
      {"kind", "hypergraph"},
      {"vertices", 5},
      {"hyperedges", 4},
      {"pins", 6},
      {"edge size", {{"min", 0}, {"max", 3}, {"mean", 1.5}}},
      {"vertex degree", {{"min", 1}, {"max", 2}, {"mean", 1.2}, {"stddev", 0.4}}},
      {"unique hyperedges", 4},
      {"empty hyperedges", 1},
      {"singleton hyperedges", 1},
      {"isolated vertices", 0}};
  for (const auto& [key, value] : expected.items()) {
    if (!value.is_object()) {
      EXPECT_EQ(j.at(key), value) << key;
      continue;
    }
    for (const auto& [statistic, number] : value.items())
      EXPECT_NEAR(j.at(key).at(statistic).get<double>(), number.get<double>(), 1e-12)
          << key << " " << statistic;
  }
  const cli_result text = run_cli("info " + hypergraph_data("hyperedges-tiny.txt"));
  ASSERT_EQ(text.status, 0) << text.out << text.err;
  expect_fields(text.out,
                {{"unique hyperedges", "3"}, {"edge size", "min 2, max 3, mean 2.333, stddev 0.471"}});
}

TEST(cli_hypergraph, every_algorithm_validates_on_every_fixture) {
  for (const char* input : {"tiny.hyp", "tiny_gz.hyp.gz", "tiny.hgr", "hyperedges-tiny.txt", "tiny.hif.json",
                            "tiny_xgi.json", "tinygz"})
    for (const char* algorithm : kHyperAlgorithms)
      run_validated(std::string("run ") + algorithm + " " + hypergraph_data(input));
  for (const char* algorithm : kHyperAlgorithms) {
    const cli_result r = run_validated(std::string("run ") + algorithm + " hyper:0.05");
    EXPECT_EQ(field(r.out, "Hypergraph").rfind("hyper-0.05 (3125 vertices, ", 0), 0u) << r.out;
  }
}

TEST(cli_hypergraph, wrong_kind_of_input_and_misapplied_options) {
  const std::map<std::string, std::string> errors = {
      {"run hyper-lp " + data("cycle4.mtx"), "a graph; the hypergraph algorithms need"},
      {"run hyper-cc kron:6", "the hypergraph algorithms need a hypergraph"},
      {"run bfs " + hypergraph_data("tiny.hyp"), "a hypergraph; the graph algorithms need"},
      {"run cc " + hypergraph_data("tiny.hgr"), "a hypergraph; the graph algorithms need"},
      {"run pagerank hyper:0.01", "the graph algorithms need a graph"},
      {"run hyper-lp hyper:many", "PINS_MILLIONS"},
      {on_tiny("hyper-lp", "-s 1"), "--source does not apply to hyper-lp"},
      {on_tiny("hyper-cc", "--seed 2"), "--seed does not apply to hyper-cc"},
      {on_tiny("hyper-bfs", "--max-iter 2"), "--max-iter does not apply to hyper-bfs"},
      {on_tiny("hyper-cc", "--directed"), "--directed does not apply to hyper-cc"},
      {on_tiny("hyper-lp", "--tolerance 2"), "tolerance"},
      {"bench --algorithm hyper-cc,cc", "hyper-cc and cc"},
      {"bench --algorithm hyper-lp --kron 6", "--kron does not apply"},
      {"bench --algorithm bfs --graph " + hypergraph_data("tiny.hyp"), "a hypergraph"}};
  for (const auto& [command, message] : errors) {
    SCOPED_TRACE(command);
    expect_one_error_line(run_cli(command), message);
  }
}

TEST(cli_hypergraph, bench_prints_trials_and_json) {
  const fs::path json_path = scratch("hyper_bench.json");
  const cli_result r = run_cli("bench --algorithm hyper-lp,hyper-bfs,hyper-cc --graph hyper:0.02 --graph " +
                               hypergraph_data("tiny.hgr") +
                               " --device host --trials 2 --validate --verbose --json " + json_path.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(occurrences(r.out, "Trial Time:"), 12u) << r.out;
  for (const char* line : {"\nTime:", "\nGB/s:", "\nPins/s:", "\nTime/Iteration:", "\nEdge Phase GB/s:",
                           "\nVertex Phase GB/s:", "Trial Edge Phase GB/s:", "Trial Pins/s:", "Source:"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;

  const nlohmann::json doc = nlohmann::json::parse(read_text(json_path));
  ASSERT_EQ(doc.at("results").size(), 6u);
  const std::map<std::string, std::vector<std::string>> figures = {
      {"hyper-lp",
       {"gbytes_per_second", "seconds_per_iteration", "edge_phase_gbytes_per_second",
        "vertex_phase_gbytes_per_second"}},
      {"hyper-bfs", {"pins_per_second"}},
      {"hyper-cc", {"pins_per_second"}}};
  for (const auto& row : doc.at("results")) {
    const std::string algorithm = row.at("algorithm");
    EXPECT_EQ(row.at("backend"), "host");
    EXPECT_GT(row.at("pins").get<double>(), 0);
    ASSERT_EQ(row.at("trials").size(), 2u) << algorithm;
    double sum = 0;
    for (const auto& trial : row.at("trials")) {
      sum += trial.at("seconds").get<double>();
      EXPECT_TRUE(trial.at("verified").get<bool>()) << algorithm;
      EXPECT_EQ(trial.contains("source"), algorithm == "hyper-bfs") << algorithm;
    }
    EXPECT_NEAR(row.at("statistics").at("seconds").at("mean").get<double>(), sum / 2, 1e-12);
    for (const std::string& key : figures.at(algorithm))
      EXPECT_GT(row.at("statistics").at(key).at("median").get<double>(), 0) << algorithm << key;
  }
  EXPECT_GT(doc.at("results")[0].at("result").at("edge_phase_bytes").get<double>(), 0);
  EXPECT_EQ(doc.at("results")[0].at("graph"), "hyper-0.02");
  EXPECT_EQ(doc.at("results")[3].at("graph"), "tiny.hgr");
}

}  // namespace
