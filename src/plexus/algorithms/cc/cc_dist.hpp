// Connected components over the ranks of a distributed run (weakly connected for directed
// graphs).
//
// Output: the label of every vertex the rank owns: the global id of its component's vertex of
// smallest original id, the labels of cc.hpp bit for bit at every rank count (a component's
// label depends on the graph alone, not on how it was found).
// Input: each rank's partition, its local graph uploaded as a device_graph and the original
// ids of its owned vertices (dist/rank_graph.hpp).
//
// Approach: Afforest (M. Sutton, T. Ben-Nun, A. Barak, "Optimizing Parallel Graph
// Connectivity Computation via Subgraph Sampling", IPDPS 2018) run over the ranks, its links
// made by the single-device kernels on each rank's local graph (cc_loop.hpp: ghosts are
// vertices without lists there) and its components joined between ranks by FastSV-style key
// rounds (Y. Zhang, A. Azad, Z. Hu, "FastSV: A Distributed-Memory Connected Component
// Algorithm with Fast Convergence", SIAM PP 2020; after LACC, A. Azad, A. Buluç, IPDPS 2019):
//   Phase 1: every vertex links its first neighbours, ghosts included.
//   Keys: each local star (a root and its members) carries the smallest key it has seen (a
//   vertex's key is its global id, or its original id when those do not ascend with the
//   global ids); rounds send the boundary vertices whose star's key fell, ghosts to their
//   owners and owned vertices to their ghost copies, each min-combined into the receiving
//   star (cc_dist_keys.hpp), until no rank has a key to send. Keys only fall and each is some
//   member's, so every star ends with its component's smallest.
//   Phase 2: after the rounds over phase 1's links, the key most frequent among vertices
//   sampled on every rank names the largest component. Where every arc is listed at both
//   ends (undirected graphs, directed ones with their in-lists), its members skip phase 3,
//   their arcs to other ranks as much as their local ones: any arc from it to another
//   component is linked from that component's end. This is what lets the ranks skip most
//   arcs of a power-law graph as the single-device run does, instead of linking every arc
//   between ranks.
//   Phase 3: every other vertex links its remaining arcs; the keys of merged stars join, and
//   the rounds run again.
//   With original ids as keys, a last pass of rounds spreads the global id of the vertex that
//   holds each component's key.
// FastSV also shortcuts across processes (a vertex reads its grandparent wherever it lives);
// here a star learns only from the stars it shares a vertex with, so the rounds grow with the
// number of stars a component's chains cross between ranks, not with log n: few on
// power-law graphs and on inputs numbered with locality (each rank then holds long stretches),
// many where the vertex order scatters a sparse component over every rank.
#pragma once

#include <cstdint>
#include <span>

#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/partition.hpp"

namespace plexus {

struct cc_dist_result {
  host_vector<vertex_t> label;       // of the owned vertices, by local id (global ids)
  std::uint64_t num_components = 0;  // over all ranks, isolated vertices included
  int rounds = 0;                    // exchange rounds between ranks, both passes
  double seconds = 0;                // local phases and rounds: no upload, no download
  dist::exchange_stats exchange;
};

/// Collective over `comm`. `original_ids` are the owned vertices' (empty when they are the
/// global ids). Throws plexus::error(invalid_argument) on every rank for the options
/// connected_components refuses.
cc_dist_result connected_components_distributed(dist::communicator& comm, const dist::partition& part,
                                                const device_graph& graph,
                                                std::span<const std::uint64_t> original_ids,
                                                const cc_options& options = {});

}  // namespace plexus
