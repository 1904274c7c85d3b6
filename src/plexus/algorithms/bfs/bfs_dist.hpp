// Breadth-first search over the ranks of a distributed run, direction-optimizing.
//
// Output: the depth of every vertex the rank owns (unreached_depth where unreached): the
// depths of bfs.hpp, bit for bit, at every rank count. Parents are not kept in the loop; they
// are chosen afterwards from the depths (canonical_parents_dist.hpp), as every engine's are.
// Input: each rank's partition and its local graph uploaded as a device_graph (dist/
// rank_graph.hpp); pull steps need in-edges on every rank.
//
// Approach (design brief §3, after Buluç and Madduri, SC 2011, and Beamer, Buluç, Asanović and
// Patterson, IPDPS Workshops 2013, on 1D partitions): every rank runs the single-device
// loop's operators on its local graph, owned vertices first and ghosts last with empty lists,
// and the loop adds exchanges between its steps.
//   Top-down: a rank pushes from its owned frontier; an owned neighbour is claimed as on one
//   device; a ghost is claimed locally (so it is sent at most once) and marked in a bitmap.
//   The marks go to the owners as a sparse set (offsets or bitmap per peer, dist/ghost_sets.hpp);
//   an owner claims each vertex it receives that is still unreached.
//   Bottom-up: owners send their frontier bits of each send list to the ranks holding them as
//   ghosts (a sparse set again), and each rank pulls over its owned unvisited vertices. A
//   vertex's depth is written only by its owner.
// One all-reduce per step sums the frontier's size and out-arcs (or the vertices a pull step
// woke), which are the figures the single-device loop decides on: every rank takes the
// direction the single-device loop takes, with its alpha and beta, and the search ends
// together.
#pragma once

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/partition.hpp"

namespace plexus {

struct bfs_dist_result {
  host_vector<vertex_t> depth;  // of the owned vertices, by local id
  int iterations = 0;           // frontier expansions, as bfs_result counts them
  double seconds = 0;           // the loop, exchanges included: no upload, no download
  dist::exchange_stats exchange;
};

/// Collective over `comm`. `source` is a global id. Throws plexus::error(invalid_argument) on
/// every rank when source is out of range, when pull is forced and some rank's graph has no
/// in-edges, or for alpha or beta that are not positive.
bfs_dist_result bfs_distributed(dist::communicator& comm, const dist::partition& part,
                                const device_graph& graph, vertex_t source, const bfs_options& options = {});

}  // namespace plexus
