// `plexus run sssp` as a separate process: a negative weight refused in one line that names
// the input file, the edge in the file's ids and its weight (exit status 1: an input the
// algorithm cannot take), and a delta below the floor refused in one line that names the
// smallest delta accepted (exit status 2: a value out of range), quickly.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_support.hpp"
#include "skip_reasons.hpp"

namespace {

using namespace plexus_cli_test;

const fs::path kDatasets = PLEXUS_DATASETS_DIR;

TEST(sssp_cli, negative_weight_is_one_line_naming_the_input_the_edge_and_its_weight) {
  const fs::path graph = scratch("signed.wel");
  std::ofstream(graph) << "7 31 2\n31 40 -1\n";
  const cli_result r = run_cli("run sssp " + graph.string() + " -s 7");
  EXPECT_EQ(r.status, 1);
  expect_one_error_line(r, "signed.wel: SSSP needs non-negative weights, but edge 31 -> 40 has weight -1");
  EXPECT_EQ(r.err.find("arc"), std::string::npos) << r.err;
}

TEST(sssp_cli, signed_bitcoin_ratings_are_refused_naming_a_negative_rating) {
  PLEXUS_SKIP_WITHOUT_DATASET(kDatasets / "graphs");
  const cli_result r = run_cli("run sssp " + (kDatasets / "graphs" / "soc-sign-bitcoinalpha.csv").string());
  EXPECT_EQ(r.status, 1);
  expect_one_error_line(r, "soc-sign-bitcoinalpha.csv: SSSP needs non-negative weights, but edge ");
  EXPECT_NE(r.err.find(" has weight -"), std::string::npos) << r.err;
}

TEST(sssp_cli, tiny_delta_is_refused_at_once_naming_the_smallest_accepted) {
  const cli_result r = run_cli("run sssp kron:10:8 --random-weights --delta 1e-5");
  EXPECT_EQ(r.status, 2);
  expect_one_error_line(r, "the smallest delta accepted for this graph is 0.00024318695");
  run_validated("run sssp kron:10:8 --random-weights --delta 0.00024318695");
}

}  // namespace
