// Where `plexus run --out` writes, run as a separate process: standard output for "-", links
// followed and kept, FIFOs written in place; an unwritable output refused before any work;
// and no temporary left behind when the run is interrupted by a signal or fails while writing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;

/// A folder of its own for each test, removed afterwards.
fs::path fresh_folder(const std::string& name) {
  const fs::path dir = scratch(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

/// The path 7 - 3 - 5 in the input's ids: bfs from 7 reaches 3 at depth 1 and 5 at depth 2.
std::string path_graph(const fs::path& dir) {
  const fs::path graph = dir / "path.txt";
  std::ofstream(graph) << "7 3\n3 5\n";
  return graph.string() + " --undirected -s 7";
}
const char* const kPathDepths = "# vertex\tdepth\tparent\n3\t1\t7\n5\t2\t3\n7\t0\t7\n";

// Item 7: "-" (and a path naming standard output, such as /dev/fd/1) write the result to
// standard output, so that it can be piped, and the report lines go to standard error; no file
// named "-" appears. (/dev/fd/1 rather than /dev/stdout: a build that replaced its output by
// renaming would replace /dev/stdout itself when the tests run as root.)
TEST(cli_output, dash_writes_the_result_to_standard_output_and_the_lines_to_standard_error) {
  const fs::path dir = fresh_folder("dash");
  for (const char* out : {"-", "/dev/fd/1"}) {
    SCOPED_TRACE(out);
    const cli_result r = run_cli("run bfs " + path_graph(dir) + " --validate --out " + out);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, kPathDepths);
    EXPECT_EQ(field(r.err, "Vertices Reached"), "3") << r.err;
    EXPECT_NE(r.err.find("Verification: PASS"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists("-"));
  EXPECT_EQ(entries(dir), std::vector<std::string>{"path.txt"});
}

// Item 7: a symbolic link is followed (its target gets the result) and stays a link; a FIFO is
// written in place for the process reading it and stays a FIFO.
TEST(cli_output, a_link_or_a_fifo_is_written_through_not_replaced) {
  const fs::path dir = fresh_folder("through");
  const std::string graph = path_graph(dir);
  fs::create_symlink("depths.tsv", dir / "link.tsv");
  cli_result r = run_cli("run bfs " + graph + " --out " + (dir / "link.tsv").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.tsv"));
  EXPECT_EQ(read_text(dir / "depths.tsv"), kPathDepths);

  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = read_text(fifo); });
  r = run_cli("run bfs " + graph + " --out " + fifo.string());
  reader.join();
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(received, kPathDepths);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(entries(dir), (std::vector<std::string>{"depths.tsv", "link.tsv", "path.txt", "pipe"}));
}

// Item 8: an output that cannot be written is refused before the graph is generated (a scale-22
// Kronecker graph takes far longer than the bound), in one line naming it and why.
TEST(cli_output, an_unwritable_out_fails_before_any_work) {
  const fs::path dir = fresh_folder("unwritable");
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {(dir / "absent" / "x.tsv").string(), "directory " + (dir / "absent").string() + " does not exist"},
      {dir.string(), "is a directory"},
      {"/sys/plexus-cli-test.tsv", "cannot create a file in /sys: Permission denied"}};
  for (const auto& [out, reason] : outputs) {
    SCOPED_TRACE(out);
    const auto start = std::chrono::steady_clock::now();
    const cli_result r = run_cli("run bfs kron:22 --out " + out);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, 1);
    expect_one_error_line(r, out + ": " + reason);
    EXPECT_EQ(r.out.find("Graph:"), std::string::npos) << r.out;
    EXPECT_LT(seconds, 1.0);
  }
  const cli_result bench = run_cli("bench --kron 22 --json " + (dir / "absent" / "b.json").string());
  EXPECT_EQ(bench.status, 1);
  expect_one_error_line(bench, "does not exist");
  EXPECT_EQ(bench.out, "");
}

/// Starts `plexus ARGS...` with its output discarded; returns its process id.
pid_t spawn(const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv{const_cast<char*>(PLEXUS_CLI_PATH)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    ::execv(PLEXUS_CLI_PATH, argv.data());
    ::_exit(127);
  }
  return pid;
}

// Item 9: SIGINT and SIGTERM sent while a large output is being written remove its temporary,
// and the process ends by that signal (status 128 + signal in a shell). The signal goes out as
// soon as the first block of the result reaches the temporary (inotify), while the rest of it
// is still being formatted.
TEST(cli_output, a_signal_while_writing_removes_the_temporary_and_ends_the_process) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(strsignal(signal));
    const fs::path dir = fresh_folder("signal");
    const int watch = ::inotify_init1(IN_CLOEXEC);
    ASSERT_GE(watch, 0);
    ASSERT_GE(::inotify_add_watch(watch, dir.c_str(), IN_MODIFY), 0);
    const pid_t pid = spawn({"run", "bfs", "kron:18", "--out", (dir / "depths.tsv").string()});
    bool seen = false;
    alignas(inotify_event) char events[4096];
    while (!seen) {
      const ssize_t length = ::read(watch, events, sizeof events);
      ASSERT_GT(length, 0);
      for (char* at = events; at < events + length;) {
        const auto* event = reinterpret_cast<const inotify_event*>(at);
        if (event->len > 0 && std::strstr(event->name, ".tmp-") != nullptr) seen = true;
        at += sizeof(inotify_event) + event->len;
      }
    }
    ::kill(pid, signal);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ::close(watch);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << status;
    EXPECT_TRUE(entries(dir).empty()) << entries(dir).front();
  }
}

// Item 9, the error path: a write that fails (here past the file size limit) leaves neither the
// temporary nor the output.
TEST(cli_output, a_failed_write_leaves_no_temporary) {
  const fs::path dir = fresh_folder("failed_write");
  const std::string command = std::string("sh -c \"trap '' XFSZ; ulimit -f 8; exec '") + PLEXUS_CLI_PATH +
                              "' run bfs kron:12 --out '" + (dir / "depths.tsv").string() + "'\"";
  const cli_result r = run_command(command);
  EXPECT_EQ(r.status, 1);
  expect_one_error_line(r, "depths.tsv: write failed: File too large");
  EXPECT_TRUE(entries(dir).empty());
}

}  // namespace
