// Progress display on stderr (see progress_display.hpp).
#include "progress_display.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>

namespace plexus::cli {

namespace {

std::atomic<bool> g_allowed{true};

// Redraws of a shown line, often enough for the seconds to count visibly.
constexpr std::chrono::milliseconds kRedraw{250};

/// "12.3 MB" style sizes: readers report bytes.
std::string human_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1000 && unit < 4) {
    value /= 1000;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
  return text;
}

}  // namespace

void progress_display::allow(bool shown) {
  g_allowed = shown;
}

progress_display::progress_display(std::string label)
    : enabled_(g_allowed && ::isatty(STDERR_FILENO) == 1), label_(std::move(label)) {
  if (enabled_) ticker_ = std::thread([this] { tick(); });
}

progress_fn progress_display::callback() {
  if (!enabled_) return {};
  return [this](std::string_view stage, std::uint64_t done, std::uint64_t total) {
    const std::lock_guard lock(mutex_);
    stage_ = stage;
    done_ = done;
    total_ = total;
  };
}

void progress_display::tick() {
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, kProgressDelay, [this] { return stopping_; })) return;
  do draw();
  while (!wake_.wait_for(lock, kRedraw, [this] { return stopping_; }));
}

void progress_display::draw() {
  std::string what = stage_.empty() ? label_ : stage_;
  if (what.empty()) what = "working";
  std::string text = what + ":";
  if (total_ > 0) {
    char percent[16];
    std::snprintf(percent, sizeof percent, " %.1f%%",
                  100.0 * static_cast<double>(done_) / static_cast<double>(total_));
    text += percent;
    // Only the "parse"/"read" stages count bytes; the others count abstract units.
    if (stage_ == "parse" || stage_ == "read" || stage_ == "load")
      text += " (" + human_bytes(done_) + " of " + human_bytes(total_) + ")";
    text += ",";
  }
  std::fprintf(stderr, "\r\033[K%s %.0f s", text.c_str(), elapsed_.seconds());
  std::fflush(stderr);
  drawn_ = true;
}

void progress_display::finish() {
  if (!enabled_) return;
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  ticker_.join();
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

}  // namespace plexus::cli
