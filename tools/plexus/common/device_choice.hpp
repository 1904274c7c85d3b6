// The back ends a command runs on (--device), checked before any work: a back end this build
// left out, or one whose device is absent, is refused with one line that says which and what
// to do instead (exit status 1: the command line is right, the machine or build is not). A
// bench over several back ends skips such a one instead, saying why, and runs the others.
#pragma once

#include <string>
#include <vector>

#include "plexus/backends/backend.hpp"

namespace plexus::cli {

/// The back end named `name`, available here; throws plexus::error(unsupported) otherwise.
backend chosen_device(const std::string& name);
/// The back ends named, each available here; every available one when `names` is empty.
std::vector<backend> chosen_devices(const std::vector<std::string>& names);
/// A back end named that cannot run here, and why: "not built (rebuild with
/// -DPLEXUS_ENABLE_CUDA=ON)" or "no CUDA device found".
struct skipped_device {
  backend where;
  std::string why;
};
/// The back ends of `plexus bench --device`: those named that can run here, in the order named,
/// and those that cannot, which the bench skips with a line each rather than refusing the
/// whole bench; every available one when `names` is empty. Throws plexus::error(unsupported)
/// when none named can run, with why for each.
struct runnable_devices {
  std::vector<backend> usable;
  std::vector<skipped_device> skipped;
};
runnable_devices devices_that_run(const std::vector<std::string>& names);

/// As chosen_devices, but a back end named that cannot run here is kept, not refused: the
/// platforms of `plexus bench --portability`, where one that cannot run the algorithms makes
/// their performance portability 0 rather than leaving the set.
std::vector<backend> named_devices(const std::vector<std::string>& names);

}  // namespace plexus::cli
