// What each rank of a partition holds and would exchange: the figures `plexus partition`
// prints, computed without MPI by as many threads as ranks (threads_communicator.hpp), each
// building its rank's partition as a process of a real run would.
//
// Exchange volumes, as the bytes a rank sends over the plans of partition.hpp:
//   - one bottom-up BFS round (S. Beamer, A. Buluç, K. Asanović, D. Patterson, "Distributed
//     Memory Breadth-First Search Revisited: Enabling Bottom-Up Search", IPDPS Workshops
//     2013, on 1D ranges): each owner sends the frontier bits of its send list to each peer,
//     in whole 64-bit words (a ghost block is filled by copying words), so
//     Σ_peers 8·ceil(|send list to the peer| / 64);
//   - one PageRank iteration: one 8-byte contribution per send-list entry, 8·S_r.
// A rank receives, summed over ranks, what the ranks send.
#pragma once

#include <cstdint>
#include <vector>

#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/partition.hpp"
#include "plexus/dist/vertex_ranges.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dist {

struct rank_summary {
  vertex_t first = 0;                 // global id of its first owned vertex
  vertex_t vertices = 0;              // owned
  edge_t arcs = 0;                    // arcs its lists hold: out-lists, and in-lists when carried
  vertex_t ghosts = 0;                // G_r
  std::uint64_t send_list = 0;        // S_r: (owned vertex, peer holding it) pairs
  int peers = 0;                      // ranks it sends to or receives from
  vertex_t local_ids = 0;             // its local id space: owned, padding and ghost blocks
  std::uint64_t model_bytes = 0;      // its share under the byte model the split balances
  std::uint64_t bottom_up_bytes = 0;  // sent in one bottom-up BFS round
  std::uint64_t pagerank_bytes = 0;   // sent in one PageRank iteration
};

/// The summary of one rank from its partition and slice; `model` the split's byte model.
rank_summary summarize(const partition& part, const graph_slice& slice, const byte_model& model);

/// What each of `ranks` ranks would hold of `graph` under split_by_bytes, in rank order.
std::vector<rank_summary> plan_partition(const csr_graph& graph, int ranks);

}  // namespace plexus::dist
