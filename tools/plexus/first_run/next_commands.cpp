// What the default job suggests next (see next_commands.hpp).
#include "next_commands.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

#include "plexus/backends/backend.hpp"

#ifndef PLEXUS_DSL_EXAMPLES_DIR
#define PLEXUS_DSL_EXAMPLES_DIR ""
#endif

namespace plexus::cli {
namespace {

namespace fs = std::filesystem;

/// `text` as one word of a POSIX shell command: as it is when nothing in it is special,
/// single-quoted otherwise.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("_./-+=:,@%").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The DSL's breadth-first example as a path that works from the current directory (relative
/// when it lies below it), or empty when the source tree is not where the build found it.
std::string dsl_example() {
  std::error_code error;
  const fs::path example = fs::path(PLEXUS_DSL_EXAMPLES_DIR) / "bfs.sp";
  if (example.is_relative() || !fs::is_regular_file(example, error)) return "";
  const fs::path here = fs::current_path(error);
  if (error) return example.string();
  const fs::path relative = example.lexically_proximate(here);
  if (relative.empty() || *relative.begin() == "..") return example.string();
  return relative.string();
}

}  // namespace

void print_next_commands(const std::string& program, std::uint64_t source) {
  const std::string plexus = shell_word(program);
  std::vector<std::pair<std::string, std::string>> commands = {
      {plexus + " info GRAPH",
       "statistics of your graph (.mtx, .txt, .el, .gr, .graph, .csv, ...; gzipped too)"},
      {plexus + " run bfs GRAPH --validate", "one algorithm on it, checked against a serial reference"},
  };
  std::vector<std::string> gpu_options;
  bool gpu = false;
  for (const backend where : all_backends()) {
    if (family_of(where) == backend_family::cpu) continue;
    gpu_options.push_back(fmt::format("--device {}", to_string(where)));
    if (!backend_available(where)) continue;
    gpu = true;
    commands.emplace_back(fmt::format("{} run bfs kron:20 --device {} --validate", plexus, to_string(where)),
                          "on the GPU: " + backend_device_name(where));
  }
  if (const std::string example = dsl_example(); !example.empty())
    commands.emplace_back(
        fmt::format("{} dsl run {} kron:16 --arg src={}", plexus, shell_word(example), source),
        "a program in the graph language, interpreted");
  commands.emplace_back(plexus + " run --help", "every algorithm; " + plexus + " --help: every command");

  std::size_t width = 0;
  for (const auto& [command, purpose] : commands) width = std::max(width, command.size());
  fmt::print("\nNext:\n");
  for (const auto& [command, purpose] : commands) fmt::print("  {:<{}}  # {}\n", command, width, purpose);
  if (!gpu && !gpu_options.empty())
    fmt::print("  ({} run on a GPU: this build has no GPU back end with a device, see {} --version)\n",
               fmt::join(gpu_options, " or "), plexus);
}

}  // namespace plexus::cli
