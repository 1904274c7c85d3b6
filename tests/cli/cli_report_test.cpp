// What `plexus run` and `plexus bench` report: run's JSON object and --quiet; bench's sources
// drawn from the largest component, its statistics over the trials, and result lines that
// each name what they measured.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// A cycle over the ids 1000..1059 and 300 separate arcs 2i -> 2i+1: the cycle is the largest
/// (weakly) connected component, and five of six vertices with an out-arc lie outside it.
fs::path crumbs_graph() {
  const fs::path path = scratch("crumbs.txt");
  std::ofstream out(path);
  for (int v = 0; v < 60; ++v) out << 1000 + v << ' ' << 1000 + (v + 1) % 60 << '\n';
  for (int i = 0; i < 300; ++i) out << 2 * i << ' ' << 2 * i + 1 << '\n';
  return path;
}

/// The same for a hypergraph: hyperedges chained over the vertices 0..59, and 150 hyperedges
/// of two vertices each over 60..359.
fs::path crumbs_hypergraph() {
  const fs::path path = scratch("crumbs.hyp");
  std::ofstream out(path);
  for (int first = 0; first < 59; first += 9) {
    for (int v = first; v <= std::min(first + 9, 59); ++v) out << v << ' ';
    out << '\n';
  }
  for (int i = 0; i < 150; ++i) out << 60 + 2 * i << ' ' << 61 + 2 * i << '\n';
  return path;
}

std::vector<long> trial_sources(const nlohmann::json& row) {
  std::vector<long> sources;
  for (const auto& trial : row.at("trials")) sources.push_back(trial.at("source").get<long>());
  return sources;
}

// Item 20: single-source trials start in the largest component (GAPBS draws among vertices
// with an out-arc; on graphs with many small components a uniform draw would time mostly
// trivial traversals); --sources-from all draws from the whole graph. Graph and hypergraph
// algorithms alike.
TEST(cli_report, bench_sources_come_from_the_largest_component) {
  const fs::path json = scratch("sources.json");
  const std::string graph =
      "bench --algorithm bfs,sssp --device host --trials 12 --graph " + crumbs_graph().string();
  const std::string hyper =
      "bench --algorithm hyper-bfs --device host --trials 12 --graph " + crumbs_hypergraph().string();
  for (const auto& [command, lowest, highest] :
       {std::tuple{graph, 1000L, 1059L}, std::tuple{hyper, 0L, 59L}}) {
    SCOPED_TRACE(command);
    cli_result r = run_cli(command + " --json " + json.string());
    ASSERT_EQ(r.status, 0) << r.err;
    // Held in a variable: a range-for over a member of a temporary reads it after it is freed.
    const nlohmann::json report = nlohmann::json::parse(read_text(json));
    for (const auto& row : report.at("results")) {
      EXPECT_EQ(row.at("sources").at("from"), "largest component");
      EXPECT_EQ(row.at("sources").at("pool"), 60);
      for (const long source : trial_sources(row)) {
        EXPECT_GE(source, lowest);
        EXPECT_LE(source, highest);
      }
      const std::vector<long> sources = trial_sources(row);
      EXPECT_EQ(std::set<long>(sources.begin(), sources.end()).size(), 12u) << "distinct sources";
    }
    r = run_cli(command + " --sources-from all --json " + json.string());
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<long> all = trial_sources(nlohmann::json::parse(read_text(json)).at("results")[0]);
    // Copies, as clang before 16 cannot capture a structured binding.
    const auto low = lowest, high = highest;
    EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](long s) { return s < low || s > high; }));
  }
}

// A component where no traversal can start is never the one drawn from, however large: when
// every component is one vertex (the only arc a kept self-loop; a hypergraph whose other
// vertices lie in no hyperedge), the sources come from the component that holds an arc.
TEST(cli_report, bench_sources_come_from_a_component_with_an_arc) {
  const fs::path loop = scratch("only_loop.mtx");
  std::ofstream(loop) << "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n3 3\n";
  const fs::path lonely = scratch("lonely.hgr");
  std::ofstream(lonely) << "1 4\n3\n";
  const fs::path json = scratch("lonely_sources.json");
  for (const std::string& command : {"bench --algorithm bfs,sssp --self-loops keep --graph " + loop.string(),
                                    "bench --algorithm hyper-bfs --graph " + lonely.string()}) {
    SCOPED_TRACE(command);
    const cli_result r = run_cli(command + " --device host --trials 2 --json " + json.string());
    ASSERT_EQ(r.status, 0) << r.err;
    for (const auto& row : nlohmann::json::parse(read_text(json)).at("results"))
      for (const long source : trial_sources(row)) EXPECT_EQ(source, 3);
  }
}

// Item 20: per algorithm, the median, minimum, maximum and interquartile range of the time and
// of the rate (and a labelled mean); each trial's figures only with --verbose; the JSON keeps
// every trial.
TEST(cli_report, bench_reports_median_min_max_and_iqr_per_algorithm) {
  const fs::path json = scratch("statistics.json");
  const std::string command =
      "bench --algorithm bfs,cc --kron 8 --device host --trials 5 --json " + json.string();
  cli_result r = run_cli(command);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("Trial Time:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Source:"), std::string::npos) << r.out;
  for (const char* name : {"Time", "GTEPS", "Edges/s"}) {
    const std::string text = field(r.out, name);
    for (const char* word : {"median ", "min ", "max ", "IQR "})
      EXPECT_NE(text.find(word), std::string::npos) << text;
  }
  EXPECT_NE(field(r.out, "Time").find(", mean "), std::string::npos);
  EXPECT_NE(field(r.out, "GTEPS").find(", harmonic mean "), std::string::npos);
  const nlohmann::json report = nlohmann::json::parse(read_text(json));
  for (const auto& row : report.at("results")) {
    std::vector<double> seconds;
    for (const auto& trial : row.at("trials")) seconds.push_back(trial.at("seconds").get<double>());
    ASSERT_EQ(seconds.size(), 5u);
    std::sort(seconds.begin(), seconds.end());
    const auto& stats = row.at("statistics").at("seconds");
    EXPECT_EQ(stats.at("median").get<double>(), seconds[2]);
    EXPECT_EQ(stats.at("min").get<double>(), seconds[0]);
    EXPECT_EQ(stats.at("max").get<double>(), seconds[4]);
    EXPECT_EQ(stats.at("q1").get<double>(), seconds[1]);
    EXPECT_EQ(stats.at("q3").get<double>(), seconds[3]);
    EXPECT_DOUBLE_EQ(stats.at("iqr").get<double>(), seconds[3] - seconds[1]);
    const std::string metric = row.at("algorithm") == "bfs" ? "gteps" : "edges_per_second";
    EXPECT_TRUE(row.at("statistics").at(metric).contains("median")) << row.dump();
  }
  r = run_cli(command + " --verbose");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(occurrences(r.out, "Trial Time:"), 10u) << r.out;
  EXPECT_NE(r.out.find("Source:"), std::string::npos) << r.out;
}

// Item 21: every statistics line names the algorithm, the input with its size, the device,
// the trials and what was timed, so that it can be quoted alone; the JSON rows carry the same.
TEST(cli_report, every_bench_result_line_says_what_it_measured) {
  const fs::path json = scratch("labels.json");
  const cli_result r = run_cli(
      "bench --algorithm bfs,pagerank --kron 7 --device host --trials 2 --quiet --json " + json.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json rows = nlohmann::json::parse(read_text(json)).at("results");
  const std::string device = rows[0].at("device");
  std::istringstream lines(r.out);
  std::string line;
  int checked = 0;
  while (std::getline(lines, line)) {
    const std::string algorithm = line.find("[bfs ") != std::string::npos ? "bfs" : "pagerank";
    for (const std::string& part :
         {"[" + algorithm + " on kron-7-16 (128 vertices, ", std::string(" edges), host ("), device,
          std::string("2 trials"), std::string("timed: kernel loop only, excluding upload and download]")})
      EXPECT_NE(line.find(part), std::string::npos) << part << "\n" << line;
    ++checked;
  }
  // PageRank's GB/s is followed by its fraction of the copy bandwidth.
  EXPECT_EQ(checked, 5) << "--quiet leaves the time and rate lines of each algorithm:\n" << r.out;
  for (const auto& row : rows) {
    for (const char* key : {"algorithm", "graph", "vertices", "edges", "backend", "device", "timed"})
      EXPECT_TRUE(row.contains(key)) << key;
    EXPECT_EQ(row.at("timed"), "kernel loop only, excluding upload and download");
  }
}

// run --json: one JSON object on standard output, with the names bench's rows use.
TEST(cli_report, run_json_prints_one_object_with_the_bench_field_names) {
  const fs::path out = scratch("json_depths.tsv");
  const cli_result r = run_cli("run bfs kron:7 --validate --json --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("algorithm"), "bfs");
  EXPECT_EQ(j.at("graph"), "kron-7-16");
  EXPECT_EQ(j.at("vertices"), 128);
  EXPECT_EQ(j.at("backend"), "host");
  EXPECT_EQ(j.at("timed"), "kernel loop only, excluding upload and download");
  EXPECT_EQ(j.at("output"), out.string());
  EXPECT_EQ(j.at("verification").at("status"), "PASS");
  for (const char* key : {"device", "edges", "load_seconds", "upload_seconds", "seconds", "iterations",
                          "gteps", "source", "vertices_reached", "max_depth"})
    EXPECT_TRUE(j.contains(key)) << key << "\n" << r.out;
  EXPECT_GT(j.at("vertices_reached").get<int>(), 0);
}

// Lists are arrays of numbers, never text to parse; each fact has one field (PageRank's layout
// time only as layout_seconds). bowtie.mtx: vertex 3, in both triangles, ranks first.
TEST(cli_report, run_json_lists_are_arrays_and_each_fact_one_field) {
  const cli_result r = run_cli("run pagerank " + data("bowtie.mtx") + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const nlohmann::json& top = j.at("top_vertices");
  ASSERT_TRUE(top.is_array()) << r.out;
  ASSERT_EQ(top.size(), 6u);
  EXPECT_EQ(top[0].at("vertex"), 3);
  for (std::size_t i = 1; i < top.size(); ++i)
    EXPECT_GE(top[i - 1].at("value").get<double>(), top[i].at("value").get<double>()) << i;
  EXPECT_TRUE(j.contains("layout_seconds"));
  EXPECT_FALSE(j.contains("layout_time"));
  EXPECT_EQ(j.at("weighted"), false);  // the graph's, not PageRank's --weighted
  EXPECT_EQ(j.at("weighted_pagerank"), false);

  const nlohmann::json cc = nlohmann::json::parse(run_cli("run cc " + data("cycle4.mtx") + " --json").out);
  EXPECT_EQ(cc.at("largest_sizes"), nlohmann::json::array({4, 1, 1}));
  EXPECT_TRUE(cc.at("size_buckets").is_array());
  for (const auto& [key, value] : cc.items())  // no "size_4_7": the buckets are in size_buckets
    EXPECT_TRUE(key == "size_buckets" || !key.starts_with("size_")) << key;
}

// --quiet: nothing but the result file (and failures).
TEST(cli_report, quiet_run_prints_nothing) {
  const fs::path out = scratch("quiet_depths.tsv");
  fs::remove(out);
  const cli_result r = run_cli("run bfs kron:7 --validate --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(fs::exists(out));
}

}  // namespace
