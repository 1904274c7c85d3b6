// Writers for `plexus run --out` and `plexus bench --json`.
//
// Per-vertex results are written as "vertex<TAB>value<TAB>parent" lines in the input's
// original vertex ids, one line per vertex in id order; an unreached vertex has depth -1
// (BFS) or distance inf (SSSP) and parent -1. Every file goes through io::atomic_file, so an
// interrupted run never leaves a truncated result under the requested name.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <span>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

void write_bfs_result(const std::filesystem::path& path, const csr_graph& graph, std::span<const vertex_t> depth,
                      std::span<const vertex_t> parent);

void write_sssp_result(const std::filesystem::path& path, const csr_graph& graph,
                       std::span<const weight_t> distance, std::span<const vertex_t> parent);

/// Writes `document` indented by two spaces, followed by a newline.
void write_json(const std::filesystem::path& path, const nlohmann::json& document);

}  // namespace plexus::cli
