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
    std::size_t segments = 0;     // lists it holds arcs of
  };

  /// The lists of `vertices` in the CSR with `offsets`, cut into chunks of at most
  /// `chunk_arcs` arcs and `chunk_segments` segments; lists without arcs are left out.
  void plan(std::span<const vertex_t> vertices, std::span<const edge_t> offsets, edge_t chunk_arcs,
            std::size_t chunk_segments);

  edge_t total_arcs() const { return scan_.empty() ? 0 : scan_.back(); }
  std::size_t lists() const { return vertices_.size(); }
  std::size_t chunks() const { return chunk_first_.empty() ? 0 : chunk_first_.size() - 1; }
  chunk chunk_at(std::size_t c) const;

  /// Copies chunk c from the CSR (`indices`, and `weights` when staging asks for them) into
  /// `staging`, with its segments.
  void gather(std::size_t c, std::span<const edge_t> offsets, std::span<const vertex_t> indices,
              std::span<const weight_t> weights, const chunk_staging& staging) const;

 private:
  std::size_t list_of(edge_t arc) const;

  host_vector<vertex_t> vertices_;
  host_vector<edge_t> scan_;  // lists + 1 entries: list k holds arcs [scan_[k], scan_[k + 1])
  std::vector<edge_t> chunk_first_;  // chunks + 1 entries: chunk c holds arcs [first[c], first[c + 1])
};

}  // namespace plexus::outofcore
