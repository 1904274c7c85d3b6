// One report style for every command that prints "Label: value" lines (run, bench, info,
// generate, convert, dsl run, the default job): the values start at one column, every time is
// in seconds with its unit, and run ends with the wall time the user waited.
#include <gtest/gtest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// A "Label: value" line: the label, and where its value starts.
struct report_line {
  std::string label, value;
  std::size_t column = 0;
};

/// The "Label: value" lines of `text`: a label starting with a capital letter, a colon, spaces,
/// a value. Table rows (indented) and headings (nothing after the colon) are not such lines.
std::vector<report_line> report_lines(const std::string& text) {
  static const std::regex pattern("^([A-Z][^:]*):( +)(\\S.*)$");
  std::vector<report_line> lines;
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_match(line, m, pattern))
      lines.push_back({m[1].str(), m[3].str(), static_cast<std::size_t>(m.position(3))});
  return lines;
}

/// The reports of every command that prints such lines, labelled by their command line.
std::vector<std::pair<std::string, std::string>> every_report() {
  const std::string graph = data("bowtie.mtx"), hyper = data("tiny.hgr");
  const std::vector<std::string> commands = {
      "run bfs " + graph + " --validate --out " + scratch("style_depths.tsv").string(),
      "run lp " + data("directed.mtx") + " --validate",
      "run tc " + graph + " --per-vertex --validate",
      "run pagerank " + graph + " --validate",
      "run hyper-lp " + hyper + " --validate",
      "run bfs " + graph + " --engine out-of-core --validate",
      "bench --algorithm bfs,pagerank --graph " + graph + " --device host --trials 2 --validate --verbose",
      "bench --algorithm hyper-lp --graph " + hyper + " --device host --trials 2 --validate --verbose",
      "bench --distributed --graph kron:7:4 --trials 2 --validate --verbose",
      "info " + graph,
      "info " + hyper,
      "generate kron --scale 5 -o " + scratch("style_kron.plx").string(),
      "convert " + graph + " --order degree -o " + scratch("style_bowtie.plx").string(),
      "dsl run " + std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/triangles.sp " + graph,
      ""};  // the default job
  std::vector<std::pair<std::string, std::string>> reports;
  for (const std::string& command : commands) {
    const cli_result r = run_cli(command);
    EXPECT_EQ(r.status, 0) << command << "\n" << r.out << r.err;
    reports.emplace_back(command.empty() ? "(the default job)" : command, r.out);
  }
  return reports;
}

// The values of every command's lines start at the same column, whatever the label
// ("Verification", "Skipping Iterations", "Trial Vertex Phase Time", "Singleton Hyperedges").
TEST(cli_report_style, every_value_starts_at_one_column) {
  std::set<std::size_t> columns;
  for (const auto& [command, text] : every_report()) {
    const std::vector<report_line> lines = report_lines(text);
    EXPECT_GE(lines.size(), 3u) << command << "\n" << text;
    for (const report_line& line : lines) {
      if (!columns.empty()) {
        EXPECT_EQ(line.column, *columns.begin()) << command << ": '" << line.label << "'\n" << text;
      }
      columns.insert(line.column);
    }
  }
  EXPECT_EQ(columns.size(), 1u);
}

// Every "... Time:" line gives seconds with their unit: "Load Time: 0.01234 s", and in bench's
// statistics "Iteration Time: median 0.01 s, ...". Labels are capitalised words throughout, as
// run prints them ("Load Time", never info's former "load time").
TEST(cli_report_style, every_time_is_in_seconds_with_its_unit) {
  static const std::regex seconds("^(median )?[0-9.e+-]+ s(,.*| \\[.*)?$");
  int times = 0;
  for (const auto& [command, text] : every_report()) {
    for (const report_line& line : report_lines(text)) {
      EXPECT_TRUE(std::isupper(static_cast<unsigned char>(line.label[0]))) << command << ": " << line.label;
      if (!line.label.ends_with(" Time")) continue;
      ++times;
      EXPECT_TRUE(std::regex_match(line.value, seconds))
          << command << ": " << line.label << ": " << line.value;
    }
    EXPECT_EQ(text.find(" time:"), std::string::npos) << command << "\n" << text;
  }
  EXPECT_GT(times, 30);
}

/// The seconds of a "Label: 0.01234 s" line.
double seconds_of(const std::string& text, const std::string& label) {
  return std::stod(field(text, label));
}

// Total Time, the last line of run, is the wall time since the program started: at least
// everything the other lines time (load, upload, the engine's setup, the run), whose printed
// values are rounded to 10 microseconds each.
TEST(cli_report_style, run_total_time_covers_the_other_times) {
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"bfs", "--validate"},
      {"tc", "--per-vertex --validate"},
      {"pagerank", ""},
      {"bfs", "--engine out-of-core --validate"},
      {"cc", "--out " + scratch("style_cc.tsv").string()}};
  for (const auto& [algorithm, options] : runs) {
    const std::string command = "run " + algorithm + " kron:10 " + options;
    SCOPED_TRACE(command);
    const cli_result text = run_cli(command);
    ASSERT_EQ(text.status, 0) << text.out << text.err;
    ASSERT_TRUE(text.out.ends_with("\n")) << text.out;
    const std::string last = text.out.substr(text.out.rfind('\n', text.out.size() - 2) + 1);
    EXPECT_TRUE(last.starts_with("Total Time:")) << text.out;
    double parts = seconds_of(text.out, "Load Time") + seconds_of(text.out, "Upload Time") +
                   seconds_of(text.out, algorithm == "bfs" ? "Traversal Time" : "Run Time");
    int rounded = 3;
    if (text.out.find("\nSetup Time:") != std::string::npos) {
      parts += seconds_of(text.out, "Setup Time");
      ++rounded;
    }
    EXPECT_GE(seconds_of(text.out, "Total Time") + rounded * 0.5e-5, parts) << text.out;

    const cli_result json = run_cli(command + " --json");
    ASSERT_EQ(json.status, 0) << json.err;
    const nlohmann::json j = nlohmann::json::parse(json.out);
    double seconds = j.at("load_seconds").get<double>() + j.at("upload_seconds").get<double>() +
                     j.at("seconds").get<double>();
    if (j.contains("engine") && j.at("engine").contains("setup_seconds"))
      seconds += j.at("engine").at("setup_seconds").get<double>();
    EXPECT_GE(j.at("total_seconds").get<double>(), seconds) << json.out;
  }
}

}  // namespace

// dsl run ends the same way: its Total Time covers its load and run, interpreted or compiled
// (a compiled program's build included).
TEST(cli_report_style, dsl_run_total_time_covers_the_other_times) {
  const std::string program = std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/bfs.sp";
  const cli_result r = run_cli("dsl run " + program + " kron:10 --arg src=1");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_TRUE(last.starts_with("Total Time:")) << r.out;
  EXPECT_GE(seconds_of(r.out, "Total Time") + 2 * 0.5e-5,
            seconds_of(r.out, "Load Time") + seconds_of(r.out, "Run Time"))
      << r.out;
}

// bench ends with the wall time of the whole command too, on its lines and in its JSON.
TEST(cli_report_style, bench_ends_with_its_total_time) {
  const fs::path json = scratch("style_bench.json");
  const cli_result r = run_cli("bench --algorithm bfs,cc --graph kron:8 --trials 2 --json " + json.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_TRUE(last.starts_with("Total Time:")) << r.out;
  const double total = nlohmann::json::parse(read_text(json)).at("total_seconds").get<double>();
  EXPECT_GT(total, 0);
  EXPECT_LE(total, seconds_of(r.out, "Total Time") + 0.5e-5);
}
