// What the CLI tests share: running `plexus` as a separate process with stdout and stderr
// captured, scratch files, and reading the grep-able "Name: value" lines and --out files.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace plexus_cli_test {

namespace fs = std::filesystem;

struct cli_result {
  int status = -1;
  std::string out, err;
};

inline std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("plexus_cli_scratch_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

/// Runs a shell command line with its standard output and error captured.
inline cli_result run_command(const std::string& command_line) {
  const fs::path out = scratch("stdout"), err = scratch("stderr");
  const std::string command = command_line + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
  const int status = std::system(command.c_str());
  cli_result r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

/// Runs `plexus ARGUMENTS` (shell text).
inline cli_result run_cli(const std::string& arguments) {
  return run_command(std::string(PLEXUS_CLI_PATH) + " " + arguments);
}

inline std::string data(const char* name) {
  return std::string(PLEXUS_TEST_DATA_DIR) + "/cli/" + name;
}
inline std::string hypergraph_data(const char* name) {
  return std::string(PLEXUS_TEST_DATA_DIR) + "/hypergraphs/" + name;
}

/// Value of a "Name:   value" line.
inline std::string field(const std::string& text, const std::string& name) {
  std::smatch m;
  const std::regex line("(^|\n)" + name + ":[ ]+([^\n]*)");
  return std::regex_search(text, m, line) ? m[2].str() : "<missing " + name + ">";
}

/// How many times `what` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

/// The names a --help text lists after "Subcommands:", one per line, name first.
inline std::vector<std::string> subcommands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help.substr(help.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.push_back(name);
  }
  return names;
}

/// A --out file's text after its header line (the "# vertex ..." line naming the columns).
inline std::string result_rows(const fs::path& path) {
  const std::string text = read_text(path);
  if (!text.starts_with("# ")) return "<no header line>\n" + text;
  const std::size_t end = text.find('\n');
  return end == std::string::npos ? "" : text.substr(end + 1);
}

/// "vertex<TAB>value" lines of a --out file.
inline std::map<long, double> vertex_values(const fs::path& path) {
  std::map<long, double> values;
  std::istringstream lines(result_rows(path));
  long v = 0;
  double x = 0;
  while (lines >> v >> x) values[v] = x;
  return values;
}

/// Runs `plexus ARGUMENTS --validate`, expecting exit status 0 and "Verification: PASS".
inline cli_result run_validated(const std::string& arguments) {
  cli_result r = run_cli(arguments + " --validate");
  EXPECT_EQ(r.status, 0) << arguments << "\n" << r.out << r.err;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << arguments << "\n" << r.out;
  return r;
}

/// Expects each "Name: value" line of `expected` in `text`.
inline void expect_fields(const std::string& text,
                          const std::vector<std::pair<std::string, std::string>>& expected) {
  for (const auto& [name, value] : expected) EXPECT_EQ(field(text, name), value) << name << "\n" << text;
}

inline void expect_one_error_line(const cli_result& r, const std::string& mentions) {
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(r.err.rfind("plexus: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
}

}  // namespace plexus_cli_test
