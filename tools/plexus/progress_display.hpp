// Progress display on stderr for long loads and builds.
//
// Shown only when stderr is a terminal (isatty), so piped or logged output never fills with
// carriage returns; redrawn at most every 100 ms and at each stage change, and erased when
// the work ends so the report that follows starts on a clean line.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/core/progress.hpp"
#include "plexus/core/timer.hpp"

namespace plexus::cli {

class progress_display {
 public:
  progress_display();
  progress_display(const progress_display&) = delete;
  progress_display& operator=(const progress_display&) = delete;
  ~progress_display() { finish(); }

  /// The callback to hand to read_options / build_options; empty when nothing is shown.
  progress_fn callback();
  /// Erases the progress line (if one was drawn).
  void finish();

 private:
  void update(std::string_view stage, std::uint64_t done, std::uint64_t total);

  bool enabled_ = false;
  bool drawn_ = false;
  std::string stage_;
  timer since_draw_;
};

}  // namespace plexus::cli
