// `plexus run kcore`, `plexus bench --algorithm kcore` and the default job's kcore line, run
// as separate processes: the printed lines on a hand-made fixture, --validate, --out in the
// input's own ids (also after --order degree), every --balance, and the one-line errors for
// a directed graph and an unknown balance.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

struct cli_output {
  int status = -1;
  std::string out, err;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path scratch_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("plexus_kcore_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

/// Runs `plexus ARGUMENTS`, its standard output read through a pipe, its standard error
/// through a file.
cli_output plexus(const std::string& arguments) {
  const fs::path err = scratch_file("stderr");
  const std::string command =
      std::string(PLEXUS_CLI_PATH) + " " + arguments + " 2>'" + err.string() + "' </dev/null";
  cli_output r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char chunk[4096];
  for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) r.out.append(chunk, got);
  const int status = ::pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err);
  return r;
}

/// The value of the line "Name:   value", or a marker naming the missing line.
std::string line_value(const std::string& text, const std::string& name) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(name + ":", 0) == 0) {
      const std::size_t value = line.find_first_not_of(' ', name.size() + 1);
      return value == std::string::npos ? "" : line.substr(value);
    }
  return "<no line " + name + ">";
}

/// "vertex<TAB>core" lines of an --out file.
std::map<long, long> vertex_cores(const fs::path& path) {
  std::map<long, long> cores;
  std::istringstream lines(read_file(path));
  long v = 0, c = 0;
  while (lines >> v >> c) cores[v] = c;
  return cores;
}

std::string fixture(const char* name) {
  return std::string(PLEXUS_TEST_DATA_DIR) + "/cli/" + name;
}

// bowtie.mtx: triangles 0-1-2 and 2-3-4, and vertex 5 hanging off 4. Level 1 peels 5 in one
// round; level 2 peels 0, 1, 3 and 4 (degree 2 now), then 2, whose degree 4 they take to 2.
TEST(kcore_cli, run_prints_its_lines_validates_and_writes_the_cores) {
  const fs::path out = scratch_file("bowtie.tsv");
  const cli_output r = plexus("run kcore " + fixture("bowtie.mtx") + " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(line_value(r.out, "Run Time"), "<no line Run Time>") << r.out;
  EXPECT_EQ(line_value(r.out, "Iterations"), "3");
  EXPECT_EQ(line_value(r.out, "Levels"), "2");
  EXPECT_EQ(line_value(r.out, "Max Core"), "2");
  EXPECT_EQ(line_value(r.out, "Max Core Vertices"), "5");
  EXPECT_EQ(line_value(r.out, "Core 1"), "1 vertices");
  EXPECT_EQ(line_value(r.out, "Core 2-3"), "5 vertices");
  EXPECT_NE(line_value(r.out, "Edges/s"), "<no line Edges/s>") << r.out;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(read_file(out), "0\t2\n1\t2\n2\t2\n3\t2\n4\t2\n5\t1\n");
}

// A SNAP file with sparse ids: the triangle 10-20-30 and 40 hanging off 30. The file lists
// them in the input's ids, in input and in degree order.
TEST(kcore_cli, out_file_is_in_the_input_ids_in_every_vertex_order) {
  const fs::path graph = scratch_file("sparse_ids.txt");
  std::ofstream(graph) << "# Undirected graph\n10 20\n20 30\n30 10\n30 40\n";
  const std::map<long, long> expected = {{10, 2}, {20, 2}, {30, 2}, {40, 1}};
  for (const char* order : {"input", "degree"}) {
    const fs::path out = scratch_file(std::string("sparse_") + order + ".tsv");
    const cli_output r =
        plexus("run kcore " + graph.string() + " --order " + order + " --validate --out " + out.string());
    ASSERT_EQ(r.status, 0) << order << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
    EXPECT_EQ(vertex_cores(out), expected) << order;
  }
}

TEST(kcore_cli, every_balance_validates_on_a_generated_graph) {
  for (const char* balance :
       {"auto", "thread_mapped", "warp_mapped", "block_mapped", "degree_bucketed", "edge_balanced"}) {
    const cli_output r = plexus(std::string("run kcore kron:11:8 --validate --balance ") + balance);
    EXPECT_EQ(r.status, 0) << balance << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << balance << "\n" << r.out;
  }
}

void expect_one_error_line(const cli_output& r, int status, const std::string& mentions) {
  EXPECT_EQ(r.status, status) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("plexus: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
}

// Both are invalid arguments, which the command line exits on with status 2.
TEST(kcore_cli, directed_graph_and_unknown_balance_are_one_line_errors) {
  expect_one_error_line(plexus("run kcore " + fixture("directed.mtx")), 2,
                        "core_numbers needs an undirected graph: symmetrize");
  expect_one_error_line(plexus("run kcore " + fixture("bowtie.mtx") + " --balance sideways"), 2,
                        "unknown load balance 'sideways'");
  const cli_output symmetrized = plexus("run kcore " + fixture("directed.mtx") + " --undirected --validate");
  EXPECT_EQ(symmetrized.status, 0) << symmetrized.err;
  EXPECT_NE(symmetrized.out.find("Verification: PASS"), std::string::npos) << symmetrized.out;
}

TEST(kcore_cli, bench_times_trials_and_writes_json) {
  const fs::path json = scratch_file("bench.json");
  const cli_output r = plexus(
      "bench --algorithm kcore --kron 10 --edge-factor 8 --device host --trials 2 "
      "--validate --json " +
      json.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::size_t trials = 0;
  for (std::size_t at = r.out.find("Trial Time:"); at != std::string::npos;
       at = r.out.find("Trial Time:", at + 1))
    ++trials;
  EXPECT_EQ(trials, 2u) << r.out;
  EXPECT_NE(r.out.find("Average Edges/s:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  const nlohmann::json doc = nlohmann::json::parse(read_file(json));
  ASSERT_EQ(doc.at("results").size(), 1u);
  const auto& row = doc.at("results")[0];
  EXPECT_EQ(row.at("algorithm"), "kcore");
  EXPECT_GT(row.at("edges_per_second").get<double>(), 0);
  EXPECT_GT(row.at("result").at("max_core").get<int>(), 0);
  for (const auto& trial : row.at("trials")) EXPECT_TRUE(trial.at("verified").get<bool>());
}

TEST(kcore_cli, default_job_prints_a_kcore_line) {
  const cli_output r = plexus("");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string line = line_value(r.out, "kcore");
  EXPECT_EQ(line.rfind("host ", 0), 0u) << line;
  EXPECT_NE(line.find("max core "), std::string::npos) << line;
}

}  // namespace
