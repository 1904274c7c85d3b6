#include "plexus/dsl/jit/compiled_run.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include "plexus/dsl/jit/toolchain.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/split_blanks.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dsl/emit_cpp.hpp"
#include "plexus/dsl/emit_runner.hpp"
#include "plexus/dsl/lower.hpp"
#include "plexus/dsl/runtime/runner.hpp"
#include "plexus/io/plx.hpp"

namespace plexus::dsl {

namespace {

namespace fs = std::filesystem;

fs::path cache_root() {
  if (const char* dir = std::getenv("PLEXUS_CACHE_DIR"); dir && *dir) return dir;
  if (const char* dir = std::getenv("XDG_CACHE_HOME"); dir && *dir) return fs::path(dir) / "plexus";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "plexus";
  return fs::temp_directory_path() / "plexus-cache";
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

/// Runs argv[0] with its output and errors appended to `log`; returns its exit status, or
/// minus the signal that ended it. posix_spawn rather than fork: the caller may be one thread of
/// many (the Python package runs this on its run thread), and fork would run every library's
/// fork handlers (OpenMP's, the BLAS's under NumPy) in a process that only wants to exec.
int run_process(const std::vector<std::string>& argv, const fs::path& log) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t redirect;
  posix_spawn_file_actions_init(&redirect);
  posix_spawn_file_actions_addopen(&redirect, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&redirect, 1, 2);
  pid_t child = 0;
  const int failed = posix_spawnp(&child, args[0], &redirect, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&redirect);
  if (failed != 0) throw error(error_kind::io, fmt::format("cannot start {}: {}", argv[0], std::strerror(failed)));
  int status = 0;
  // A signal meant for Python (Ctrl-C) may reach this thread: wait on until the child ends.
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR) throw error(error_kind::io, fmt::format("cannot wait for {}: {}", argv[0], std::strerror(errno)));
  return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : 128;
}

/// Why a runner that ended with `status` (run_process's) failed: the first line it wrote
/// (its error), else the signal or the status it ended with.
std::string failure_reason(int status, const fs::path& log) {
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) return line;
  if (status < 0) {
    const char* name = strsignal(-status);
    return fmt::format("it was killed by signal {} ({}), with no message", -status, name ? name : "unknown");
  }
  return fmt::format("it exited with status {}, with no message", status);
}

/// The Plexus package to build against: the installed one beside this executable, else the
/// build tree this executable came from.
fs::path package_dir() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = self.parent_path().parent_path() / "lib" / "cmake" / "plexus";
    if (fs::exists(installed / "plexusConfig.cmake")) return installed;
  }
  return PLEXUS_DSL_BUILD_TREE;
}

std::string build_file(bool cuda) {
  std::string text =
      "cmake_minimum_required(VERSION 3.25)\n"
      "project(plexus_dsl_runner LANGUAGES CXX" +
      std::string(cuda ? " CUDA" : "") +
      ")\n"
      "find_package(plexus REQUIRED)\n"
      "add_executable(runner runner." +
      std::string(cuda ? "cu" : "cpp") +
      ")\n"
      "target_link_libraries(runner PRIVATE plexus::plexus)\n"
      "set_target_properties(runner PROPERTIES CXX_STANDARD 20 CUDA_STANDARD 20)\n";
  if (cuda)
    text += "target_compile_options(runner PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda --expt-relaxed-constexpr>)\n";
  return text;
}

/// Builds the program's `header` and the runner's `main` in the cache (once per text); returns
/// the runner's path.
fs::path build_runner(const std::string& header, const std::string& runner_main, bool cuda, double& seconds) {
  const std::string source = header + runner_main;
  const std::string toolchain = fmt::format("{}|{}|{}|{}|{}|{}", PLEXUS_DSL_CXX_COMPILER, PLEXUS_DSL_CUDA_COMPILER,
                                            PLEXUS_DSL_CUDA_ARCHITECTURES, package_dir().string(), build_file(cuda),
                                            PLEXUS_DSL_GENERATOR);
  const fs::path folder = cache_root() / "dsl" / fmt::format("{:016x}", fnv1a(source + toolchain));
  const fs::path runner = folder / "build" / "runner";
  if (fs::exists(runner)) return runner;
  const timer clock;
  const fs::path work = fs::path(folder.string() + fmt::format(".tmp-{}", getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  std::ofstream(work / "CMakeLists.txt") << build_file(cuda);
  std::ofstream(work / "program.hpp") << header;
  std::ofstream(work / (cuda ? "runner.cu" : "runner.cpp")) << runner_main;
  const fs::path log = work / "build.log";
  std::vector<std::string> configure = {PLEXUS_DSL_CMAKE, "-S", work.string(), "-B", (work / "build").string(),
                                        "-G", PLEXUS_DSL_GENERATOR, "-DCMAKE_BUILD_TYPE=Release",
                                        "-Dplexus_DIR=" + package_dir().string(),
                                        std::string("-DCMAKE_CXX_COMPILER=") + PLEXUS_DSL_CXX_COMPILER};
  if (std::string(PLEXUS_DSL_MAKE_PROGRAM).size()) configure.push_back(std::string("-DCMAKE_MAKE_PROGRAM=") + PLEXUS_DSL_MAKE_PROGRAM);
  if (std::string(PLEXUS_DSL_PREFIX_PATH).size()) configure.push_back(std::string("-DCMAKE_PREFIX_PATH=") + PLEXUS_DSL_PREFIX_PATH);
  if (cuda) {
    configure.push_back(std::string("-DCMAKE_CUDA_COMPILER=") + PLEXUS_DSL_CUDA_COMPILER);
    configure.push_back(std::string("-DCMAKE_CUDA_ARCHITECTURES=") + PLEXUS_DSL_CUDA_ARCHITECTURES);
  }
  if (run_process(configure, log) != 0 ||
      run_process({PLEXUS_DSL_CMAKE, "--build", (work / "build").string()}, log) != 0)
    throw error(error_kind::io, fmt::format("building the compiled program failed: see {}", log.string()));
  fs::remove_all(folder);
  fs::rename(work, folder);
  seconds = clock.seconds();
  return runner;
}

std::string argument_text(const dsl::scalar& v) {
  switch (v.kind) {
    case dsl::value_kind::bool_: return v.boolean ? "1" : "0";
    case dsl::value_kind::float_:
    case dsl::value_kind::double_: return fmt::format("{:.17g}", v.floating);
    default: return fmt::format("{}", v.integer);
  }
}

dsl::value_kind kind_named(const std::string& name) {
  if (name == "long") return dsl::value_kind::long_;
  if (name == "float") return dsl::value_kind::float_;
  if (name == "double") return dsl::value_kind::double_;
  if (name == "bool") return dsl::value_kind::bool_;
  if (name == "node") return dsl::value_kind::node;
  return dsl::value_kind::int_;
}

/// One value of the runner's outputs file. Numbers are read with std::from_chars rather than an
/// istream: stream extraction goes through the locale's num_get facet, which a library linked
/// with a partly static libstdc++ and loaded into another program (the Python module) can find
/// under a different facet id than the stream's locale holds.
dsl::scalar value_of(std::string_view text, dsl::value_kind kind) {
  dsl::scalar v;
  v.kind = kind;
  const char* end = text.data() + text.size();
  bool read = false;
  if (kind == dsl::value_kind::bool_) {
    read = text == "0" || text == "1";
    v.boolean = text == "1";
  } else {
    const std::from_chars_result r = kind == dsl::value_kind::float_ || kind == dsl::value_kind::double_
                                         ? std::from_chars(text.data(), end, v.floating)
                                         : std::from_chars(text.data(), end, v.integer);
    read = !text.empty() && r.ec == std::errc() && r.ptr == end;
  }
  if (!read)
    throw error(error_kind::io, fmt::format("the compiled program's outputs hold '{}' where a value belongs", text));
  return v;
}

/// The runner's outputs file (runtime/runner.hpp): its seconds, returned value and properties.
void read_outputs(const fs::path& path, dsl::value_kind returns, vertex_t num_vertices, compiled_run& run) {
  std::ifstream in(path);
  if (!in) throw error(error_kind::io, fmt::format("the compiled program wrote no outputs ({})", path.string()));
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string_view> words = split_blanks(line);
    if (words.empty()) continue;
    if (words[0] == "seconds" && words.size() == 2) {
      run.seconds = value_of(words[1], dsl::value_kind::double_).floating;
    } else if (words[0] == "returned" && words.size() == 3) {
      run.outputs.returned = value_of(words[2], returns);
    } else if (words[0] == "property" && words.size() == 3) {
      dsl::property_values& values = run.outputs.properties[std::string(words[1])];
      values.element = kind_named(std::string(words[2]));
      values.values.reserve(num_vertices);
      for (vertex_t v = 0; v < num_vertices; ++v) {
        if (!std::getline(in, line))
          throw error(error_kind::io, fmt::format("the compiled program's outputs end inside property {}", words[1]));
        values.values.push_back(value_of(line, values.element));
      }
    } else {
      throw error(error_kind::io, fmt::format("the compiled program's outputs hold an unknown line '{}'", line));
    }
  }
}

/// A temporary folder removed when it goes out of scope.
struct scratch_folder {
  fs::path path;
  scratch_folder() {
    std::string pattern = (fs::temp_directory_path() / "plexus-dsl-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw error(error_kind::io, "cannot create a temporary folder");
    path = pattern;
  }
  ~scratch_folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

}  // namespace

compiled_run run_compiled(const program& tree, const checked_program& types, const source_file& file,
                          const function& f, const csr_graph& graph, const run_inputs& inputs, backend where,
                          const schedule& plan) {
  if (where != backend::host && where != backend::cuda)
    throw error(error_kind::unsupported,
                fmt::format("device {}: compiled programs run on host and cuda", to_string(where)));
  require_backend(where);
  std::vector<dsl::ir::function_ir> lowered;
  for (const function& each : tree.functions) lowered.push_back(lower(each, file));
  const bool cuda = where == backend::cuda;
  const std::string header = emit_cpp(tree, types, file, lowered, plan);
  const std::string runner_main = "#include \"program.hpp\"\n" +
                           dsl::emit_runner(f, cuda ? "::plexus::exec::cuda" : "::plexus::exec::host");
  compiled_run run;
  const fs::path runner = build_runner(header, runner_main, cuda, run.build_seconds);
  run.cache = runner.parent_path().parent_path().string();

  const scratch_folder scratch;
  io::write_plx(graph, scratch.path / "graph.plx");
  {
    std::string text;
    for (const auto& [name, value] : inputs.scalars) text += fmt::format("scalar {} {}\n", name, argument_text(value));
    for (const auto& [name, ids] : inputs.sets) text += fmt::format("set {} {}\n", name, fmt::join(ids, " "));
    std::ofstream arguments(scratch.path / "arguments");
    arguments << text;
    if (!arguments) throw error(error_kind::io, "cannot write the compiled program's arguments in " + scratch.path.string());
  }
  const fs::path log = scratch.path / "run.log";
  if (const int status =
          run_process({runner.string(), (scratch.path / "graph.plx").string(),
                       (scratch.path / "arguments").string(), (scratch.path / "outputs").string()},
                      log);
      status != 0) {
    // A node outside the graph, say: the interpreter's error at the program's place.
    if (status == dsl::runtime::kProgramErrorStatus)
      throw error(error_kind::parse, failure_reason(status, log));
    throw error(error_kind::io, fmt::format("the compiled program failed: {}", failure_reason(status, log)));
  }
  const dsl::statement* returned = dsl::first_return(f.body);
  const dsl::value_kind returns = returned ? types.types.at(returned->value.get()).kind : dsl::value_kind::invalid;
  read_outputs(scratch.path / "outputs", returns, graph.num_vertices(), run);
  return run;
}

}  // namespace plexus::dsl
