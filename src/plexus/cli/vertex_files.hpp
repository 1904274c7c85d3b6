// Vertex ids as the command line takes them: the input's own ids, on the command line and in
// the small text files some algorithms read (--pairs, --personalization). The files are read
// line by line, so memory grows with what a file holds and never with a count it claims;
// '#' and '%' start comments, and every malformed line is reported as "file:line: what is
// wrong".
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

/// Original id -> internal id, for reading ids from the command line or a file.
class id_lookup {
 public:
  explicit id_lookup(const csr_graph& graph);
  /// The internal id of `original`, or std::nullopt when no vertex has it.
  std::optional<vertex_t> find(std::uint64_t original) const;

 private:
  const csr_graph& graph_;
  std::vector<std::pair<std::uint64_t, vertex_t>> sorted_;  // (original, internal) by original
};

/// "u v" pairs of a text file, in internal ids.
std::vector<std::pair<vertex_t, vertex_t>> read_vertex_pairs(const std::filesystem::path& path,
                                                             const csr_graph& graph);

/// "vertex value" lines into one non-negative value per internal vertex, 0 where unlisted.
std::vector<double> read_vertex_values(const std::filesystem::path& path, const csr_graph& graph);

}  // namespace plexus::cli
