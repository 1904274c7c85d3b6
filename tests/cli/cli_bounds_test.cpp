// Options that would size memory or time by themselves, past what the input can use, are
// bounded by the input or refused in one line naming the option and the bound. Where the
// difference is only memory, the command runs under a virtual memory limit (`ulimit -v`) that
// the bounded run fits in many times over and the unbounded one does not.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// `plexus ARGUMENTS` with its address space held to 2 GiB.
cli_result run_cli_within_2g(const std::string& arguments) {
  return run_command("ulimit -v 2097152; " + std::string(PLEXUS_CLI_PATH) + " " + arguments);
}

// The bow tie's largest degree is 4: a top-k past it lists the same pairs, and is sized by
// the arcs (14), not by K times the vertices.
TEST(cli_bounds, jaccard_top_k_is_bounded_by_the_arcs) {
  const fs::path most = scratch("topk_most.tsv"), huge = scratch("topk_huge.tsv");
  const cli_result r =
      run_cli_within_2g("run jaccard " + data("bowtie.mtx") + " --top-k 4 --out " + most.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const cli_result big = run_cli_within_2g("run jaccard " + data("bowtie.mtx") +
                                           " --top-k 4000000000 --validate --out " + huge.string());
  ASSERT_EQ(big.status, 0) << big.err;
  EXPECT_EQ(field(big.out, "Verification"), "PASS") << big.out;
  EXPECT_EQ(read_text(huge), read_text(most));
}

TEST(cli_bounds, bench_trials_are_refused_past_the_bound) {
  const cli_result r = run_cli("bench --graph " + data("bowtie.mtx") + " --algorithm tc --trials 100001");
  expect_one_error_line(r, "--trials must be an integer from 1 to 100000 (got 100001)");
  EXPECT_EQ(r.status, 2);
}

// Trials take the drawn sources in turn, so only as many are drawn as there are trials: two
// billion sources asked of six vertices would have held 8 GB. The sources the trials run are
// the first of the whole draw (with repeats, as more were asked than there are vertices).
TEST(cli_bounds, bench_sources_past_the_trials_are_not_drawn) {
  const auto sources_of = [](const std::string& count) {
    const fs::path json = scratch("bench_sources_" + count + ".json");
    const cli_result r = run_cli_within_2g("bench --graph " + data("bowtie.mtx") +
                                           " --algorithm bfs --trials 3 --quiet --sources " + count +
                                           " --json " + json.string());
    EXPECT_EQ(r.status, 0) << r.err;
    std::vector<std::uint64_t> sources;
    if (r.status != 0) return sources;
    const nlohmann::json row = nlohmann::json::parse(read_text(json)).at("results").at(0);
    EXPECT_EQ(row.at("sources").at("count").get<std::int64_t>(), std::stoll(count)) << row.dump();
    EXPECT_FALSE(row.at("sources").at("distinct").get<bool>()) << row.dump();
    for (const nlohmann::json& trial : row.at("trials")) sources.push_back(trial.at("source"));
    return sources;
  };
  const std::vector<std::uint64_t> all = sources_of("2147483647");
  EXPECT_EQ(all.size(), 3u);
  EXPECT_EQ(all, sources_of("7"));
}

// A batch of every source of kron:10 holds 1024 x 1024 entries of 28 bytes: the estimate
// counts them, so a limit below that refuses the run before it allocates anything.
TEST(cli_bounds, bc_batch_is_weighed_by_the_memory_check) {
  const cli_result r = run_cli("run bc kron:10 --batch 1024 --device-memory-limit 16M");
  expect_one_error_line(r, "bc on kron-10-16 needs about");
  EXPECT_EQ(run_cli("run bc kron:10 --batch 16 -k 16 --device-memory-limit 16M --validate").status, 0);
}

// A bench has no memory check: a batch of all of kron:18's sources (over a terabyte) is
// refused in one line naming the option and a batch that fits.
TEST(cli_bounds, bench_bc_batch_is_refused_when_it_cannot_fit) {
  const cli_result r = run_cli_within_2g(
      "bench --graph kron:18 --algorithm bc --bc-samples 262144 --bc-batch 262144 --trials 1 --quiet");
  expect_one_error_line(r,
                        "--bc-batch 262144: a batch holds its sources' state at each of the 262144 vertices");
  EXPECT_NE(r.err.find("; a batch of "), std::string::npos) << r.err;
}

TEST(cli_bounds, generated_hyperedges_are_bounded_by_the_vertices) {
  expect_one_error_line(run_cli("generate hypergraph --vertices 10 --max-size 11"),
                        "--max-size 11 exceeds --vertices 10: a hyperedge holds each vertex at most once");
  expect_one_error_line(run_cli("generate hypergraph --vertices 10 --min-size 1000000 --max-size 1000000"),
                        "--min-size 1000000 exceeds --vertices 10");
  // Without --max-size, the largest size is the vertex count when that is below the default.
  const cli_result r = run_cli("generate hypergraph --vertices 10 --hyperedges 50 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out);
  EXPECT_NE(report.at("input").get<std::string>().find("sizes 2..10 "), std::string::npos) << r.out;
}

TEST(cli_bounds, generation_refusals_name_the_options_that_size_them) {
  expect_one_error_line(run_cli("generate uniform --vertices 4294967295 --edges 18446744073709551615"),
                        "choose fewer --vertices or --edges");
}

// A chunk of less than one arc holds one arc: the run streams and verifies.
TEST(cli_bounds, out_of_core_chunks_hold_at_least_one_arc) {
  const cli_result r = run_cli(
      "run bfs kron:14 --engine out-of-core --device-memory-limit 68681728 --chunk-size 1 --validate");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(field(r.out, "Verification"), "PASS") << r.out;
  EXPECT_NE(field(r.out, "Regions").find("chunk 4 bytes x 3"), std::string::npos) << r.out;
}

}  // namespace
