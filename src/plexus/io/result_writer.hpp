// Result files in the input's own vertex ids, for `plexus run --out` and library users.
//
// Traversal results are written as "vertex<TAB>value<TAB>parent" lines in the input's
// original vertex ids, one line per vertex in id order; an unreached vertex has depth -1
// (BFS) or distance inf (SSSP) and parent -1. Other per-vertex results are
// "vertex<TAB>value" lines (a label is the original id of the vertex it names; reals are
// printed with 17 significant digits, enough to read back the same double), and scored pairs
// "u<TAB>v<TAB>score" lines. Hypergraph results are "vertex<TAB>value" lines over the
// hypergraph's vertices: a label (the original id of the vertex it names) or a BFS depth in
// hyperedges (-1 when unreached). Per-vertex lines come in increasing original id whatever
// the internal numbering (graph/input_order.hpp). Every file goes through io::atomic_file, so an
// interrupted run never leaves a truncated result under the requested name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <utility>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::io {

void write_bfs_result(const std::filesystem::path& path, const csr_graph& graph,
                      std::span<const vertex_t> depth, std::span<const vertex_t> parent);

void write_sssp_result(const std::filesystem::path& path, const csr_graph& graph,
                       std::span<const weight_t> distance, std::span<const vertex_t> parent);

void write_vertex_labels(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const vertex_t> label);
void write_vertex_labels(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> label);

/// Hypergraph BFS depths; invalid_vertex (unreached) is written as -1.
void write_vertex_depths(const std::filesystem::path& path, const hypergraph& graph,
                         std::span<const vertex_t> depth);

void write_vertex_reals(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const double> value);

void write_vertex_counts(const std::filesystem::path& path, const csr_graph& graph,
                         std::span<const std::uint64_t> count);

/// score[i] belongs to pairs[i]; both ids internal, written as original ids.
void write_scored_pairs(const std::filesystem::path& path, const csr_graph& graph,
                        std::span<const std::pair<vertex_t, vertex_t>> pairs, std::span<const double> score);

}  // namespace plexus::io
