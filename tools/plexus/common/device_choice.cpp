// Back ends chosen on the command line; see device_choice.hpp.
#include "device_choice.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>

#include "plexus/core/error.hpp"

namespace plexus::cli {

namespace {

std::string upper(std::string_view name) {
  std::string text(name);
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

backend chosen_device(const std::string& name) {
  const backend where = parse_backend(name);
  // Each back end's build switch is PLEXUS_ENABLE_<NAME> (backends/<name>/backend.cmake).
  if (!backend_compiled(where))
    throw error(error_kind::unsupported,
                fmt::format("--device {0}: this build of Plexus leaves out the {1} back end; rebuild with "
                            "-DPLEXUS_ENABLE_{1}=ON (README, first section), or use --device host",
                            name, upper(name)));
  if (!backend_available(where))
    throw error(error_kind::unsupported,
                fmt::format("--device {}: no {} device is present on this machine; use --device host "
                            "('plexus --version' lists the back ends and their devices)",
                            name, upper(name)));
  return where;
}

std::vector<backend> chosen_devices(const std::vector<std::string>& names) {
  std::vector<backend> result;
  if (names.empty()) {
    for (backend b : all_backends())
      if (backend_available(b)) result.push_back(b);
    return result;
  }
  for (const std::string& name : names) result.push_back(chosen_device(name));
  return result;
}

runnable_devices devices_that_run(const std::vector<std::string>& names) {
  runnable_devices result;
  if (names.empty()) {
    result.usable = chosen_devices(names);
    return result;
  }
  for (const std::string& name : names) {
    const backend where = parse_backend(name);
    if (!backend_compiled(where))
      result.skipped.push_back(
          {where, fmt::format("not built (rebuild with -DPLEXUS_ENABLE_{}=ON)", upper(name))});
    else if (!backend_available(where))
      result.skipped.push_back({where, fmt::format("no {} device found", upper(name))});
    else
      result.usable.push_back(where);
  }
  if (result.usable.empty()) {
    std::vector<std::string> reasons;
    for (const skipped_device& skipped : result.skipped)
      reasons.push_back(fmt::format("{}: {}", to_string(skipped.where), skipped.why));
    throw error(error_kind::unsupported,
                fmt::format("--device {}: no back end named can run here: {}; use --device host ('plexus "
                            "--version' lists the back ends and their devices)",
                            fmt::join(names, ","), fmt::join(reasons, ", ")));
  }
  return result;
}

std::vector<backend> named_devices(const std::vector<std::string>& names) {
  if (names.empty()) return chosen_devices(names);
  std::vector<backend> result;
  for (const std::string& name : names) result.push_back(parse_backend(name));
  return result;
}

}  // namespace plexus::cli
