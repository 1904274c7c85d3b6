// `plexus run --engine`: the out-of-core engines run BFS, SSSP, CC and PageRank from the command line
// with the in-memory results (--validate checks them against the serial references), say
// which engine ran and report what it moved and how (gathered or range chunks); algorithms that run in memory only, and engine
// options without an out-of-core engine, are refused by name.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

// Room for the engine's fixed share (outofcore/footprint.hpp), kron:14's per-vertex state and a
// part of its arcs, so that the rest streams in many small chunks.
constexpr const char* kLimit = "--device-memory-limit 65M --chunk-size 16K";

TEST(cli_engine, every_engine_runs_bfs_sssp_cc_and_pagerank_with_the_in_memory_results) {
  for (const std::string engine : {"out-of-core", "subway", "zero-copy", "managed"}) {
    for (const std::string algorithm : {"bfs", "sssp --random-weights", "cc", "pagerank"}) {
      const cli_result r =
          run_cli("run " + algorithm + " kron:14 --engine " + engine + " " + kLimit + " --validate");
      EXPECT_EQ(r.status, 0) << algorithm << " " << engine << ": " << r.err << r.out;
      EXPECT_EQ(field(r.out, "Verification"), "PASS") << algorithm << " " << engine << ": " << r.out;
      EXPECT_EQ(field(r.out, "Engine"), engine + " (--engine)") << r.out;
      EXPECT_NE(field(r.out, "Moved Bytes"), "<missing Moved Bytes>") << r.out;
    }
  }
}

TEST(cli_engine, out_of_core_run_reports_its_regions_and_writes_the_in_memory_file) {
  const fs::path streamed = scratch("engine_bfs_streamed.tsv"), in_memory = scratch("engine_bfs_memory.tsv");
  const cli_result r = run_cli("run bfs kron:14 --engine out-of-core " + std::string(kLimit) + " --out " +
                               streamed.string() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary.at("engine").at("name"), "out-of-core");
  EXPECT_GT(summary.at("engine").at("on_demand_arcs").get<std::uint64_t>(), 0u);
  EXPECT_GT(summary.at("engine").at("chunks").get<std::uint64_t>(), 0u);
  ASSERT_EQ(run_cli("run bfs kron:14 --out " + in_memory.string()).status, 0);
  EXPECT_EQ(read_text(streamed), read_text(in_memory));
}

TEST(cli_engine, pagerank_copies_every_chunk_as_a_range_unless_told_to_gather) {
  // Every list is read in every PageRank iteration, so every fetched chunk lies whole in the CSR.
  for (const std::string density : {"", " --range-density 0"}) {
    const cli_result r = run_cli("run pagerank kron:14 --engine out-of-core " + std::string(kLimit) + density + " --json");
    ASSERT_EQ(r.status, 0) << density << ": " << r.err;
    const nlohmann::json engine = nlohmann::json::parse(r.out).at("engine");
    const std::uint64_t chunks = engine.at("chunks").get<std::uint64_t>();
    EXPECT_GT(chunks, 0u);
    EXPECT_EQ(engine.at("range_copies").get<bool>(), density.empty());
    EXPECT_EQ(engine.at("range_chunks").get<std::uint64_t>(), density.empty() ? chunks : 0u) << density;
  }
}

TEST(cli_engine, long_lists_are_read_in_place_only_when_asked) {
  for (const std::string degree : {"", " --zero-copy-degree 16"}) {
    const cli_result r = run_cli("run bfs kron:14 --engine out-of-core " + std::string(kLimit) + degree + " --json");
    ASSERT_EQ(r.status, 0) << degree << ": " << r.err;
    const nlohmann::json engine = nlohmann::json::parse(r.out).at("engine");
    EXPECT_EQ(engine.at("zero_copy_lists").get<bool>(), !degree.empty());
    const auto in_place = engine.at("zero_copy_arcs").get<std::uint64_t>();
    const auto on_demand = engine.at("on_demand_arcs").get<std::uint64_t>();
    if (degree.empty()) {
      EXPECT_EQ(in_place, 0u);
    } else {
      EXPECT_GT(in_place, 0u);
      EXPECT_LT(in_place, on_demand);  // the short lists are still fetched
      EXPECT_TRUE(engine.at("moved_bytes_estimated").get<bool>());
    }
  }
}

TEST(cli_engine, an_algorithm_that_runs_in_memory_only_is_refused_by_name) {
  const cli_result r = run_cli("run tc kron:10 --engine out-of-core");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--engine out-of-core: tc runs in memory only ("), std::string::npos) << r.err;
  for (const char* streaming : {"bfs", "sssp", "cc", "pagerank"})
    EXPECT_NE(r.err.find(streaming), std::string::npos) << r.err;
}

TEST(cli_engine, engine_options_without_an_out_of_core_engine_are_refused) {
  for (const char* option : {"--static-fraction 0.5", "--no-overlap", "--range-density 1", "--zero-copy-degree 8"}) {
    const cli_result r = run_cli("run bfs kron:10 --engine in-memory " + std::string(option));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--static-fraction, --active-fraction-estimate, --chunk-size, --range-density, "
                         "--zero-copy-degree and --no-overlap apply to the out-of-core engines only"),
              std::string::npos)
        << r.err;
  }
}

TEST(cli_engine, the_ablations_keep_the_in_memory_results) {
  for (const char* ablation :
       {"--no-overlap", "--static-fraction 0", "--static-fraction 0.5", "--range-density 0", "--range-density 1",
        "--zero-copy-degree 1", "--zero-copy-degree 32"}) {
    const cli_result r = run_cli("run bfs kron:14 --engine out-of-core " + std::string(kLimit) + " " + ablation +
                                 " --validate");
    EXPECT_EQ(r.status, 0) << ablation << ": " << r.err;
    EXPECT_EQ(field(r.out, "Verification"), "PASS") << ablation << ": " << r.out;
  }
}

TEST(cli_engine, a_run_that_fits_stays_in_memory_and_says_nothing_about_engines) {
  const cli_result r = run_cli("run bfs kron:10");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("Engine:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Device Memory:"), std::string::npos) << r.out;
}

}  // namespace
