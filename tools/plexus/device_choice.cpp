// Back ends chosen on the command line; see device_choice.hpp.
#include "device_choice.hpp"

#include <fmt/format.h>

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

std::vector<backend> named_devices(const std::vector<std::string>& names) {
  if (names.empty()) return chosen_devices(names);
  std::vector<backend> result;
  for (const std::string& name : names) result.push_back(parse_backend(name));
  return result;
}

}  // namespace plexus::cli
