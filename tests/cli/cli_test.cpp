// The plexus command-line tool, run as a separate process: help and version for every
// registered command, `info` counts on hand-made fixtures (checked against hand-computed
// answers), convert + info round trips through .plx, deterministic `generate`, and errors as
// one "plexus: error:" line with the documented exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace fs = std::filesystem;

namespace {

struct result {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string data(const char* name) { return std::string(PLEXUS_TEST_DATA_DIR) + "/cli/" + name; }

class cli_test : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("plexus-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Runs `plexus ARGS` (ARGS is shell text) with stdout and stderr captured to files, so
  /// neither is a terminal and no progress display may appear.
  result run(const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string command =
        std::string("'") + PLEXUS_CLI_PATH + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
    const int status = std::system(command.c_str());
    result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  nlohmann::json info_json(const std::string& file, const std::string& extra = "") {
    const result r = run("info '" + file + "' --json " + extra);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return nlohmann::json::parse(r.out);
  }

  static void expect_one_error_line(const result& r) {
    EXPECT_EQ(r.err.rfind("plexus: error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.back(), '\n');
  }

  fs::path dir_;
};

/// "name:   value" line of the text report.
std::string field(const std::string& report, const std::string& name) {
  std::smatch m;
  const std::regex line("(^|\n)" + name + ":[ ]+([^\n]*)");
  return std::regex_search(report, m, line) ? m[2].str() : "<missing " + name + ">";
}

TEST_F(cli_test, help_and_version) {
  const result help = run("--help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("Usage:"), std::string::npos);
  const result version = run("--version");
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out.rfind("plexus ", 0), 0u) << version.out;
}

TEST_F(cli_test, every_registered_command_has_help) {
  const result help = run("--help");
  ASSERT_EQ(help.code, 0);
  const std::vector<std::string> commands = plexus_cli_test::subcommands(help.out);
  for (const char* expected : {"info", "convert", "generate"})
    EXPECT_NE(std::find(commands.begin(), commands.end(), expected), commands.end()) << expected;
  for (const std::string& command : commands) {
    const result r = run(command + " --help");
    EXPECT_EQ(r.code, 0) << command << ": " << r.err;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << command;
  }
  for (const char* sub : {"kron", "uniform", "hypergraph"}) {
    const result r = run(std::string("generate ") + sub + " --help");
    EXPECT_EQ(r.code, 0) << sub;
    EXPECT_NE(r.out.find("--seed"), std::string::npos) << sub;
  }
}

TEST_F(cli_test, info_on_a_small_graph) {
  // cycle4.mtx: the 4-cycle 1-2-3-4, a self-loop on 6 (dropped), vertex 5 isolated.
  const result r = run("info '" + data("cycle4.mtx") + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "") << "no progress output when stderr is not a terminal";
  EXPECT_EQ(field(r.out, "Format"), "mtx");
  EXPECT_EQ(field(r.out, "Vertices"), "6");
  EXPECT_EQ(field(r.out, "Edges"), "4");
  EXPECT_EQ(field(r.out, "Arcs"), "8");
  EXPECT_EQ(field(r.out, "Directed"), "no");
  EXPECT_EQ(field(r.out, "Weighted"), "no");
  // Degrees 2,2,2,2,0,0: mean 4/3, stddev sqrt(8/9).
  EXPECT_EQ(field(r.out, "Degree"), "min 0, max 2, mean 1.333, stddev 0.943");
  EXPECT_EQ(field(r.out, "Isolated Vertices"), "2");
  EXPECT_NE(field(r.out, "Load Time").find(" s"), std::string::npos);
  EXPECT_NE(field(r.out, "Build Time").find(" s"), std::string::npos);
}

TEST_F(cli_test, info_directed_reports_in_and_out_degrees) {
  // directed.mtx: arcs 1->2, 1->3, 2->3, 4->1 over 5 vertices.
  const nlohmann::json j = info_json(data("directed.mtx"));
  EXPECT_EQ(j["directed"], true);
  EXPECT_EQ(j["edges"], 4);
  EXPECT_EQ(j["arcs"], 4);
  EXPECT_EQ(j["out_degree"]["max"], 2);  // vertex 1
  EXPECT_EQ(j["out_degree"]["min"], 0);  // vertices 3 and 5
  EXPECT_EQ(j["in_degree"]["max"], 2);   // vertex 3
  EXPECT_EQ(j["in_degree"]["min"], 0);   // vertices 4 and 5
  EXPECT_DOUBLE_EQ(j["in_degree"]["mean"].get<double>(), 0.8);
  EXPECT_EQ(j["isolated_vertices"], 1);  // only vertex 5 has no arc either way
  // --undirected mirrors the arcs: 4 edges, 8 stored arcs, no vertex of degree 0 but 5.
  const nlohmann::json u = info_json(data("directed.mtx"), "--undirected");
  EXPECT_EQ(u["directed"], false);
  EXPECT_EQ(u["edges"], 4);
  EXPECT_EQ(u["arcs"], 8);
  EXPECT_EQ(u["degree"]["max"], 3);  // vertex 1: 2, 3, 4
  EXPECT_EQ(u["isolated_vertices"], 1);
}

TEST_F(cli_test, info_on_a_small_hypergraph) {
  // tiny.hgr: {1,2,3}, {2,3}, {3,2,1} over 5 vertices.
  const nlohmann::json j = info_json(data("tiny.hgr"));
  EXPECT_EQ(j["kind"], "hypergraph");
  EXPECT_EQ(j["format"], "hmetis");
  EXPECT_EQ(j["vertices"], 5);
  EXPECT_EQ(j["hyperedges"], 3);
  EXPECT_EQ(j["pins"], 8);
  EXPECT_EQ(j["unique_hyperedges"], 2);
  EXPECT_EQ(j["isolated_vertices"], 2);
  EXPECT_EQ(j["edge_size"]["min"], 2);
  EXPECT_EQ(j["edge_size"]["max"], 3);
  EXPECT_EQ(j["vertex_degree"]["max"], 3);
  EXPECT_DOUBLE_EQ(j["vertex_degree"]["mean"].get<double>(), 8.0 / 5.0);
}

/// Everything a report says about the data itself (not where it came from or how long).
/// The report without what depends on how the input was read (a cache says why its direction
/// is what it is differently: "stored in the .plx file").
nlohmann::json content(nlohmann::json j) {
  for (const char* key :
       {"input", "format", "direction", "load_seconds", "build_seconds", "generation_seconds"})
    j.erase(key);
  return j;
}

TEST_F(cli_test, convert_then_info_gives_the_same_counts) {
  for (const char* name : {"cycle4.mtx", "tiny.hgr"}) {
    const fs::path plx = dir_ / (std::string(name) + ".plx");
    const result r = run("convert '" + data(name) + "' -o '" + plx.string() + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json original = info_json(data(name));
    const nlohmann::json cached = info_json(plx.string());
    EXPECT_EQ(cached["format"], "plx");
    EXPECT_EQ(content(original), content(cached)) << name;
  }
  // Directed graphs keep their reverse CSR: in-degrees come back from the cache.
  const fs::path plx = dir_ / "directed.plx";
  ASSERT_EQ(run("convert '" + data("directed.mtx") + "' -o '" + plx.string() + "'").code, 0);
  const nlohmann::json cached = info_json(plx.string());
  EXPECT_TRUE(cached.contains("in_degree"));
  EXPECT_EQ(content(info_json(data("directed.mtx"))), content(cached));
}

TEST_F(cli_test, generate_is_deterministic) {
  const std::string kron = "generate kron --scale 8 --edge-factor 4 --weighted";
  ASSERT_EQ(run(kron + " --seed 5 -o '" + (dir_ / "a.plx").string() + "'").code, 0);
  ASSERT_EQ(run(kron + " --seed 5 -o '" + (dir_ / "b.plx").string() + "'").code, 0);
  ASSERT_EQ(run(kron + " --seed 6 -o '" + (dir_ / "c.plx").string() + "'").code, 0);
  EXPECT_EQ(slurp(dir_ / "a.plx"), slurp(dir_ / "b.plx"));
  EXPECT_NE(slurp(dir_ / "a.plx"), slurp(dir_ / "c.plx"));
  const nlohmann::json j = info_json((dir_ / "a.plx").string());
  EXPECT_EQ(j["vertices"], 256);
  EXPECT_EQ(j["weighted"], true);

  const std::string hyper = "generate hypergraph --vertices 300 --hyperedges 200 --min-size 2 --max-size 9 "
                            "--exponent 1.5 --seed 4 -o ";
  ASSERT_EQ(run(hyper + "'" + (dir_ / "h1.plx").string() + "'").code, 0);
  ASSERT_EQ(run(hyper + "'" + (dir_ / "h2.plx").string() + "'").code, 0);
  EXPECT_EQ(slurp(dir_ / "h1.plx"), slurp(dir_ / "h2.plx"));
  const nlohmann::json h = info_json((dir_ / "h1.plx").string());
  EXPECT_EQ(h["vertices"], 300);
  EXPECT_EQ(h["hyperedges"], 200);
  EXPECT_LE(h["edge_size"]["max"].get<int>(), 9);

  ASSERT_EQ(run("generate uniform --vertices 100 --edges 500 --seed 2 -o '" + (dir_ / "u1.plx").string() + "'").code, 0);
  ASSERT_EQ(run("generate uniform --vertices 100 --edges 500 --seed 2 -o '" + (dir_ / "u2.plx").string() + "'").code, 0);
  EXPECT_EQ(slurp(dir_ / "u1.plx"), slurp(dir_ / "u2.plx"));
}

TEST_F(cli_test, generate_without_output_prints_the_report) {
  const result r = run("generate kron --scale 6 --edge-factor 2 --seed 1");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(field(r.out, "Vertices"), "64");
  EXPECT_NE(field(r.out, "Generation Time").find(" s"), std::string::npos);
}

TEST_F(cli_test, default_job_reports_the_kronecker_graph) {
  const result r = run("");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(field(r.out, "Vertices"), "65536");
  EXPECT_EQ(field(r.out, "Directed"), "no");
  EXPECT_NE(field(r.out, "Generation Time").find(" s"), std::string::npos);
  EXPECT_NE(field(r.out, "Build Time").find(" s"), std::string::npos);
}

TEST_F(cli_test, missing_file_is_one_error_line_and_exit_1) {
  const result r = run("info '" + (dir_ / "absent.mtx").string() + "'");
  EXPECT_EQ(r.code, 1);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("absent.mtx"), std::string::npos);
}

TEST_F(cli_test, malformed_inputs_are_one_error_line_and_exit_1) {
  std::ofstream(dir_ / "bad.mtx") << "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n9 1\n";
  result r = run("info '" + (dir_ / "bad.mtx").string() + "'");
  EXPECT_EQ(r.code, 1) << r.err;
  expect_one_error_line(r);

  // A damaged .plx cache.
  const fs::path plx = dir_ / "g.plx";
  ASSERT_EQ(run("convert '" + data("cycle4.mtx") + "' -o '" + plx.string() + "'").code, 0);
  std::string bytes = slurp(plx);
  bytes[bytes.size() - 3] ^= 1;
  std::ofstream(plx, std::ios::binary | std::ios::trunc) << bytes;
  r = run("info '" + plx.string() + "'");
  EXPECT_EQ(r.code, 1);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("checksum mismatch"), std::string::npos) << r.err;
}

TEST_F(cli_test, bad_usage) {
  result r = run("info '" + data("cycle4.mtx") + "' --format nonsense");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  r = run("convert '" + data("cycle4.mtx") + "' -o '" + (dir_ / "out.txt").string() + "'");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  EXPECT_FALSE(fs::exists(dir_ / "out.txt"));
}

// Errors the option parser finds are usage errors too: exit status 2, one "plexus: error:"
// line that ends with where to read the usage.
TEST_F(cli_test, parse_errors_exit_2_with_the_prefix_and_a_usage_hint) {
  result r = run("info");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("see 'plexus info --help'"), std::string::npos) << r.err;
  r = run("generate kron --scale notanumber");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("see 'plexus generate kron --help'"), std::string::npos) << r.err;
  r = run("run bfs --source");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("see 'plexus run bfs --help'"), std::string::npos) << r.err;
  r = run("frobnicate");
  EXPECT_EQ(r.code, 2);
  expect_one_error_line(r);
  EXPECT_NE(r.err.find("see 'plexus --help'"), std::string::npos) << r.err;
}

// Bytes of an input that a message quotes are escaped: no control character or invalid UTF-8
// reaches the terminal, and the message stays one line.
TEST_F(cli_test, error_messages_escape_control_bytes_and_invalid_utf8) {
  std::ofstream(dir_ / "raw.mtx") << "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 \x01\xff\x1b[2J 2\n";
  const result r = run("info '" + (dir_ / "raw.mtx").string() + "'");
  EXPECT_EQ(r.code, 1);
  expect_one_error_line(r);
  for (char c : r.err.substr(0, r.err.size() - 1))
    EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) << r.err;
  EXPECT_NE(r.err.find("\\x01\\xff\\x1b[2J"), std::string::npos) << r.err;
}

TEST_F(cli_test, failed_conversion_leaves_no_output) {
  const fs::path plx = dir_ / "never.plx";
  const result r = run("convert '" + (dir_ / "absent.mtx").string() + "' -o '" + plx.string() + "'");
  EXPECT_EQ(r.code, 1);
  expect_one_error_line(r);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir_)) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"stderr", "stdout"}));
}

}  // namespace
