// stopwatch<Space> for the SIMT back ends: times the work queued on the space's stream between
// start() and stop() with events, so host-side launch overhead before start() is not counted.
// Constructing it allocates the space's minimum scratch, so that the first scan or reduction
// of the timed work does not allocate (and synchronise) on the clock.
#pragma once

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/vendor.hpp"

namespace plexus::exec {

template <class Space>
  requires simt_space<Space>
class stopwatch<Space> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  explicit stopwatch(const Space& space) : stream_(space.stream()) {
    space.scratch(Space::kMinimumScratch);
    start_ = runtime::create_event(true);
    stop_ = runtime::create_event(true);
  }
  stopwatch(const stopwatch&) = delete;
  stopwatch& operator=(const stopwatch&) = delete;
  ~stopwatch() {
    runtime::destroy_event(start_);
    runtime::destroy_event(stop_);
  }
  void start() { runtime::record(start_, stream_); }
  /// Seconds of stream time since start(); waits for the stream.
  double stop() {
    runtime::record(stop_, stream_);
    return runtime::elapsed_seconds(start_, stop_);
  }

 private:
  typename runtime::stream_type stream_;
  typename runtime::event_type start_{}, stop_{};
};

}  // namespace plexus::exec
