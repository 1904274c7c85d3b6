#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "run_helpers.hpp"

namespace plexus::python {

namespace {

/// The thread that runs the main thread's calls. Made on first use and never destroyed: it
/// waits for work until the process ends, so no destructor joins it while the interpreter
/// shuts down.
class run_thread {
 public:
  run_thread() : thread_([this] { serve(); }) { thread_.detach(); }

  /// Starts `task`; `finished()` tells when it returned.
  void start(const std::function<void()>& task) {
    const std::lock_guard<std::mutex> hold(mutex_);
    task_ = &task;
    done_ = false;
    wake_.notify_all();
  }

  /// Waits up to `limit` for the task to return; true when it has.
  bool wait_for(std::chrono::milliseconds limit) {
    std::unique_lock<std::mutex> hold(mutex_);
    return wake_.wait_for(hold, limit, [this] { return done_; });
  }

 private:
  void serve() {
    std::unique_lock<std::mutex> hold(mutex_);
    for (;;) {
      wake_.wait(hold, [this] { return task_ != nullptr; });
      const std::function<void()>* task = task_;
      hold.unlock();
      (*task)();
      hold.lock();
      task_ = nullptr;
      done_ = true;
      wake_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  const std::function<void()>* task_ = nullptr;
  bool done_ = true;
  std::thread thread_;
};

/// Set while the main thread waits for the run thread; read and written with the GIL held.
bool waiting_for_run = false;

run_thread& the_run_thread() {
  static run_thread* const thread = new run_thread();
  return *thread;
}

}  // namespace

bool on_main_thread() {
  static const unsigned long main_ident = [] {
    return pybind11::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  }();
  return PyThread_get_thread_ident() == main_ident;
}

bool watching_signals() { return waiting_for_run; }

bool run_watching_signals(const std::function<void()>& task, std::atomic<bool>& stop) {
  // How often the main thread looks at Python's signals while a run goes on: short enough
  // that Ctrl-C is answered at once, long enough to cost nothing beside the run.
  constexpr std::chrono::milliseconds kSignalCheck{20};
  run_thread& runner = the_run_thread();
  bool interrupted = false;
  waiting_for_run = true;
  // Cleared however the wait ends, with the GIL held again (the release below ends first).
  struct clear_on_exit {
    ~clear_on_exit() { waiting_for_run = false; }
  } clear;
  pybind11::gil_scoped_release released;
  runner.start(task);
  while (!runner.wait_for(kSignalCheck)) {
    if (interrupted) continue;
    pybind11::gil_scoped_acquire held;
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      stop.store(true, std::memory_order_relaxed);
    }
  }
  return !interrupted;
}

}  // namespace plexus::python
