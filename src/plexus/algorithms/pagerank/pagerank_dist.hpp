// PageRank over the ranks of a distributed run: pagerank.hpp's definition and variants, and
// the same ranks bit for bit as one process computes on the same back end, at every rank
// count.
//
// Output: the ranks of the vertices a rank owns, and the run's figures (pagerank_result, its
// rank array holding the owned vertices by local id).
// Input: each rank's part with its local lists in the whole graph's order
// (dist::list_order::global), and its local graph uploaded as a device_graph; in-edges on
// every rank (undirected graphs, or directed graphs with their reverse CSR).
//
// Approach (design brief §3, "owner computes"): with 1D ranges by destination, the owner of v
// holds all of v's in-arcs in their stored order, so it gathers x'[v] exactly as one device
// does: the same terms in the same order. Each iteration
//   1. the owners' contributions x[u] * factor(u) are broadcast to the ghost copies (8 bytes
//      per send-list entry, dist/ghost_broadcast.hpp);
//   2. every rank gathers over its owned vertices' in-lists, ghosts included as sources;
//   3. the L1 change and the dangling mass, summed exactly (exec/fixed_point_sum.hpp), are
//      added over the ranks, exactly again: every rank stops on the iteration one process
//      stops on. So are the final normalisation and, once the changes stall, the test for a
//      cycle of iterates (every rank's part must recur).
// Not yet: personalization vectors.
#pragma once

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/rank_graph.hpp"

namespace plexus {

struct pagerank_dist_result {
  pagerank_result run;  // run.rank: the owned vertices' ranks; the figures are the whole run's
  dist::exchange_stats exchange;
};

/// Collective over `comm`; `local` is graph.graph uploaded. Throws plexus::error on every rank
/// for the arguments pagerank() refuses (invalid_argument), for a personalization vector
/// (unsupported: not distributed yet), and (unsupported) for a weighted run on a graph with a
/// negative, infinite or NaN weight, naming the rank that holds it.
pagerank_dist_result pagerank_distributed(dist::communicator& comm, const dist::rank_graph& graph,
                                          const device_graph& local, const pagerank_options& options = {});

}  // namespace plexus
