// Progress display on stderr for anything long: loads, builds, conversions, an algorithm's run.
//
// Shown only when stderr is a terminal (isatty), so piped or logged output never fills with
// carriage returns, and never under --quiet; drawn only once the work has taken
// kProgressDelay, so quick commands print nothing; then redrawn a few times a second with the
// stage the library reports ("parse", "build": percent done) or the display's own label, and
// the time taken so far. Erased when the work ends, so the report that follows starts on a
// clean line.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "plexus/core/progress.hpp"
#include "plexus/core/timer.hpp"

namespace plexus::cli {

/// How long work runs before its progress is shown.
inline constexpr std::chrono::milliseconds kProgressDelay{2000};

class progress_display {
 public:
  /// `label` names the work while the library reports no stage ("bfs", "generate").
  explicit progress_display(std::string label = "");
  progress_display(const progress_display&) = delete;
  progress_display& operator=(const progress_display&) = delete;
  ~progress_display() { finish(); }

  /// The callback to hand to read_options / build_options; empty when nothing is shown.
  progress_fn callback();
  /// Erases the progress line (if one was drawn) and stops drawing.
  void finish();

  /// Whether any progress_display may draw (false under --quiet).
  static void allow(bool shown);

 private:
  void tick();
  void draw();

  bool enabled_ = false;
  bool drawn_ = false;
  bool stopping_ = false;
  std::string label_, stage_;
  std::uint64_t done_ = 0, total_ = 0;
  timer elapsed_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

}  // namespace plexus::cli
