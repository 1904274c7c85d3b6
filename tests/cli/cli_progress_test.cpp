// The progress line: drawn on a terminal once work has taken about two seconds, never with
// --quiet (and never when standard error is not a terminal: the other CLI tests check that
// nothing but errors reaches it). The work is made long deterministically: the input is a FIFO
// that the test opens for writing only after the wait, so `plexus` waits in the open meanwhile.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace {

using namespace plexus_cli_test;
using clock_type = std::chrono::steady_clock;

/// What `plexus ARGS...` writes to a terminal on its standard error over `wait`, before the
/// FIFO `input` gets a one-edge graph, and until it ends.
std::string terminal_errors(const std::vector<std::string>& args, const fs::path& input,
                            std::chrono::seconds wait) {
  std::signal(SIGPIPE, SIG_IGN);  // a reader closing its end early must not end the test
  int terminal = -1;
  const pid_t pid = ::forkpty(&terminal, nullptr, nullptr, nullptr);
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    std::vector<char*> argv{const_cast<char*>(PLEXUS_CLI_PATH)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(PLEXUS_CLI_PATH, argv.data());
    ::_exit(127);
  }
  std::string seen;
  const auto read_for = [&](std::chrono::milliseconds span) {
    for (const auto end = clock_type::now() + span; clock_type::now() < end;) {
      pollfd ready{terminal, POLLIN, 0};
      if (::poll(&ready, 1, 50) <= 0) continue;
      char buffer[512];
      const ssize_t n = ::read(terminal, buffer, sizeof buffer);
      if (n <= 0) break;
      seen.append(buffer, static_cast<std::size_t>(n));
    }
  };
  read_for(wait);
  // Feeds the FIFO each time plexus opens it (a reader may open its input more than once), and
  // never blocks: a plexus that does not finish within the limit is stopped and reported.
  int status = 0;
  bool ended = false;
  for (const auto limit = clock_type::now() + std::chrono::seconds(10);
       !ended && clock_type::now() < limit;) {
    const int fifo = ::open(input.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fifo >= 0) {
      EXPECT_EQ(::write(fifo, "0 1\n", 4), 4);
      ::close(fifo);
    }
    read_for(std::chrono::milliseconds(20));
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
  }
  if (!ended) {
    ADD_FAILURE() << "plexus did not finish reading its input";
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  ::close(terminal);
  return seen;
}

TEST(cli_progress, shown_on_a_terminal_after_two_seconds_and_never_with_quiet) {
  const fs::path input = scratch("progress_input.el");
  fs::remove(input);
  ASSERT_EQ(::mkfifo(input.c_str(), 0600), 0);
  const std::string shown = terminal_errors({"run", "bfs", input.string()}, input, std::chrono::seconds(4));
  EXPECT_NE(shown.find("\r\033[K"), std::string::npos) << shown;
  EXPECT_NE(shown.find(" s"), std::string::npos) << shown;

  fs::remove(input);
  ASSERT_EQ(::mkfifo(input.c_str(), 0600), 0);
  const std::string quiet =
      terminal_errors({"run", "bfs", input.string(), "--quiet"}, input, std::chrono::seconds(4));
  EXPECT_EQ(quiet.find("\033[K"), std::string::npos) << quiet;
  fs::remove(input);
}

}  // namespace
