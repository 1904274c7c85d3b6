// Arcs parsed by one chunk of a text file, and their assembly into a plexus::edge_list.
//
// Readers parse ids as 64-bit numbers exactly as the file writes them, so a file with huge
// or sparse ids (SNAP, CSV) can still be read: assembly either renumbers the ids that occur
// to 0..k-1 in increasing order of the original id (keeping the map in
// edge_list::original_ids), or shifts them by the format's base (0 or 1) after the parser
// has checked that they fit.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/edge_list.hpp"

namespace plexus::io::detail {

struct edge_chunk {
  host_vector<std::uint64_t> src;
  host_vector<std::uint64_t> dst;
  host_vector<weight_t> weights;  // empty, or one per arc
  std::uint64_t min_id = UINT64_MAX;
  std::uint64_t max_id = 0;
  bool has_weights = false;

  void add(std::uint64_t u, std::uint64_t v) {
    src.push_back(u);
    dst.push_back(v);
    const std::uint64_t lo = u < v ? u : v;
    const std::uint64_t hi = u < v ? v : u;
    if (lo < min_id) min_id = lo;
    if (hi > max_id) max_id = hi;
  }
  std::size_t size() const { return src.size(); }
};

struct assemble_options {
  /// The format's first id (0 or 1): subtracted from every id when not compacting, and then
  /// kept as original ids (id - base + base) when not 0.
  std::uint64_t base = 0;
  std::optional<std::uint64_t> num_vertices;   // declared count; otherwise max id + 1 - base
  bool compact = false;                        // renumber the ids that occur
  bool directed = true;                        // what the edge_list will say
  bool mirror = false;                         // also add (v, u) for every arc (u, v), u != v
  bool negate_mirrored_weights = false;        // skew-symmetric matrices
  bool keep_weights = true;
  int num_threads = 0;
};

/// Concatenates the chunks in order (releasing them) into an edge_list. When not
/// compacting, callers must have checked every id against base and the vertex limit.
/// Throws plexus::error when the ids that occur exceed the 32-bit vertex range.
edge_list assemble_edges(std::vector<edge_chunk>& chunks, const assemble_options& options,
                         const std::string& file_name);

}  // namespace plexus::io::detail
