// Progress reporting for long loads and builds.
//
// Library code reports "done out of total" units (bytes for readers) through a progress_fn;
// the CLI decides whether and how to show it (only when stderr is a terminal).
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace plexus {

/// Called with a stage name ("parse", "build"), units done and units total. May be empty.
/// Calls come from one thread at a time, at most a few hundred per stage.
using progress_fn = std::function<void(std::string_view stage, std::uint64_t done, std::uint64_t total)>;

inline void report_progress(const progress_fn& fn, std::string_view stage, std::uint64_t done,
                            std::uint64_t total) {
  if (fn) fn(stage, done, total);
}

}  // namespace plexus
