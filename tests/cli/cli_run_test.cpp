// `plexus run` and `plexus bench` end to end: the grep-able lines, the --out file in
// original ids, --validate, the exit status for a bad source and the bench JSON.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_support.hpp"
#include "skip_reasons.hpp"

namespace {

namespace fs = std::filesystem;

struct cli_result {
  int status = -1;
  std::string output;  // stdout and stderr
};

cli_result run_cli(const std::string& arguments) {
  const std::string command = std::string(PLEXUS_CLI_PATH) + " " + arguments + " 2>&1";
  cli_result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) result.output += buffer;
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("plexus_cli_run_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const fs::path kDatasets = PLEXUS_DATASETS_DIR;

TEST(cli_run, bfs_on_generated_graph_validates) {
  const cli_result r = run_cli("run bfs kron:8:8 --validate");
  EXPECT_EQ(r.status, 0) << r.output;
  for (const char* line : {"Load Time:", "Upload Time:", "Traversal Time:", "Iterations:", "Vertices Reached:",
                           "Max Depth:", "GTEPS:", "Verification: PASS"})
    EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
}

TEST(cli_run, sssp_with_random_weights_validates_in_every_mode) {
  for (const char* extra : {"", " --random-weights", " --directed --random-weights", " --delta 7"}) {
    const cli_result r = run_cli(std::string("run sssp kron:8:8 --validate") + extra);
    EXPECT_EQ(r.status, 0) << extra << "\n" << r.output;
    EXPECT_NE(r.output.find("Verification: PASS"), std::string::npos) << extra << "\n" << r.output;
    EXPECT_NE(r.output.find("Max Distance:"), std::string::npos) << r.output;
  }
}

TEST(cli_run, bfs_directions_validate) {
  for (const char* direction : {"auto", "push", "pull"}) {
    const cli_result r = run_cli(std::string("run bfs kron:9 --directed --validate --direction ") + direction);
    EXPECT_EQ(r.status, 0) << direction << "\n" << r.output;
    EXPECT_NE(r.output.find("Verification: PASS"), std::string::npos) << r.output;
  }
}

TEST(cli_run, karate_levels_written_in_original_ids) {
  PLEXUS_SKIP_WITHOUT_DATASET(kDatasets / "graphs");
  const fs::path out = scratch("karate_bfs.tsv");
  // LAGraph's source 30 and its vertex v are karate.mtx's rows 31 and v + 1: the ids plexus
  // reads and writes.
  const cli_result r = run_cli("run bfs " + (kDatasets / "graphs" / "karate.mtx").string() + " -s 31 --validate --out " +
                               out.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Source:             31\n"), std::string::npos) << r.output;
  // Compare with LAGraph's levels: "vertex level" lines after '#' comments.
  std::ifstream reference(kDatasets / "reference" / "lagraph" / "karate_bfs_levels_src30.txt");
  std::ifstream written(out);
  std::string line;
  ASSERT_TRUE(std::getline(written, line));
  EXPECT_EQ(line, "# vertex\tdepth\tparent");
  int compared = 0;
  while (std::getline(reference, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    long vertex = 0, level = 0;
    fields >> vertex >> level;
    std::string got;
    ASSERT_TRUE(std::getline(written, got));
    long v = -1, depth = -1, parent = -2;
    std::istringstream(got) >> v >> depth >> parent;
    EXPECT_EQ(v, vertex + 1);
    EXPECT_EQ(depth, level) << "vertex " << vertex;
    EXPECT_EQ(parent == v, vertex == 30) << got;
    ++compared;
  }
  EXPECT_EQ(compared, 34);
}

TEST(cli_run, snap_ids_are_mapped_both_ways) {
  // SNAP ids are renumbered internally; -s and --out speak the file's ids.
  const fs::path graph = scratch("sparse_ids.txt");
  std::ofstream(graph) << "# a path 100 - 7 - 5000 and an isolated pair 9 - 10\n100 7\n7 5000\n9 10\n";
  const fs::path out = scratch("sparse_ids.tsv");
  const cli_result r = run_cli("run bfs " + graph.string() + " --undirected -s 7 --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Source:             7\n"), std::string::npos) << r.output;
  const std::string text = read_text(out);
  EXPECT_NE(text.find("100\t1\t7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("7\t0\t7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("5000\t1\t7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("9\t-1\t-1\n"), std::string::npos) << text;

  const fs::path sssp_out = scratch("sparse_ids_sssp.tsv");
  ASSERT_EQ(run_cli("run sssp " + graph.string() + " --undirected -s 100 --out " + sssp_out.string()).status, 0);
  const std::string distances = read_text(sssp_out);
  EXPECT_NE(distances.find("5000\t2\t7\n"), std::string::npos) << distances;
  EXPECT_NE(distances.find("10\tinf\t-1\n"), std::string::npos) << distances;

  const cli_result missing = run_cli("run bfs " + graph.string() + " -s 3");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.output.find("source 3 is not a vertex"), std::string::npos) << missing.output;
}

TEST(cli_run, bad_arguments_fail_with_one_line) {
  cli_result r = run_cli("run dfs kron:6");
  EXPECT_NE(r.status, 0);
  r = run_cli("run bfs kron:0");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("kron:0"), std::string::npos) << r.output;
  r = run_cli("run bfs kron:6 --balance sideways");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("sideways"), std::string::npos) << r.output;
}

TEST(cli_bench, prints_trials_and_writes_json) {
  const fs::path json_path = scratch("bench.json");
  const cli_result r = run_cli(
      "bench --algorithm bfs,sssp --kron 9 --edge-factor 8 --device host --trials 3 --sources 2 --validate "
      "--verbose --json " +
      json_path.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(plexus_cli_test::occurrences(r.output, "Trial Time:"), 6u) << r.output;
  EXPECT_NE(r.output.find("\nTime:               median "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\nGTEPS:              median "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Upload Time:"), std::string::npos);
  EXPECT_EQ(r.output.find("FAIL"), std::string::npos) << r.output;

  const nlohmann::json doc = nlohmann::json::parse(read_text(json_path));
  EXPECT_TRUE(doc.at("git_revision").is_string());
  EXPECT_FALSE(doc.at("git_revision").get<std::string>().empty());
  EXPECT_TRUE(doc.at("timestamp").is_string());
  ASSERT_EQ(doc.at("results").size(), 2u);
  for (const auto& result : doc.at("results")) {
    EXPECT_EQ(result.at("graph"), "kron-9-8");
    EXPECT_EQ(result.at("vertices"), 512);
    EXPECT_EQ(result.at("backend"), "host");
    EXPECT_TRUE(result.at("device").is_string());
    ASSERT_EQ(result.at("trials").size(), 3u);
    double sum = 0;
    for (const auto& trial : result.at("trials")) {
      sum += trial.at("seconds").get<double>();
      EXPECT_GT(trial.at("iterations").get<int>(), 0);
      EXPECT_TRUE(trial.at("verified").get<bool>());
    }
    EXPECT_NEAR(result.at("statistics").at("seconds").at("mean").get<double>(), sum / 3, 1e-12);
    EXPECT_GT(result.at("statistics").at("gteps").at("median").get<double>(), 0);
  }
  EXPECT_EQ(doc.at("results")[0].at("trials")[0].at("source"), doc.at("results")[0].at("trials")[2].at("source"))
      << "2 distinct sources are used in turn";
}

TEST(cli_bench, unavailable_cuda_is_refused_by_name) {
  const cli_result probe = run_cli("bench --kron 6 --device cuda --trials 1");
  if (probe.status == 0) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_NE(probe.output.find("cuda"), std::string::npos) << probe.output;
}

}  // namespace
