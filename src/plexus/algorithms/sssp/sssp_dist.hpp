// Single-source shortest paths over the ranks of a distributed run, for non-negative weights.
//
// Output: the distance of every vertex the rank owns (+infinity when unreached): the
// distances of sssp.hpp bit for bit at every rank count. A run's distances depend on the
// graph alone, not on the order its relaxations ran in (sssp_parents.hpp, Claim 1: each is
// the smallest left-to-right float sum along a path, rounding being monotone), so ties broken
// otherwise, other rounds and other windows still give the same floats. Parents are not kept
// in the loop; they are the canonical tree of the distances (sssp_parents_dist.hpp).
// Input: each rank's partition, its local graph uploaded as a device_graph and the original
// ids of its owned vertices (for messages; dist/rank_graph.hpp).
//
// Approach: the near-far delta-stepping of sssp_loop.hpp, bucket-synchronous across ranks as
// in distributed delta-stepping (V. T. Chakaravarthy, F. Checconi, F. Petrini, Y. Sabharwal,
// "Scalable Single Source Shortest Path Algorithms for Massively Parallel Systems", IPDPS 2014
// and IEEE TPDS 2017). Every rank runs the single-device push round over its owned near set
// on its local graph. A relaxation that lowers a ghost's copy only marks it: the copy keeps
// the best distance this rank has sent, so that a worse one is never sent. After each round
// the marked copies go to their owners as sparse sets of (offset, distance) pairs
// (dist/ghost_sets.hpp); an owner min-combines each into its vertex and places it as its own
// relaxations are placed, in the near set being built or in the far pile. One all-reduce per
// round sums the near sets' sizes and the far piles' pending words: the rounds of a window
// end together, and when every near set is empty the split moves as on one device, the window
// width being the single-device rule's (sssp.hpp) applied to the whole graph's weights;
// where no far vertex lies in the next window, one more all-reduce agrees on the smallest far
// distance over the ranks. Every round pushes: a pull round (sssp_rounds.hpp) would also need
// the near set's ghost copies sent out first, and is left to a later change.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/partition.hpp"

namespace plexus {

struct sssp_dist_result {
  host_vector<weight_t> distance;  // of the owned vertices, by local id; +infinity when unreached
  weight_t delta = 0;              // the window width used
  int iterations = 0;              // near-set relaxation rounds, the same on every rank
  double seconds = 0;              // the loop, exchanges included: no upload, no download
  dist::exchange_stats exchange;
};

/// Collective over `comm`. `source` is a global id; `original_ids` are the owned vertices'
/// (empty when they are the global ids). Throws on every rank, as a dist::agreed_error (so
/// that a driver tells it from one rank's fault), what sssp() throws for the whole graph:
/// plexus::error(invalid_argument) for a source out of range or bad options (and for a forced
/// pull, as every round pushes), plexus::error(unsupported) naming the first negative or NaN
/// weight's edge in the input's ids, or when path sums could overflow. options.parents is not
/// read: see sssp_parents_dist.hpp.
sssp_dist_result sssp_distributed(dist::communicator& comm, const dist::partition& part,
                                  const device_graph& graph, std::span<const std::uint64_t> original_ids,
                                  vertex_t source, const sssp_options& options = {});

}  // namespace plexus
