// Writing graphs and hypergraphs as text, so other tools can read what Plexus built or
// generated. The format follows the output name; a trailing ".gz" gzip-compresses any of them.
//
// Graphs, in the input's own vertex ids (csr_graph::original_ids):
//   .el   "u v" per line (GAPBS). A directed graph lists every arc; an undirected one every
//         edge once, smaller id first (read it back with --undirected).
//   .wel  "u v w" per line, the same arcs with their weights (weighted graphs only).
//   .mtx  Matrix Market coordinate, "pattern" or "real", "general" (directed) or "symmetric"
//         (undirected, lower triangle). Rows are numbered 1..n in increasing input id, which
//         are the input's ids whenever those are 1..n (the formats numbered from 1).
// Hypergraphs:
//   .hyp  one hyperedge per line, its vertices' own ids separated by spaces (a blank line is
//         an empty hyperedge), after one '#' comment line with the counts.
//   .hgr  hMETIS: "m n [fmt]", then one line per hyperedge (its weight first when weighted),
//         vertices numbered 1..n in increasing input id, then vertex weights when present.
//         Weights must be positive integers and every hyperedge must hold a vertex.
// Isolated vertices survive only in .mtx and .hgr; the line formats list what edges name.
// Every file goes through io::atomic_file, so a failed write leaves nothing behind.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::io {

enum class text_output { edge_list, weighted_edge_list, matrix_market, hyperedge_lines, hmetis };

/// The text format `path` names (".el", ".wel", ".mtx", ".hyp", ".hgr", each optionally
/// followed by ".gz"), or nothing.
std::optional<text_output> text_output_for(const std::filesystem::path& path);
std::string_view to_string(text_output format);
/// True for the formats that hold graphs (.el, .wel, .mtx), false for hypergraph ones.
bool holds_graphs(text_output format);

/// Writes a graph; throws plexus::error (invalid_argument) for a hypergraph format or .wel
/// of an unweighted graph, (io) when the file cannot be written.
void write_graph_text(const csr_graph& graph, const std::filesystem::path& path, text_output format);
/// Writes a hypergraph; throws plexus::error (invalid_argument) for a graph format, or for
/// .hgr of a hypergraph hMETIS cannot hold.
void write_hypergraph_text(const hypergraph& graph, const std::filesystem::path& path, text_output format);

/// True when the graph's input ids are exactly 1..n, so .mtx rows are those ids.
bool ids_are_one_to_n(const csr_graph& graph);

}  // namespace plexus::io
