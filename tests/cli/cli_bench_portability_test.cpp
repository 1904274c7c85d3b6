// `plexus bench --portability`: after the statistics, per algorithm an "Efficiency:" line per
// back end (the bandwidth of the algorithm's byte model over the device's copy bandwidth) and a
// "PP:" line, Pennycook's harmonic mean over the back ends, 0 when one of them cannot run;
// the same in --json. Without --portability a GB/s figure (PageRank) still gets its fraction
// of the copy bandwidth, and other figures cost no copy.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace {

using namespace plexus_cli_test;

/// The number a line "Name:   NUMBER ..." starts with.
double leading_number(const std::string& text, const std::string& name) {
  return std::stod(field(text, name));
}

TEST(cli_bench_portability, prints_efficiency_per_back_end_and_pp_per_algorithm) {
  const fs::path json = scratch("bench_portability.json");
  const cli_result r =
      run_cli("bench --kron 8 --trials 2 --device host --algorithm bfs,pagerank --portability --json " +
              json.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  // One copy measured for the whole bench, however many algorithms need it.
  EXPECT_EQ(occurrences(r.out, "\nCopy Bandwidth: "), 1u) << r.out;
  EXPECT_NE(r.out.find(" GB/s on host ("), std::string::npos) << r.out;
  EXPECT_EQ(occurrences(r.out, "\nCopy Fraction: "), 1u) << r.out;  // pagerank's GB/s
  EXPECT_EQ(occurrences(r.out, "\nEfficiency: "), 2u) << r.out;
  EXPECT_EQ(occurrences(r.out, "\nPP: "), 2u) << r.out;
  // Each line says what it measured, as the statistics lines do.
  for (const char* name : {"Copy Fraction", "Efficiency"})
    EXPECT_NE(field(r.out, name).find(", host (OpenMP, "), std::string::npos) << name << "\n" << r.out;
  EXPECT_NE(field(r.out, "Efficiency").find(" trials; timed: kernel loop only"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[bfs on kron-8-16 ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[pagerank on kron-8-16 ("), std::string::npos) << r.out;
  // The portability lines follow every statistics line.
  EXPECT_GT(r.out.find("Efficiency:"), r.out.rfind("GB/s:")) << r.out;
  // Over one back end PP is that back end's efficiency.
  EXPECT_GT(leading_number(r.out, "Efficiency"), 0.0) << r.out;
  EXPECT_DOUBLE_EQ(leading_number(r.out, "PP"), leading_number(r.out, "Efficiency")) << r.out;
  EXPECT_NE(field(r.out, "PP").find(" over host ["), std::string::npos) << r.out;

  const nlohmann::json document = nlohmann::json::parse(read_text(json));
  EXPECT_GT(document.at("copy_bandwidth").at("host").at("gbytes_per_second").get<double>(), 0.0);
  const nlohmann::json& portability = document.at("portability");
  ASSERT_EQ(portability.size(), 2u) << portability.dump();
  for (const nlohmann::json& entry : portability) {
    ASSERT_EQ(entry.at("back_ends").size(), 1u) << entry.dump();
    const nlohmann::json& host = entry.at("back_ends")[0];
    EXPECT_EQ(host.at("backend"), "host");
    EXPECT_GT(host.at("efficiency").get<double>(), 0.0) << entry.dump();
    EXPECT_NEAR(
        host.at("efficiency").get<double>(),
        host.at("achieved_gbytes_per_second").get<double>() / host.at("copy_gbytes_per_second").get<double>(),
        1e-12);
    EXPECT_DOUBLE_EQ(entry.at("pp").get<double>(), host.at("efficiency").get<double>());
  }
  EXPECT_EQ(portability[0].at("algorithm"), "bfs");
  EXPECT_EQ(portability[1].at("algorithm"), "pagerank");
}

TEST(cli_bench_portability, every_trial_reports_the_bytes_of_its_model) {
  const fs::path json = scratch("bench_bytes.json");
  const cli_result r = run_cli(
      "bench --kron 8 --trials 2 --device host --algorithm bfs,pagerank --quiet --json " + json.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  const nlohmann::json rows = nlohmann::json::parse(read_text(json)).at("results");
  ASSERT_EQ(rows.size(), 2u);
  const auto vertices = rows[0].at("vertices").get<plexus::vertex_t>();
  for (const nlohmann::json& trial : rows[0].at("trials")) {
    // Kronecker graphs are undirected without self-loops: the arcs of the reached vertices
    // are twice the edges traversed.
    const auto reached = trial.at("vertices_reached").get<plexus::vertex_t>();
    const auto arcs = 2 * trial.at("traversed_edges").get<plexus::edge_t>();
    EXPECT_EQ(trial.at("moved_bytes").get<std::uint64_t>(), plexus::perf::bfs_bytes(vertices, reached, arcs));
  }
  for (const nlohmann::json& trial : rows[1].at("trials"))
    EXPECT_EQ(trial.at("moved_bytes").get<std::uint64_t>(),
              trial.at("iteration_bytes").get<std::uint64_t>() * trial.at("iterations").get<std::uint64_t>());
  // PageRank's GB/s carries its fraction of the copy bandwidth even without --portability.
  EXPECT_GT(rows[1].at("copy_bandwidth").at("fraction").get<double>(), 0.0);
  EXPECT_FALSE(rows[0].contains("copy_bandwidth"));
}

TEST(cli_bench_portability, a_figure_in_gbytes_per_second_gets_its_fraction_of_the_copy) {
  const cli_result r = run_cli("bench --kron 8 --trials 1 --device host --algorithm pagerank");
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_EQ(occurrences(r.out, "\nCopy Bandwidth: "), 1u) << r.out;
  const std::string fraction = field(r.out, "Copy Fraction");
  EXPECT_NE(fraction.find("GB/s copy) [pagerank on kron-8-16 ("), std::string::npos) << r.out;
  EXPECT_GT(std::stod(fraction), 0.0) << r.out;
  EXPECT_EQ(occurrences(r.out, "PP:"), 0u) << r.out;
}

TEST(cli_bench_portability, other_figures_measure_no_copy) {
  const cli_result r = run_cli("bench --kron 8 --trials 1 --device host --algorithm bfs,cc");
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_EQ(occurrences(r.out, "Copy "), 0u) << r.out;
}

TEST(cli_bench_portability, a_back_end_that_cannot_run_makes_pp_zero) {
  if (plexus::backend_available(plexus::backend::hip)) GTEST_SKIP() << "a HIP device is present";
  const fs::path json = scratch("bench_portability_failed.json");
  const cli_result r = run_cli(
      "bench --kron 8 --trials 1 --device host,hip --algorithm cc --portability --json " + json.string());
  // The bench goes on past the back end that failed, then says so with its exit status.
  EXPECT_EQ(r.status, 1) << r.err << r.out;
  EXPECT_NE(field(r.out, "Failed").find("hip back end: "), std::string::npos) << r.out;
  EXPECT_EQ(occurrences(r.out, "\nEfficiency: "), 2u) << r.out;
  EXPECT_NE(r.out.find("0 (failed: hip back end: "), std::string::npos) << r.out;
  EXPECT_EQ(field(r.out, "PP").rfind("0 over host, hip [cc on kron-8-16 (", 0), 0u) << r.out;
  const nlohmann::json entry = nlohmann::json::parse(read_text(json)).at("portability").at(0);
  EXPECT_EQ(entry.at("pp").get<double>(), 0.0);
  EXPECT_GT(entry.at("back_ends")[0].at("efficiency").get<double>(), 0.0);
  EXPECT_TRUE(entry.at("back_ends")[1].contains("failed"));
}

TEST(cli_bench_portability, does_not_combine_with_engines) {
  const cli_result r =
      run_cli("bench --kron 8 --trials 1 --algorithm bfs --portability --engine out-of-core");
  EXPECT_EQ(r.status, 2) << r.err << r.out;
  EXPECT_NE(r.err.find("--portability"), std::string::npos) << r.err;
}

}  // namespace
