// Ending a run early at another thread's request. A front end that can be interrupted (the
// Python package, whose Ctrl-C arrives on the interpreter's main thread while the run goes on
// in another) hands the running thread a flag through stop_request_scope; the algorithms call
// throw_if_stop_requested() at the top of every round, so a run ends within one round of the
// request, its buffers freed as the exception unwinds. Without a scope the check is one load
// of a null thread-local pointer.
#pragma once

#include <atomic>

#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
inline thread_local const std::atomic<bool>* stop_requested_flag = nullptr;
}  // namespace detail

/// While alive, the runs of this thread end once `flag` is set.
class stop_request_scope {
 public:
  explicit stop_request_scope(const std::atomic<bool>& flag) : previous_(detail::stop_requested_flag) {
    detail::stop_requested_flag = &flag;
  }
  ~stop_request_scope() { detail::stop_requested_flag = previous_; }
  stop_request_scope(const stop_request_scope&) = delete;
  stop_request_scope& operator=(const stop_request_scope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

/// Throws error(error_kind::interrupted) once this thread's run was asked to stop.
inline void throw_if_stop_requested() {
  const std::atomic<bool>* flag = detail::stop_requested_flag;
  if (flag != nullptr && flag->load(std::memory_order_relaxed))
    throw error(error_kind::interrupted, "the run was interrupted");
}

}  // namespace plexus
