// The document of `plexus bench --json`; see bench_document.hpp.
#include "bench_document.hpp"

#include <ctime>
#include <string>
#include <utility>

#include "plexus/io/atomic_file.hpp"
#include "common/since_start.hpp"

#ifndef PLEXUS_GIT_REVISION
#define PLEXUS_GIT_REVISION "unknown"
#endif

namespace plexus::cli {

namespace {

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

nlohmann::ordered_json bench_document(int trials, std::uint64_t seed, nlohmann::ordered_json results) {
  return {{"git_revision", PLEXUS_GIT_REVISION},
          {"timestamp", utc_timestamp()},
          {"trials", trials},
          {"seed", seed},
          {"results", std::move(results)},
          {"total_seconds", seconds_since_start()}};
}

void write_bench_document(const std::filesystem::path& path, const nlohmann::ordered_json& document) {
  io::atomic_file file(path);
  file.write(document.dump(2) + "\n");
  file.commit();
}

}  // namespace plexus::cli
