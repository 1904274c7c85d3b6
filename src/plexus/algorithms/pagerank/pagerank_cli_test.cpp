// `plexus run pagerank` as a separate process: the stopping rule, iterations, residual and
// error bound it prints, NetworkX's rule by name, --weighted with --validate on a real
// weighted graph, and a negative weight refused in one line naming the input.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_support.hpp"
#include "skip_reasons.hpp"

namespace {

using namespace plexus_cli_test;

const fs::path kDatasets = PLEXUS_DATASETS_DIR;

// kron:15:8 has 32768 vertices, more than 2 / 1e-4.
TEST(pagerank_cli, run_prints_iterations_residual_and_error_bound_of_the_default_rule) {
  const cli_result r = run_validated("run pagerank kron:15:8 --tolerance 1e-4");
  EXPECT_EQ(field(r.out, "Stopping Rule"), "error bound (L1 distance to the fixed point <= 0.0001)");
  EXPECT_EQ(field(r.out, "Converged"), "yes");
  EXPECT_GT(std::stoi(field(r.out, "Iterations")), 1) << r.out;
  const double residual = std::stod(field(r.out, "Residual")), bound = std::stod(field(r.out, "Error Bound"));
  EXPECT_NEAR(bound, 0.85 / 0.15 * residual, 1e-5 * bound);  // both printed to 6 digits
  EXPECT_LE(bound, 1e-4);
}

TEST(pagerank_cli, networkx_stop_is_there_by_name) {
  const cli_result r = run_validated("run pagerank kron:15:8 --tolerance 1e-4 --stop networkx");
  EXPECT_EQ(field(r.out, "Stopping Rule"), "networkx (L1 change < vertices * 0.0001)");
  EXPECT_EQ(field(r.out, "Iterations"), "1");
  EXPECT_NE(run_cli("run pagerank kron:6 --stop sometimes").status, 0);
}

TEST(pagerank_cli, weighted_run_validates_on_a_real_weighted_graph) {
  PLEXUS_SKIP_WITHOUT_DATASET(kDatasets / "graphs");
  const fs::path out = scratch("lesmis_pr.tsv");
  const cli_result r = run_validated("run pagerank " + (kDatasets / "graphs" / "lesmis.graph").string() +
                                     " --weighted --tolerance 1e-12 --max-iter 1000 --out " + out.string());
  EXPECT_EQ(field(r.out, "Weights"), "w(u, v) / out-weight of u");
  // NetworkX's top rank (pagerank_weighted_test.cpp), held by the file's twelfth vertex.
  const std::string top = field(r.out, "Top Vertices");
  EXPECT_TRUE(top.substr(0, top.find(',')).ends_with(" (0.0995581)")) << top;
  EXPECT_EQ(vertex_values(out).size(), 77u);
}

TEST(pagerank_cli, weighted_run_refuses_a_negative_weight_naming_the_input_and_the_edge) {
  const fs::path graph = scratch("signed.wel");
  std::ofstream(graph) << "7 31 2\n31 40 -1\n";
  const cli_result r = run_cli("run pagerank " + graph.string() + " --weighted");
  EXPECT_EQ(r.status, 1);
  expect_one_error_line(r, "signed.wel: PageRank needs finite non-negative weights, but edge 31 -> 40 has weight -1");
  EXPECT_EQ(run_cli("run pagerank " + graph.string()).status, 0);  // unweighted, the weights are not read
}

}  // namespace
