// The .plx binary cache: a graph or hypergraph exactly as Plexus holds it in memory.
//
// Layout: a fixed header (magic "PLEXUSGR", format version, flags, counts, section sizes and
// a checksum of every section), then the arrays back to back, 64-byte aligned, little-endian.
// Loading is a few large reads straight into the final arrays; the checksum catches
// truncation and corruption. Files from a newer format version are refused by name.
#pragma once

#include <filesystem>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/input.hpp"

namespace plexus::io {

inline constexpr std::uint32_t plx_version = 1;

enum class plx_content { graph, hypergraph };

/// True when the file starts with the .plx magic.
bool is_plx(const std::filesystem::path& path);
/// What a .plx file holds; throws if it is not a .plx file.
plx_content plx_kind(const std::filesystem::path& path);
plx_content plx_kind(const input_text& text);

/// Writes through a temporary file renamed into place, so a failure leaves nothing behind.
void write_plx(const csr_graph& graph, const std::filesystem::path& path);
void write_plx(const hypergraph& graph, const std::filesystem::path& path);

csr_graph read_plx_graph(const std::filesystem::path& path);
hypergraph read_plx_hypergraph(const std::filesystem::path& path);
/// The same for a .plx image read from a stream (standard input, a pipe).
csr_graph read_plx_graph(const input_text& text);
hypergraph read_plx_hypergraph(const input_text& text);

}  // namespace plexus::io
