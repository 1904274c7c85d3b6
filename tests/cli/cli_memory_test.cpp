// The memory estimate: every algorithm's estimate covers what its run held on the back end
// (measured by the back end's memory account), `plexus run` refuses up front, with the
// numbers, a run estimated past the memory it has, and `plexus info` lists the needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "skip_reasons.hpp"

namespace {

using namespace plexus_cli_test;

/// The algorithms `plexus run --help` lists, with the input they take.
std::vector<std::string> listed_algorithms() {
  const cli_result r = run_cli("run --help");
  std::vector<std::string> names;
  const std::regex row("\n  ([a-z][a-z-]*) {2,}");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), row); it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1].str());
  return names;
}

/// What `plexus run ALGORITHM INPUT --json` measured and estimated.
struct measured_memory {
  std::uint64_t peak = 0, estimate = 0;
};

measured_memory run_and_measure(const std::string& algorithm, const std::string& input) {
  const cli_result r = run_cli("run " + algorithm + " " + input + " --json");
  EXPECT_EQ(r.status, 0) << algorithm << " " << input << ": " << r.err;
  if (r.status != 0) return {};
  const nlohmann::json memory = nlohmann::json::parse(r.out).at("memory");
  return {memory.at("working_peak_bytes").get<std::uint64_t>(),
          memory.at("estimated_working_bytes").get<std::uint64_t>()};
}

TEST(cli_memory, every_algorithms_estimate_covers_what_its_run_held_and_stays_close) {
  const std::vector<std::string> algorithms = listed_algorithms();
  ASSERT_GE(algorithms.size(), 13u);
  const std::vector<std::string> graphs = {"kron:12:16", "kron:13:4 --directed", "kron:11:8 --random-weights"};
  for (const std::string& algorithm : algorithms) {
    const bool hyper = algorithm.starts_with("hyper-");
    const bool undirected_only = algorithm == "tc" || algorithm == "jaccard" || algorithm == "kcore";
    std::vector<std::string> inputs = hyper ? std::vector<std::string>{"hyper:0.05", "hyper:0.2"} : graphs;
    for (const std::string& input : inputs) {
      if (undirected_only && input.find("--directed") != std::string::npos) continue;
      if (input.find("--random-weights") != std::string::npos && algorithm != "sssp" && algorithm != "bfs") continue;
      const measured_memory m = run_and_measure(algorithm, input);
      EXPECT_GT(m.peak, 0u) << algorithm << " on " << input;
      EXPECT_GE(m.estimate, m.peak) << algorithm << " on " << input;
      // Close enough to be worth printing: at most twice the peak, beside the fixed allowance.
      EXPECT_LE(m.estimate, 2 * m.peak + (std::uint64_t(128) << 10)) << algorithm << " on " << input;
    }
  }
}

TEST(cli_memory, run_refuses_up_front_with_the_numbers_when_the_estimate_exceeds_the_limit) {
  const fs::path out = scratch("refused.tsv");
  fs::remove(out);
  const cli_result r = run_cli("run bfs kron:14 --device-memory-limit 100K --out " + out.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("plexus: error: bfs on kron-14-16 needs about "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("100 KiB is the --device-memory-limit"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("Traversal Time:"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
}

TEST(cli_memory, an_allocation_past_the_limit_names_the_stage_and_the_amount) {
  const cli_result r = run_cli("run bfs kron:14 --device-memory-limit 100K --no-memory-check");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("plexus: error: running bfs on host: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cannot allocate "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("of the 100 KiB device memory limit are in use"), std::string::npos) << r.err;
}

TEST(cli_memory, run_prints_the_peak_beside_the_estimate) {
  const cli_result r = run_cli("run cc kron:10");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(field(r.out, "Device Memory"),
                                std::regex("^[0-9.]+ (bytes|[KMG]iB) input \\+ [0-9.]+ (bytes|[KMG]iB) working at the peak "
                                           "\\(estimated .+\\)$")))
      << r.out;
}

TEST(cli_memory, info_lists_every_algorithms_memory_on_the_host_and_a_gpu) {
  const fs::path graph = scratch("memory_kron12.plx");
  ASSERT_EQ(run_cli("generate kron --scale 12 -o " + graph.string()).status, 0);
  const cli_result r = run_cli("info " + graph.string() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json memory = nlohmann::json::parse(r.out).at("memory");
  EXPECT_GT(memory.at("input_bytes").get<std::uint64_t>(), 12u * 4096);
  const nlohmann::json& bfs = memory.at("algorithms").at("bfs");
  EXPECT_GE(bfs.at("host_bytes").get<std::uint64_t>(), 32u * 4096);
  EXPECT_GT(bfs.at("gpu_bytes").get<std::uint64_t>(), bfs.at("host_bytes").get<std::uint64_t>());
  EXPECT_FALSE(memory.at("algorithms").contains("hyper-lp"));
  const cli_result text = run_cli("info " + graph.string());
  EXPECT_NE(field(text.out, "memory pagerank").find(" beside the input; GPU "), std::string::npos) << text.out;
}

// Named for CUDA: it needs the device, and runs where one is present.
TEST(cli_memory, info_says_whether_each_algorithm_fits_this_gpu_cuda) {
  PLEXUS_SKIP_WITHOUT_BACKEND(plexus::backend::cuda);
  const fs::path graph = scratch("memory_fit_kron12.plx");
  ASSERT_EQ(run_cli("generate kron --scale 12 -o " + graph.string()).status, 0);
  const cli_result text = run_cli("info " + graph.string());
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(field(text.out, "gpu").find("cuda, "), std::string::npos) << text.out;
  EXPECT_NE(field(text.out, "memory bfs").find("; fits this GPU"), std::string::npos) << text.out;
  const nlohmann::json memory = nlohmann::json::parse(run_cli("info " + graph.string() + " --json").out);
  EXPECT_TRUE(memory.at("memory").at("algorithms").at("bfs").at("fits_gpu").get<bool>());
  EXPECT_TRUE(memory.at("memory").at("algorithms").at("bfs").at("streams").get<bool>());
  EXPECT_GT(memory.at("gpu").at("free_bytes").get<std::uint64_t>(), 0u);
}

}  // namespace
