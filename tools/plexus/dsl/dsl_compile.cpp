// plexus dsl compile; see dsl_compile.hpp.
#include "dsl_compile.hpp"

#include <filesystem>
#include <span>
#include <vector>

#include "dsl_run.hpp"
#include "plexus/dsl/emit_cpp.hpp"
#include "plexus/dsl/lower.hpp"
#include "plexus/dsl/schedule.hpp"
#include "plexus/io/atomic_file.hpp"

namespace plexus::cli {

void add_dsl_compile_options(CLI::App& compile, dsl_compile_options& options) {
  compile.add_option("program", options.program, "The program (.sp)")->required();
  compile.add_option("-o,--out", options.out, "Where to write the header (default: standard output)");
  compile.add_option("--emit", options.emit, "What to write: cpp (the header, default) or ir (the lowered program)")
      ->check(CLI::IsMember({"cpp", "ir"}));
  compile.add_option("--schedule", options.schedules,
                     "How to run the statement labelled @LABEL: LABEL:balance=edge_balanced (a frontier loop's load "
                     "balancer: automatic, thread_mapped, warp_mapped, block_mapped, degree_bucketed, edge_balanced); "
                     "repeat for each label");
}

void compile_dsl(const dsl_compile_options& options) {
  dsl::schedule plan;
  for (const std::string& text : options.schedules) dsl::parse_schedule(text, plan);
  const checked_dsl_program program = read_dsl_program(options.program);
  const std::filesystem::path program_file = options.program;
  io::check_output(options.out, std::span(&program_file, 1));
  std::vector<dsl::ir::function_ir> lowered;
  for (const dsl::function& f : program.tree.functions) lowered.push_back(dsl::lower(f, program.file));
  std::string text;
  if (options.emit == "ir") {
    for (const dsl::ir::function_ir& f : lowered) text += dsl::ir::print(f);
  } else {
    text = dsl::emit_cpp(program.tree, program.types, program.file, lowered, plan);
  }
  io::atomic_file out(options.out);
  out.write(text);
  out.commit();
}

}  // namespace plexus::cli
