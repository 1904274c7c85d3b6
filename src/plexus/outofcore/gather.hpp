// The host's half of an on-demand iteration: the lists the device asked for, cut into chunks
// of at most C arcs, and each chunk gathered from the host CSR into staging memory.
//
// The lists are laid end to end and cut into chunks of C arcs, so a list longer than a chunk
// spans several (Ascetic cut chunks at list ends and could not take a list larger than its
// buffer). A chunk arrives with its segments: segment k holds the arcs [starts[k],
// starts[k + 1]) of the chunk, all from the list of owners[k]. A chunk holds at most S
// segments too: where the lists are short it ends after S of them, so the device's segment
// arrays need room for S, not C (footprint.hpp). Threads gather a chunk split by arcs, not by lists
// (OneGraph split its threads by vertex count, which leaves one thread with a hub's list).
//
// Range chunks (the design notes' range copy, after HyTGraph's explicit filter): where the
// asked lists lie densely in the CSR, a chunk may instead be the CSR's arcs from a list's
// start through at most C arcs, copied as they lie with no gather. The arcs of lists not asked
// for in between form gap segments, whose owner is invalid_vertex and which visits skip. A
// range chunk is taken where its asked arcs are at least `range_density` of its span (every
// arc when the lists are all asked for, as in PageRank) and of the arcs the gathered chunk
// would hold; else the chunk is gathered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"

namespace plexus::outofcore {

/// Where a chunk's parts go: arcs (and weights, when the graph has them and the algorithm
/// reads them), one owner per segment, and lists + 1 segment starts.
struct chunk_staging {
  vertex_t* arcs = nullptr;
  weight_t* weights = nullptr;  // nullptr: not gathered
  vertex_t* owners = nullptr;
  edge_t* starts = nullptr;
};

class on_demand_lists {
 public:
  struct chunk {
    edge_t first = 0;             // first arc of the chunk in the sequence of lists
    edge_t arcs = 0;              // arcs in the chunk
    std::size_t first_list = 0;   // the list its first arc belongs to
    std::size_t segments = 0;     // segments it holds: one per list it holds arcs of, plus gaps
    bool range = false;           // copied straight from the CSR: arcs [host_first, + span)
    edge_t host_first = 0;        // where its first arc lies in the CSR (range chunks)
    edge_t span = 0;              // arcs it occupies on the device: `arcs`, or the range's length
  };

  /// The lists of `vertices` in the CSR with `offsets`, cut into chunks of at most
  /// `chunk_arcs` arcs and `chunk_segments` segments; lists without arcs are left out. With
  /// `range_density` in (0, 1] and `vertices` ascending, dense stretches become range chunks.
  void plan(std::span<const vertex_t> vertices, std::span<const edge_t> offsets, edge_t chunk_arcs,
            std::size_t chunk_segments, double range_density = 0);

  edge_t total_arcs() const { return scan_.empty() ? 0 : scan_.back(); }
  std::size_t lists() const { return vertices_.size(); }
  std::size_t chunks() const { return chunks_.size(); }
  const chunk& chunk_at(std::size_t c) const { return chunks_[c]; }

  /// Copies chunk c from the CSR (`indices`, and `weights` when staging asks for them) into
  /// `staging`, with its segments; of a range chunk, only its segments.
  void gather(std::size_t c, std::span<const edge_t> offsets, std::span<const vertex_t> indices,
              std::span<const weight_t> weights, const chunk_staging& staging) const;

 private:
  std::size_t list_of(edge_t arc) const;
  /// Where list k starts in the CSR.
  edge_t host_start(std::size_t k) const { return host_starts_[k]; }
  /// The chunk of gathered lists starting at arc `first`, in list `list`.
  chunk gathered_chunk(edge_t first, std::size_t list, edge_t chunk_arcs, std::size_t chunk_segments) const;
  /// The range chunk starting at arc `first`, in list `list`.
  chunk range_chunk(edge_t first, std::size_t list, edge_t chunk_arcs, std::size_t chunk_segments) const;
  /// Marks the gaps and reports whether the lists are ascending (ranges need them so).
  bool find_gaps();
  void gather_segments(const chunk& part, const chunk_staging& staging) const;

  host_vector<vertex_t> vertices_;
  host_vector<edge_t> scan_;  // lists + 1 entries: list k holds arcs [scan_[k], scan_[k + 1])
  host_vector<edge_t> host_starts_;  // lists entries: offsets[vertices_[k]]
  host_vector<vertex_t> gaps_;  // lists entries, with ranges: lists j in 1..k whose arcs do not follow list j - 1's
  std::vector<chunk> chunks_;
};

}  // namespace plexus::outofcore
