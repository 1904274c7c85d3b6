// plexus dsl compile PROGRAM [-o FILE] [--emit cpp|ir] [--schedule LABEL:KEY=VALUE,...]: a
// checked program through lowering (dsl/lower.hpp) to the Plexus back end's C++ header
// (dsl/emit_cpp.hpp), tuned by the schedules (dsl/schedule.hpp), or to the IR as text.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace plexus::cli {

struct dsl_compile_options {
  std::filesystem::path program;
  std::filesystem::path out = "-";  // -o; "-": standard output
  std::string emit = "cpp";         // --emit cpp|ir
  std::vector<std::string> schedules;  // --schedule LABEL:KEY=VALUE,...
};

void add_dsl_compile_options(CLI::App& compile, dsl_compile_options& options);
void compile_dsl(const dsl_compile_options& options);

}  // namespace plexus::cli
