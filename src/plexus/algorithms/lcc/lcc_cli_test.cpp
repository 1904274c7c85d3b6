// `plexus run lcc`, `plexus bench --algorithm lcc` and the default job's lcc line, run as
// separate processes: the printed lines on a hand-made fixture, --validate, --out with each
// value as the shortest text that reads back to it, in the input's own ids (also after --order
// degree), a directed input, and the bench figures.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

// bowtie.mtx: triangles 0-1-2 and 2-3-4, and vertex 5 hanging off 4. N(2) = {0, 1, 3, 4} holds
// the edges 0-1 and 3-4 (4 arcs of 12); N(4) = {2, 3, 5} the edge 2-3 (2 of 6); the others
// have two linked neighbours, and 5 one.
TEST(lcc_cli, run_prints_its_lines_validates_and_writes_every_coefficient) {
  const fs::path out = scratch("bowtie_lcc.tsv");
  const cli_result r = run_validated("run lcc " + data("bowtie.mtx") + " --out " + out.string());
  expect_fields(r.out, {{"Average LCC", "0.611111"}, {"LCC 1 Vertices", "3"}, {"LCC 0 Vertices", "1"},
                        {"Neighbourhood Arcs", "14"}});
  EXPECT_NE(field(r.out, "Edges/s"), "<missing Edges/s>") << r.out;
  // The header, then one line per vertex in id order, the value as the shortest text that reads
  // back to it.
  EXPECT_EQ(read_text(out),
            "# vertex\tlcc\n1\t1\n2\t1\n3\t0.3333333333333333\n4\t1\n5\t0.3333333333333333\n6\t0\n");
}

// A directed SNAP file with sparse ids: 10 -> 20, 20 -> 30, 30 -> 10, 20 -> 10. N(10) = {20, 30}
// holds 20 -> 30 only; N(20) = {10, 30} holds 30 -> 10; N(30) = {10, 20} both 10 -> 20 and 20 -> 10.
TEST(lcc_cli, directed_input_in_its_own_ids_in_every_vertex_order) {
  const fs::path graph = scratch("sparse_directed.txt");
  std::ofstream(graph) << "# Directed graph\n10 20\n20 30\n30 10\n20 10\n";
  const std::map<long, double> expected = {{10, 0.5}, {20, 0.5}, {30, 1}};
  for (const char* order : {"input", "degree"}) {
    const fs::path out = scratch(std::string("lcc_") + order + ".tsv");
    run_validated("run lcc " + graph.string() + " --directed --order " + order + " --out " + out.string());
    EXPECT_EQ(vertex_values(out), expected) << order;
  }
}

TEST(lcc_cli, every_mode_validates_on_a_generated_graph) {
  for (const char* mode : {"hybrid", "merge", "binary"}) run_validated(std::string("run lcc kron:11:8 --mode ") + mode);
}

TEST(lcc_cli, bench_times_trials_and_writes_json) {
  const fs::path json = scratch("lcc_bench.json");
  const cli_result r =
      run_cli("bench --algorithm lcc --kron 10 --edge-factor 8 --device host --trials 2 --validate --json " +
              json.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\nEdges/s:            median "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  const nlohmann::json doc = nlohmann::json::parse(read_text(json));
  ASSERT_EQ(doc.at("results").size(), 1u);
  const auto& row = doc.at("results")[0];
  EXPECT_EQ(row.at("algorithm"), "lcc");
  EXPECT_GT(row.at("result").at("average_lcc").get<double>(), 0);
  for (const auto& trial : row.at("trials")) EXPECT_TRUE(trial.at("verified").get<bool>());
}

TEST(lcc_cli, default_job_prints_an_lcc_line) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(field(r.out, "lcc").find("average lcc "), std::string::npos) << r.out;
}

}  // namespace
