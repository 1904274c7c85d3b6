// The launcher's side (launcher.hpp): start the workers, serve their rounds, watch them, and
// end the run at the first failure.
#include "plexus/dist/launcher.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "plexus/dist/launch_frames.hpp"

extern char** environ;

namespace plexus::dist {

namespace {

using namespace launch_detail;

/// What ends a run: the rank, the kind of error and the whole message.
struct run_failure {
  int rank;
  error_kind kind;
  std::string message;
};

std::string describe_signal(int signal) {
  const char* name = sigabbrev_np(signal);
  const char* text = strsignal(signal);
  return fmt::format("ended by signal {}{} ({})", name ? "SIG" : "", name ? name : std::to_string(signal),
                     text ? text : "unknown signal");
}

/// One worker as the launcher sees it.
struct worker {
  pid_t pid = -1;
  int channel = -1;  // the launcher's end of the worker's socket; -1 once closed
  bool ended = false;
  std::optional<std::vector<std::byte>> message;  // its part of the round in progress
};

/// argv and the environment of each worker, built before forking: between fork and execve a
/// child of a process that may run other threads can only make async-signal-safe calls.
struct exec_strings {
  std::vector<std::string> argv, env;
  std::vector<char*> argv_pointers, env_pointers;

  void point() {
    for (auto& s : argv) argv_pointers.push_back(s.data());
    argv_pointers.push_back(nullptr);
    for (auto& s : env) env_pointers.push_back(s.data());
    env_pointers.push_back(nullptr);
  }
};

exec_strings worker_strings(const std::string& program, std::span<const std::string> arguments, int rank,
                            int ranks, int channel) {
  exec_strings strings;
  strings.argv.push_back(program);
  strings.argv.insert(strings.argv.end(), arguments.begin(), arguments.end());
  for (char** variable = environ; *variable != nullptr; ++variable) {
    const std::string_view entry(*variable);
    const auto is = [&](const char* name) { return entry.starts_with(std::string(name) + "="); };
    if (!is(kWorkerRankVariable) && !is(kWorkerRanksVariable) && !is(kWorkerChannelVariable))
      strings.env.emplace_back(entry);
  }
  strings.env.push_back(fmt::format("{}={}", kWorkerRankVariable, rank));
  strings.env.push_back(fmt::format("{}={}", kWorkerRanksVariable, ranks));
  strings.env.push_back(fmt::format("{}={}", kWorkerChannelVariable, channel));
  strings.point();
  return strings;
}

/// The run's workers; killed and reaped on every way out of run_workers.
class worker_set {
 public:
  explicit worker_set(int ranks) : workers_(static_cast<std::size_t>(ranks)) {}
  worker_set(const worker_set&) = delete;
  worker_set& operator=(const worker_set&) = delete;
  ~worker_set() {
    kill_running();
    for (worker& w : workers_) close_channel(w);
  }

  std::vector<worker>& all() { return workers_; }

  void kill_running() noexcept {
    for (worker& w : workers_)
      if (w.pid > 0 && !w.ended) kill(w.pid, SIGKILL);
    for (worker& w : workers_)
      if (w.pid > 0 && !w.ended) {
        int status = 0;
        while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
        }
        w.ended = true;
      }
  }

  static void close_channel(worker& w) noexcept {
    if (w.channel >= 0) close(w.channel);
    w.channel = -1;
  }

 private:
  std::vector<worker> workers_;
};

/// Starts worker `rank`, its socket's other end being `child_end`.
pid_t start_worker(const exec_strings& strings, int child_end, pid_t launcher) {
  const pid_t pid = fork();
  if (pid < 0)
    throw error(error_kind::io, fmt::format("cannot start a worker: fork: {}", std::strerror(errno)));
  if (pid > 0) return pid;
  // The child: async-signal-safe calls only, until execve.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != launcher) _exit(1);  // the launcher died before the line above
  fcntl(child_end, F_SETFD, 0);         // the one descriptor the worker keeps across execve
  execve(strings.argv_pointers[0], strings.argv_pointers.data(), strings.env_pointers.data());
  const int failed = errno;
  write_frame(child_end, frame_kind::exec_failed,
              std::span(reinterpret_cast<const std::byte*>(&failed), sizeof failed));
  _exit(127);
}

/// The run: serves rounds and watches the workers until all have ended or one failed.
class run_loop {
 public:
  run_loop(worker_set& set, std::string program) : workers_(set.all()), program_(std::move(program)) {}

  std::optional<run_failure> serve() {
    while (!failure_ && !all_ended()) {
      poll_channels();
      if (!failure_) serve_round();
      if (!failure_) reap();
      if (!failure_) check_abandoned_round();
    }
    return failure_;
  }

 private:
  bool all_ended() const {
    return std::all_of(workers_.begin(), workers_.end(), [](const worker& w) { return w.ended; });
  }

  /// Waits up to 100 ms for a frame or the end of a channel, and handles what came. The
  /// timeout bounds how late an exit whose channel stays open (a grandchild holding it) is seen.
  void poll_channels() {
    std::vector<pollfd> fds;
    std::vector<std::size_t> ranks;
    for (std::size_t r = 0; r < workers_.size(); ++r)
      if (workers_[r].channel >= 0) {
        fds.push_back({workers_[r].channel, POLLIN, 0});
        ranks.push_back(r);
      }
    const int ready = poll(fds.data(), fds.size(), 100);
    if (ready < 0 && errno != EINTR)
      throw error(error_kind::io, fmt::format("poll: {}", std::strerror(errno)));
    for (std::size_t i = 0; i < fds.size() && ready > 0 && !failure_; ++i)
      if (fds[i].revents != 0) receive(ranks[i]);
  }

  /// Reads one frame of worker `r`, or the end of its channel.
  void receive(std::size_t r) {
    worker& w = workers_[r];
    std::optional<frame> got;
    try {
      got = read_frame(w.channel, std::nullopt);
    } catch (const error&) {
      got.reset();  // a channel that fails is as good as closed; the exit status tells why
    }
    if (!got) {
      worker_set::close_channel(w);
      return;
    }
    const int rank = static_cast<int>(r);
    switch (got->kind) {
      case frame_kind::message:
        if (w.message)
          fail(rank, error_kind::internal, "sent a second message before the others' arrived");
        else
          w.message = std::move(got->payload);
        return;
      case frame_kind::failure: {
        std::uint32_t kind = 0;
        if (got->payload.size() >= sizeof kind) std::memcpy(&kind, got->payload.data(), sizeof kind);
        const auto* text = reinterpret_cast<const char*>(got->payload.data());
        const std::size_t skip = std::min(got->payload.size(), sizeof kind);
        failure_ =
            run_failure{rank, static_cast<error_kind>(kind),
                        attributed_to(rank, std::string_view(text + skip, got->payload.size() - skip))};
        return;
      }
      case frame_kind::exec_failed: {
        int failed = 0;
        if (got->payload.size() >= sizeof failed) std::memcpy(&failed, got->payload.data(), sizeof failed);
        fail(rank, error_kind::io, fmt::format("cannot run {}: {}", program_, std::strerror(failed)));
        return;
      }
      case frame_kind::round:
        break;
    }
    fail(rank, error_kind::internal, "sent a frame the launcher does not know");
  }

  /// Once every worker has sent its message, every worker receives all of them.
  void serve_round() {
    if (!std::all_of(workers_.begin(), workers_.end(), [](const worker& w) { return w.message.has_value(); }))
      return;
    std::vector<std::vector<std::byte>> messages;
    for (worker& w : workers_) messages.push_back(std::move(*w.message)), w.message.reset();
    const std::vector<std::byte> round = pack_round(messages);
    // A worker that is gone is seen through its exit status.
    for (worker& w : workers_)
      if (w.channel >= 0) write_frame(w.channel, frame_kind::round, round);
  }

  /// Records the workers that have ended; the first to end badly fails the run.
  void reap() {
    for (std::size_t r = 0; r < workers_.size() && !failure_; ++r) {
      worker& w = workers_[r];
      if (w.ended) continue;
      int status = 0;
      const pid_t done = waitpid(w.pid, &status, WNOHANG);
      if (done <= 0) continue;
      w.ended = true;
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
      // What it wrote before it ended says more than its status: read what is there.
      while (w.channel >= 0 && !failure_ && readable(w.channel)) receive(r);
      if (failure_) return;
      const int rank = static_cast<int>(r);
      if (WIFSIGNALED(status))
        fail(rank, error_kind::io, describe_signal(WTERMSIG(status)));
      else
        fail(rank, error_kind::io, fmt::format("exited with status {}", WEXITSTATUS(status)));
    }
  }

  static bool readable(int fd) {
    pollfd channel{fd, POLLIN, 0};
    return poll(&channel, 1, 0) > 0;
  }

  /// A worker that ended without its part of a round leaves the others waiting for ever.
  void check_abandoned_round() {
    const auto waiting =
        std::find_if(workers_.begin(), workers_.end(), [](const worker& w) { return w.message.has_value(); });
    if (waiting == workers_.end()) return;
    for (std::size_t r = 0; r < workers_.size(); ++r)
      if (workers_[r].ended && !workers_[r].message)
        return fail(
            static_cast<int>(r), error_kind::internal,
            fmt::format("ended while rank {} waits for it in a collective", waiting - workers_.begin()));
  }

  void fail(int rank, error_kind kind, const std::string& what) {
    if (!failure_) failure_ = run_failure{rank, kind, fmt::format("rank {}: {}", rank, what)};
  }

  std::vector<worker>& workers_;
  std::string program_;
  std::optional<run_failure> failure_;
};

}  // namespace

std::string this_program() {
  std::error_code error_code;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error_code);
  if (error_code)
    throw error(error_kind::io,
                fmt::format("cannot find this program: /proc/self/exe: {}", error_code.message()));
  return self.string();
}

std::vector<std::string> this_arguments() {
  std::ifstream file("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> arguments;
  for (std::string argument; std::getline(file, argument, '\0');) arguments.push_back(argument);
  if (!file.eof() || arguments.empty())
    throw error(error_kind::io, "cannot read this program's arguments: /proc/self/cmdline");
  arguments.erase(arguments.begin());
  return arguments;
}

void run_workers(int ranks, const std::string& program, std::span<const std::string> arguments) {
  if (ranks < 1)
    throw error(error_kind::invalid_argument, fmt::format("{} workers: a run needs at least one", ranks));
  worker_set set(ranks);
  const pid_t launcher = getpid();
  std::vector<int> child_ends;
  for (int r = 0; r < ranks; ++r) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
      for (const int end : child_ends) close(end);
      throw error(error_kind::io, fmt::format("cannot start a worker: socketpair: {}", std::strerror(errno)));
    }
    set.all()[static_cast<std::size_t>(r)].channel = ends[0];
    child_ends.push_back(ends[1]);
  }
  try {
    for (int r = 0; r < ranks; ++r) {
      const exec_strings strings =
          worker_strings(program, arguments, r, ranks, child_ends[static_cast<std::size_t>(r)]);
      set.all()[static_cast<std::size_t>(r)].pid =
          start_worker(strings, child_ends[static_cast<std::size_t>(r)], launcher);
    }
  } catch (...) {
    for (const int end : child_ends) close(end);
    throw;
  }
  for (const int end : child_ends) close(end);
  const std::optional<run_failure> failure = run_loop(set, program).serve();
  if (!failure) return;
  set.kill_running();
  throw error(failure->kind, failure->message);
}

}  // namespace plexus::dist
