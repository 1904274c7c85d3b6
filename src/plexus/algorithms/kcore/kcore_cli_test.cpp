// `plexus run kcore`, `plexus bench --algorithm kcore` and the default job's kcore line, run
// as separate processes: the printed lines on a hand-made fixture, --validate, --out in the
// input's own ids (also after --order degree), every --balance, and the one-line errors for
// a directed graph and an unknown balance.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

// bowtie.mtx: triangles 0-1-2 and 2-3-4, and vertex 5 hanging off 4. Level 1 peels 5 in one
// round; level 2 peels 0, 1, 3 and 4 (degree 2 now), then 2, whose degree 4 they take to 2.
TEST(kcore_cli, run_prints_its_lines_validates_and_writes_the_cores) {
  const fs::path out = scratch("bowtie.tsv");
  const cli_result r = run_cli("run kcore " + data("bowtie.mtx") + " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(field(r.out, "Run Time"), "<missing Run Time>") << r.out;
  EXPECT_EQ(field(r.out, "Iterations"), "3");
  EXPECT_EQ(field(r.out, "Levels"), "2");
  EXPECT_EQ(field(r.out, "Max Core"), "2");
  EXPECT_EQ(field(r.out, "Max Core Vertices"), "5");
  EXPECT_EQ(field(r.out, "Core 1"), "1 vertices");
  EXPECT_EQ(field(r.out, "Core 2-3"), "5 vertices");
  EXPECT_NE(field(r.out, "Edges/s"), "<missing Edges/s>") << r.out;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(read_text(out), "# vertex\tcore\n1\t2\n2\t2\n3\t2\n4\t2\n5\t2\n6\t1\n");  // bowtie.mtx's own ids
}

// A SNAP file with sparse ids: the triangle 10-20-30 and 40 hanging off 30. The file lists
// them in the input's ids, in input and in degree order.
TEST(kcore_cli, out_file_is_in_the_input_ids_in_every_vertex_order) {
  const fs::path graph = scratch("sparse_ids.txt");
  std::ofstream(graph) << "# Undirected graph\n10 20\n20 30\n30 10\n30 40\n";
  const std::map<long, double> expected = {{10, 2}, {20, 2}, {30, 2}, {40, 1}};
  for (const char* order : {"input", "degree"}) {
    const fs::path out = scratch(std::string("sparse_") + order + ".tsv");
    const cli_result r =
        run_cli("run kcore " + graph.string() + " --order " + order + " --validate --out " + out.string());
    ASSERT_EQ(r.status, 0) << order << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
    EXPECT_EQ(vertex_values(out), expected) << order;
  }
}

TEST(kcore_cli, every_balance_validates_on_a_generated_graph) {
  for (const char* balance :
       {"auto", "thread_mapped", "warp_mapped", "block_mapped", "degree_bucketed", "edge_balanced"}) {
    const cli_result r = run_cli(std::string("run kcore kron:11:8 --validate --balance ") + balance);
    EXPECT_EQ(r.status, 0) << balance << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << balance << "\n" << r.out;
  }
}

// A directed input is a graph the algorithm cannot take (status 1, as every refused input); an
// unknown balance is a wrong command line (status 2).
TEST(kcore_cli, directed_graph_and_unknown_balance_are_one_line_errors) {
  const cli_result directed = run_cli("run kcore " + data("directed.mtx"));
  EXPECT_EQ(directed.status, 1);
  expect_one_error_line(directed, "k-core decomposition needs an undirected graph: symmetrize");
  const cli_result sideways = run_cli("run kcore " + data("bowtie.mtx") + " --balance sideways");
  EXPECT_EQ(sideways.status, 2);
  expect_one_error_line(sideways, "unknown load balance 'sideways'");
  const cli_result symmetrized = run_cli("run kcore " + data("directed.mtx") + " --undirected --validate");
  EXPECT_EQ(symmetrized.status, 0) << symmetrized.err;
  EXPECT_NE(symmetrized.out.find("Verification: PASS"), std::string::npos) << symmetrized.out;
}

TEST(kcore_cli, bench_times_trials_and_writes_json) {
  const fs::path json = scratch("bench.json");
  const cli_result r = run_cli(
      "bench --algorithm kcore --kron 10 --edge-factor 8 --device host --trials 2 "
      "--validate --verbose --json " +
      json.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::size_t trials = 0;
  for (std::size_t at = r.out.find("Trial Time:"); at != std::string::npos;
       at = r.out.find("Trial Time:", at + 1))
    ++trials;
  EXPECT_EQ(trials, 2u) << r.out;
  EXPECT_NE(r.out.find("\nEdges/s:            median "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  const nlohmann::json doc = nlohmann::json::parse(read_text(json));
  ASSERT_EQ(doc.at("results").size(), 1u);
  const auto& row = doc.at("results")[0];
  EXPECT_EQ(row.at("algorithm"), "kcore");
  EXPECT_GT(row.at("statistics").at("edges_per_second").at("median").get<double>(), 0);
  EXPECT_GT(row.at("result").at("max_core").get<int>(), 0);
  for (const auto& trial : row.at("trials")) EXPECT_TRUE(trial.at("verified").get<bool>());
}

TEST(kcore_cli, default_job_prints_a_kcore_line) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string line = field(r.out, "kcore");
  EXPECT_EQ(line.rfind("host ", 0), 0u) << line;
  EXPECT_NE(line.find("max core "), std::string::npos) << line;
}

}  // namespace
