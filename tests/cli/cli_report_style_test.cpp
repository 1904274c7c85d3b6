// One report style for every command that prints "Label: value" lines (run, bench, info,
// generate, convert, dsl run, the default job): the values start at one column, and every
// time is in seconds with its unit.
#include <gtest/gtest.h>

#include <cctype>
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

}  // namespace
