// Renumbering the ids that occur in some arrays to 0..k-1, keeping the map back.
//
// Readers of id lists (graph arcs, hypergraph pins) store the ids a file names, which may be
// sparse (SNAP ids with gaps; a hypergraph naming vertex 300,000,000 and a few others). The
// ids that occur become 0..k-1 in increasing order and the original ids are kept, so the
// graph is as large as what the file holds, never as large as its largest id.
//
// When the id range is at most a small multiple of the number of ids, a presence bitmap does
// it: one bit per possible id, a prefix count of set bits per 64-bit word, and new id =
// rank[word] + popcount(word & lower bits). This is the rank structure of succinct bit
// vectors (Jacobson, "Space-efficient static trees and graphs", FOCS 1989), with the rank
// directory kept per word because it is built once and read once per id. Each thread marks
// its ids in its own bitmap, so marking needs no atomics; the bitmaps are OR-ed afterwards.
// Otherwise (few ids over a huge range) the distinct ids are sorted in parallel pieces,
// merged, and looked up by binary search.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"

namespace plexus::io::detail {

/// Renumbers in place the ids of every array, all in [min_id, max_id], to their rank among
/// the distinct ids of all arrays, and returns those distinct ids plus `base` in rank order
/// (the original id of each new id). Throws plexus::error (parse) naming `file_name` when
/// more distinct ids occur than 32-bit vertex ids hold.
host_vector<std::uint64_t> renumber_ids(std::span<const std::span<vertex_t>> arrays, vertex_t min_id,
                                        vertex_t max_id, std::uint64_t base, int threads,
                                        const std::string& file_name);

/// The original ids of a file numbered from `base` whose ids were only shifted to 0-based:
/// base, base + 1, ..., base + n - 1. The map costs 8 bytes per vertex, so a declared vertex
/// count far beyond the file's `entries` (arcs, pins) is refused first (id_density.hpp).
host_vector<std::uint64_t> shifted_ids(vertex_t n, std::uint64_t base, std::uint64_t entries,
                                       const char* entry_name, const std::string& file_name);

}  // namespace plexus::io::detail
