// What a .plx file must hold beyond valid checksums, so that a file that passes can be used
// without further checks (plx_format.hpp): a checksum proves only that the bytes are the ones
// written, and a file can be written by anyone. Every algorithm relies on these:
//   - each CSR's rows list their neighbours in non-decreasing order (intersections, binary
//     searches and the repeated-neighbour checks of Jaccard, LCC and betweenness read
//     neighbours as sorted runs);
//   - an undirected graph lists every arc at both ends, with the same weight;
//   - a directed graph's reverse CSR holds exactly the arcs of the forward one, reversed;
//   - a hypergraph's vertex incidence holds exactly its pins, the other way round;
//   - weights are finite (negative ones are read, as the text readers read signed networks,
//     and refused by the algorithms that need them non-negative);
//   - original ids are distinct.
// Order and range are checked element by element while each block of a section is in cache.
// The three "same arcs" rules are checked by keyed multiset hashes of the arcs
// (core/multiset_hash.hpp), summed over the same blocks: one mix per stored arc instead of a
// transpose or a sort. Only a file whose hashes disagree is transposed, on a slow path that
// finds the first row in error to name it.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>

#include "plexus/core/multiset_hash.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::io::plx_structure {

inline constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

/// Which multiset sums the arcs of an index section are added to.
enum class arc_sums {
  straight,  // sum[0] += hash(row, index, weight): a directed graph's arcs; a hypergraph's pins
  swapped,   // sum[0] += hash(index, row, weight): a reverse CSR's arcs; a vertex incidence
  halves,    // an undirected graph: hash(smaller, larger, weight) into sum[0] when the row is the
             // smaller end, into sum[1] when it is the larger (loops into neither)
};

/// What one block [begin, end) of an index section showed.
struct index_scan {
  std::uint64_t out_of_range = kNone;  // first entry >= the bound
  std::uint64_t unsorted = kNone;      // first entry below its predecessor in the same row,
                                       // the first entry of the block not compared
  std::uint64_t sum[2] = {0, 0};
};

/// Scans entries [begin, end) of `indices`, whose rows `offsets` (already checked: from 0, never
/// decreasing, to the entry count) delimit; `weights` (null when unweighted) are the arcs'
/// weights, already read. Row i is vertex first_row + i: the rows may be a part of a graph
/// (one process's share, plx_slice.hpp), whose sums must be those of the whole.
index_scan scan_indices(std::span<const edge_t> offsets, const vertex_t* indices, const weight_t* weights,
                        std::uint64_t begin, std::uint64_t end, std::uint64_t bound, arc_sums sums,
                        const multiset_hash& hash, vertex_t first_row = 0);

/// The first entry i in [begin, end) of `weights` that is not finite, or kNone.
std::uint64_t first_non_finite(const weight_t* weights, std::uint64_t begin, std::uint64_t end);

/// The first row of `a` whose entries (with their weights, when both have them), as a
/// multiset, differ from that row of `b`, or nullopt. The slow path of a hash mismatch.
std::optional<vertex_t> first_differing_row(const csr_arrays& a, const csr_arrays& b);

/// Two rows holding the same original id (the smaller row first), or nullopt.
std::optional<std::pair<vertex_t, vertex_t>> repeated_id(std::span<const std::uint64_t> ids);

}  // namespace plexus::io::plx_structure
