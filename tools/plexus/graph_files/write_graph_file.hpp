// Writing what convert and generate produce: the .plx cache, or text for other tools
// (io/text_writer.hpp), chosen by the output's name.
#pragma once

#include <filesystem>
#include <optional>
#include <span>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/text_writer.hpp"

namespace plexus::cli {

/// The text format the output name asks for, or nothing for .plx; any other name is refused
/// (invalid_argument) with the names that work. The output is also checked as run checks
/// --out (io::check_output: its folder exists and takes a new file, and it is none of `inputs`),
/// so a wrong path fails before anything is read or generated.
std::optional<io::text_output> check_output(const std::filesystem::path& output,
                                            std::span<const std::filesystem::path> inputs = {});

/// Writes the .plx cache when `text` is empty, else that text format. A .mtx file whose rows
/// cannot be the input's ids (they are not 1..n) gets a note on standard output saying so.
void write_graph(const csr_graph& graph, const std::filesystem::path& output,
                 std::optional<io::text_output> text);
void write_hypergraph(const hypergraph& graph, const std::filesystem::path& output,
                      std::optional<io::text_output> text);

}  // namespace plexus::cli
