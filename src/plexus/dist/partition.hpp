// One rank's view of a 1D partition: which vertices it owns, which remote vertices its lists
// name (its ghosts), how both are numbered locally, and what it exchanges with each peer.
//
// Local ids: the owned vertices first, in global order
// (local id = global id − first), then one block of ghosts per peer in rank order, each block
// in global order and starting on a multiple of 64 (kGhostAlignment), the ids in between
// being padding that no list names. A frontier bitmap over local ids thus has one run of
// whole words per peer, filled by copying the words that peer sends. Since the ranges are in
// rank order, all ghosts sorted by global id are the blocks one after the other.
//
// Exchange plans are agreed once, when the partition is built (the memoised proxies of
// Gluon: R. Dathathri et al., "Gluon: A Communication-Optimizing Substrate for Distributed
// Heterogeneous Graph Analytics", PLDI 2018): each rank tells each owner which of its
// vertices it holds as ghosts, and the owner keeps that list, in that order, as its send list
// to that rank. Messages then carry values aligned to the lists, never vertex ids: what rank
// r sends to s lands as is in s's ghost block of r. Bulk-synchronous 1D exchanges of this
// kind are those of distributed BFS (A. Buluç, K. Madduri, "Parallel Breadth-First Search on
// Distributed Memory Systems", SC 2011).
//
// The interface names only owners, local ids and per-peer plans, so that a 2D partition can
// stand behind it later without changing the algorithms (cuGraph's partition_manager keeps
// the same split).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_lookup.hpp"
#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/vertex_ranges.hpp"

namespace plexus::dist {

/// Every ghost block starts on a multiple of this many local ids (one 64-bit bitmap word).
inline constexpr vertex_t kGhostAlignment = 64;

/// What this rank exchanges with one peer.
struct peer_plan {
  /// Owned local ids whose values go to the peer, in the order of the peer's ghost block of
  /// this rank's vertices (ascending).
  host_vector<vertex_t> send;
  /// This rank's ghost block of the peer's vertices: local ids [recv_first, recv_first +
  /// recv_count), in the peer's send order.
  vertex_t recv_first = 0;
  vertex_t recv_count = 0;
};

class partition {
 public:
  partition() = default;

  /// Collective over `comm`: rank comm.rank()'s partition, from the ranges every rank shares
  /// and this rank's slice (which must be rows ranges.first(rank) .. ranges.last(rank)).
  /// Finds the ghosts its lists name and agrees the plans with every peer (one exchange of
  /// ghost ids).
  static partition build(communicator& comm, const vertex_ranges& ranges, const graph_slice& slice);

  int rank() const { return rank_; }
  int ranks() const { return ranges_.ranks(); }
  const vertex_ranges& ranges() const { return ranges_; }

  vertex_t num_owned() const { return ranges_.count(rank_); }
  /// The global id of local id 0.
  vertex_t first_owned() const { return ranges_.first(rank_); }
  vertex_t num_ghosts() const { return static_cast<vertex_t>(ghosts_.size()); }
  /// The size of the local id space: owned vertices, ghost blocks and the padding before each.
  vertex_t num_local() const { return num_local_; }
  /// Sum of the send lists (S_r): the values this rank sends in one full exchange.
  std::size_t send_list_length() const;

  int owner(vertex_t global) const { return ranges_.owner(global); }
  bool owns(vertex_t global) const { return global - first_owned() < num_owned(); }
  /// The local id of an owned vertex or of a ghost of this rank; invalid_vertex for any other.
  vertex_t local_id(vertex_t global) const;
  /// The global id of a local id; invalid_vertex for padding.
  vertex_t global_id(vertex_t local) const;

  /// The ghosts' global ids, ascending (the blocks one after the other).
  std::span<const vertex_t> ghosts() const { return ghosts_; }
  /// The local id of the ghost ghosts()[i].
  vertex_t ghost_local_id(std::size_t i) const;
  /// The plan with each rank, indexed by rank (this rank's own is empty).
  std::span<const peer_plan> plans() const { return plans_; }
  const peer_plan& plan(int peer) const { return plans_[static_cast<std::size_t>(peer)]; }

 private:
  int rank_ = 0;
  vertex_ranges ranges_;
  ghost_lookup lookup_;
  host_vector<vertex_t> ghosts_;
  /// Index in ghosts_ of the first ghost of each rank's block (ranks + 1 entries).
  std::vector<std::size_t> block_begin_{0};
  std::vector<peer_plan> plans_;
  vertex_t num_local_ = 0;
};

/// `n` rounded up to a multiple of kGhostAlignment.
vertex_t align_to_ghost_block(std::uint64_t n);

}  // namespace plexus::dist
