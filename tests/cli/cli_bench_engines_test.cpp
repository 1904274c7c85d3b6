// `plexus bench --engine ... --device-memory-limit ...`: one table per algorithm, the in-memory
// reference first, then auto without a limit and every engine under every limit (managed
// twice: plainly and read-mostly), each row's answers compared with the in-memory ones for the
// same sources; the JSON rows carry the engine, the limit, `verified` and the engine's figures.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

// 64 MiB for the engine's fixed share (outofcore/footprint.hpp) and 1.5 or 1.0 MiB more: room
// for kron:14's per-vertex state and a part of its 1.7 MB of arcs, so that the rest streams.
constexpr const char* kLimits = "--device-memory-limit 68681728,68157440";

TEST(cli_bench_engines, every_engine_and_limit_gets_a_verified_row) {
  const fs::path json = scratch("bench_engines.json");
  const cli_result r = run_cli(
      "bench --graph kron:14 --algorithm bfs,sssp,cc,pagerank --random-weights --engine auto,out-of-core,subway,"
      "zero-copy,managed " +
      std::string(kLimits) + " --trials 2 --quiet --json " + json.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_EQ(occurrences(r.out, "\nEngines: "), 4u) << r.out;
  EXPECT_EQ(occurrences(r.out, "failed"), 0u) << r.out;
  EXPECT_EQ(occurrences(r.out, " NO ("), 0u) << r.out;
  const nlohmann::json document = nlohmann::json::parse(read_text(json));
  const nlohmann::json& rows = document.at("results");
  // Per algorithm: in-memory, auto, then 6 rows under each of the 2 limits.
  ASSERT_EQ(rows.size(), 4u * 14u);
  std::set<std::string> engines;
  for (const nlohmann::json& row : rows) {
    engines.insert(row.at("engine").get<std::string>());
    EXPECT_TRUE(row.at("verified").get<bool>()) << row.dump();
    const std::string engine = row.at("engine");
    const bool streams = engine != "in-memory" && engine != "auto";
    EXPECT_EQ(row.at("result").contains("engine"), streams) << row.dump();
    if (engine == "out-of-core") {
      EXPECT_GT(row.at("result").at("engine").at("moved_bytes").get<std::uint64_t>(), 0u);
      EXPECT_LE(row.at("result").at("engine").at("peak_device_bytes").get<std::uint64_t>(),
                row.at("device_memory_limit_bytes").get<std::uint64_t>());
      EXPECT_FALSE(row.at("result").at("engine").at("iterations").empty());
    }
  }
  EXPECT_EQ(engines, (std::set<std::string>{"in-memory", "auto", "out-of-core", "subway", "zero-copy", "managed",
                                            "managed (read-mostly)"}));
}

TEST(cli_bench_engines, limits_without_engines_run_auto_under_each) {
  const fs::path json = scratch("bench_engines_auto.json");
  const cli_result r =
      run_cli("bench --graph kron:14 --algorithm bfs " + std::string(kLimits) + " --trials 1 --quiet --json " +
              json.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  const nlohmann::json rows = nlohmann::json::parse(read_text(json)).at("results");
  ASSERT_EQ(rows.size(), 4u);  // in-memory, auto without a limit, auto under each of the two
  EXPECT_EQ(rows[0].at("engine"), "in-memory");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].at("engine"), "auto");
    EXPECT_TRUE(rows[i].at("verified").get<bool>()) << rows[i].dump();
  }
  EXPECT_EQ(rows[2].at("device_memory_limit_bytes").get<std::uint64_t>(), 68681728u);
}

TEST(cli_bench_engines, engines_do_not_apply_to_hypergraph_algorithms) {
  const cli_result r = run_cli("bench --algorithm hyper-lp --graph hyper:1 --engine out-of-core --trials 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--engine does not apply to the hypergraph algorithms"), std::string::npos) << r.err;
}

}  // namespace
