// What every algorithm binding does around its library call: run it without the GIL, where
// Ctrl-C can stop it, and open its result's dict with the figures every run reports.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/core/stop_request.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"

namespace plexus::python {

/// Whether the calling thread is the interpreter's main thread, the one Python delivers
/// SIGINT to (call with the GIL held).
bool on_main_thread();

/// Whether the main thread is waiting for a run right now: a signal handler it runs meanwhile
/// that calls the package runs that call itself, the run thread being busy.
bool watching_signals();

/// Runs `task` on the module's run thread while the calling (main) thread, GIL released,
/// checks Python's signals every few tens of milliseconds; when a handler raises
/// (KeyboardInterrupt from Ctrl-C) it sets `stop`, which the algorithms read between rounds
/// (core/stop_request.hpp), and waits for the run to end. Returns false when a signal
/// handler raised: the Python error is then set. One thread runs every interruptible call, so
/// its OpenMP threads are made once, not per call.
bool run_watching_signals(const std::function<void()>& task, std::atomic<bool>& stop);

/// `run()` without the GIL, other Python threads going on meanwhile; on the main thread,
/// Ctrl-C ends it within one round of its loop and raises KeyboardInterrupt.
template <class Run>
auto unlocked(Run&& run) {
  using result = std::invoke_result_t<Run&>;
  if (!on_main_thread() || watching_signals()) {
    pybind11::gil_scoped_release released;
    return run();
  }
  std::optional<result> answer;
  std::exception_ptr failure;
  std::atomic<bool> stop{false};
  const bool finished = run_watching_signals(
      [&] {
        const stop_request_scope scope(stop);
        try {
          answer.emplace(run());
        } catch (...) {
          failure = std::current_exception();
        }
      },
      stop);
  if (!finished) throw pybind11::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return std::move(*answer);
}

/// `source` as a vertex of a graph of n vertices, else the one-line error every source gets.
inline vertex_t checked_source(std::int64_t source, vertex_t n) {
  if (!dsl::runtime::is_vertex(source, n))
    throw error(error_kind::invalid_argument, "source " + std::to_string(source) + " is not a vertex (" +
                                                  dsl::runtime::vertex_ids(n) + ")");
  return static_cast<vertex_t>(source);
}

/// A result's dict, opened with the figures every run reports.
inline pybind11::dict figures(int iterations, double seconds) {
  pybind11::dict out;
  out["iterations"] = iterations;
  out["seconds"] = seconds;
  return out;
}

}  // namespace plexus::python
