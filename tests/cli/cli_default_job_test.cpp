// The default job (`plexus` without a command), run as a separate process: a line per graph
// algorithm with its time, rate and summary under a header naming the device, the back ends
// and thread count in the report, label propagation's note, the suggested commands (each run
// as printed), and the same facts in JSON.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// The rate each algorithm's line shows, its `plexus run` metric: the unit of the text line and
/// the JSON key.
struct rate {
  std::string unit, key;
};
const std::map<std::string, rate> kRates = {
    {"bfs", {"GTEPS", "gteps"}},
    {"sssp", {"GTEPS", "gteps"}},
    {"cc", {"edges/s", "edges_per_second"}},
    {"pagerank", {"GB/s", "gbytes_per_second"}},
    {"lp", {"edges/s", "edges_per_second"}},
    {"tc", {"edges/s", "edges_per_second"}},
    {"lcc", {"edges/s", "edges_per_second"}},
    {"jaccard", {"pairs/s", "pairs_per_second"}},
    {"bc", {"GTEPS", "gteps"}},
    {"kcore", {"edges/s", "edges_per_second"}},
};

/// The lines after "Next:", without their "# what it shows" comments.
std::vector<std::string> next_commands(const std::string& out) {
  std::vector<std::string> commands;
  std::istringstream lines(out.substr(out.find("\nNext:\n") + 7));
  std::string line;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    const std::size_t comment = line.find("  # ");
    if (comment == std::string::npos) continue;  // a note, not a command
    commands.push_back(line.substr(2, comment - 2));
    while (commands.back().back() == ' ') commands.back().pop_back();
  }
  return commands;
}

TEST(cli_default_job, each_algorithm_line_shows_its_time_rate_and_summary_under_its_device) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex("\nAlgorithms on host \\(OpenMP, [0-9]+ threads?\\), source [0-9]+ "
                                          "for the single-source ones:\n")))
      << r.out;
  for (const auto& [algorithm, expected] : kRates) {
    const std::string line = field(r.out, algorithm);
    // "host    0.07269 s    0.0125 GTEPS      reached 46861, depth 4"
    const std::regex shape("host +[0-9]+\\.[0-9]{5} s +[0-9.e+-]+ ([kMGT] )?" + expected.unit + " +[^ ].*");
    EXPECT_TRUE(std::regex_match(line, shape)) << algorithm << ": " << line;
  }
  EXPECT_NE(field(r.out, "bfs").find("reached"), std::string::npos);
  EXPECT_NE(field(r.out, "tc").find("triangles"), std::string::npos);
  EXPECT_NE(field(r.out, "bc").find("from 16 sources"), std::string::npos);
}

// Label propagation on a Kronecker graph merges the vertices with edges into one community; its
// line says how large that is and why modularity is near 0, so it does not read as a failure.
TEST(cli_default_job, lp_line_explains_its_near_zero_modularity) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string line = field(r.out, "lp");
  EXPECT_TRUE(std::regex_search(
      line, std::regex("[0-9]+ communities, largest [0-9]+ vertices, modularity [0-9.]+ "
                       "\\(near 0: no community structure found; Kronecker graphs have none\\)$")))
      << line;
}

TEST(cli_default_job, report_names_the_back_ends_and_host_threads) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string backends = field(r.out, "back ends");
  EXPECT_EQ(backends.rfind("host available, cuda ", 0), 0u) << backends;
  EXPECT_NE(backends.find(", hip "), std::string::npos) << backends;
  EXPECT_TRUE(std::regex_match(field(r.out, "host threads"), std::regex("[1-9][0-9]*"))) << r.out;
  // The same states as --version.
  const cli_result version = run_cli("--version");
  for (const char* backend : {"cuda", "hip"}) {
    const std::regex line(std::string("\n  ") + backend + " +([^\n]+)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(version.out, m, line)) << version.out;
    EXPECT_NE(backends.find(std::string(backend) + " " + m[1].str()), std::string::npos) << backends;
  }
}

// Every suggested command runs as printed, GRAPH replaced by a file of the user's; where no GPU
// back end has a device, no --device command is offered and a line says why.
TEST(cli_default_job, suggested_commands_run_as_printed) {
  const cli_result r = run_cli("");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> commands = next_commands(r.out);
  ASSERT_GE(commands.size(), 4u) << r.out;
  bool graph_file = false, dsl = false, gpu = false;
  for (std::string command : commands) {
    EXPECT_EQ(command.rfind(std::string(PLEXUS_CLI_PATH) + " ", 0), 0u) << command;
    if (const std::size_t at = command.find("GRAPH"); at != std::string::npos) {
      command.replace(at, 5, data("bowtie.mtx"));
      graph_file = true;
    }
    dsl = dsl || command.find(" dsl run ") != std::string::npos;
    gpu = gpu || command.find(" --device ") != std::string::npos;
    const cli_result run = run_command(command);
    EXPECT_EQ(run.status, 0) << command << "\n" << run.err;
    EXPECT_EQ(run.err, "") << command;
    if (command.find("--validate") != std::string::npos) {
      EXPECT_NE(run.out.find("Verification: PASS"), std::string::npos) << command << "\n" << run.out;
    }
  }
  EXPECT_TRUE(graph_file);
  EXPECT_TRUE(dsl) << r.out;
  const std::string backends = field(r.out, "back ends");
  const bool gpu_present = backends.find("cuda available") != std::string::npos ||
                           backends.find("hip available") != std::string::npos;
  EXPECT_EQ(gpu, gpu_present) << r.out;
  EXPECT_EQ(r.out.find("this build has no GPU back end with a device") != std::string::npos, !gpu_present)
      << r.out;
}

TEST(cli_default_job, json_holds_the_same_facts) {
  const cli_result r = run_cli("--json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc.at("back ends").at("host"), "available");
  EXPECT_TRUE(doc.at("back ends").contains("cuda"));
  EXPECT_GE(doc.at("host threads").get<int>(), 1);
  std::map<std::string, int> seen;
  for (const auto& line : doc.at("algorithms")) {
    const std::string algorithm = line.at("algorithm");
    ++seen[algorithm];
    if (line.at("backend") == "host") {
      EXPECT_TRUE(
          std::regex_match(line.at("device").get<std::string>(), std::regex("OpenMP, [0-9]+ threads?")));
    }
    EXPECT_GT(line.at("seconds").get<double>(), 0) << algorithm;
    EXPECT_GT(line.at(kRates.at(algorithm).key).get<double>(), 0) << algorithm;
    EXPECT_FALSE(line.at("summary").get<std::string>().empty()) << algorithm;
  }
  for (const auto& [algorithm, expected] : kRates) EXPECT_GE(seen[algorithm], 1) << algorithm;
}

}  // namespace
