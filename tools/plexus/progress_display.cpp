// Progress display on stderr (see progress_display.hpp).
#include "progress_display.hpp"

#include <unistd.h>

#include <cstdio>

namespace plexus::cli {

namespace {

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

progress_display::progress_display() : enabled_(::isatty(STDERR_FILENO) == 1) {}

progress_fn progress_display::callback() {
  if (!enabled_) return {};
  return [this](std::string_view stage, std::uint64_t done, std::uint64_t total) { update(stage, done, total); };
}

void progress_display::update(std::string_view stage, std::uint64_t done, std::uint64_t total) {
  const bool new_stage = stage != stage_;
  if (!new_stage && done < total && since_draw_.seconds() < 0.1) return;
  since_draw_.restart();
  stage_ = stage;
  const double percent = total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total);
  // Only the "parse"/"read" stages count bytes; the others count abstract units.
  const bool bytes = stage == "parse" || stage == "read" || stage == "load";
  std::string detail = bytes ? " (" + human_bytes(done) + " of " + human_bytes(total) + ")" : "";
  std::fprintf(stderr, "\r\033[K%.*s: %5.1f%%%s", static_cast<int>(stage.size()), stage.data(), percent, detail.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void progress_display::finish() {
  if (!drawn_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
  stage_.clear();
}

}  // namespace plexus::cli
