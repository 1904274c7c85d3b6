// Interrupt handling of the command line; see interrupt.hpp.
#include "interrupt.hpp"

#include <csignal>

#include "plexus/io/atomic_file.hpp"

namespace plexus::cli {

namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Only async-signal-safe calls here (POSIX.1-2017, 2.4.3): unlink, sigaction, sigprocmask,
// raise.
extern "C" void remove_outputs_and_end(int signal) {
  io::remove_temporary_files();
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(signal, &default_action, nullptr);
  // The signal is blocked while its handler runs; unblocked, the raise ends the process now.
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal);
  sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
  raise(signal);
}

}  // namespace

void remove_outputs_on_interrupt() {
  for (const int signal : kSignals) {
    struct sigaction previous {};
    sigaction(signal, nullptr, &previous);
    // A signal the parent chose to ignore (nohup, a shell's background job) stays ignored.
    if (previous.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = remove_outputs_and_end;
    sigemptyset(&action.sa_mask);
    for (const int other : kSignals) sigaddset(&action.sa_mask, other);
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace plexus::cli
