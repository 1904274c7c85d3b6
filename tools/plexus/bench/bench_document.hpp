// The document `plexus bench --json FILE` writes (docs/json/bench.schema.json): its opening
// fields, and writing it whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace plexus::cli {

/// "git_revision", "timestamp" (UTC), "trials", "seed", "results" and "total_seconds" (the
/// wall time so far); the caller adds what its bench has besides.
nlohmann::ordered_json bench_document(int trials, std::uint64_t seed, nlohmann::ordered_json results);

/// Writes `document` indented by two spaces, followed by a newline, atomically.
void write_bench_document(const std::filesystem::path& path, const nlohmann::ordered_json& document);

}  // namespace plexus::cli
