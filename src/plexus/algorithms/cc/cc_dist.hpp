// Connected components over the ranks of a distributed run (weakly connected for directed
// graphs).
//
// Output: the label of every vertex the rank owns: the global id of its component's vertex of
// smallest original id, the labels of cc.hpp bit for bit at every rank count (a component's
// label depends on the graph alone, not on how it was found).
// Input: each rank's partition, its local graph uploaded as a device_graph and the original
// ids of its owned vertices (dist/rank_graph.hpp).
//
// Approach: FastSV's hooking and shortcutting (Y. Zhang, A. Azad, Z. Hu, "FastSV: A
// Distributed-Memory Connected Component Algorithm with Fast Convergence", SIAM PP 2020; after
// LACC, A. Azad, A. Buluç, IPDPS 2019), with everything a rank can do alone done by the
// single-device kernels:
//   Locally: Afforest (cc_loop.hpp) runs on the rank's local graph, ghosts included as
//   vertices without lists: its trees are hooked and shortcut to their roots, so every local
//   component is one star. Every arc lies in the local graph of its tail's owner, so the
//   global components are the local ones joined through ghost copies.
//   Between ranks: each star carries the smallest key it has seen (a vertex's key is its
//   global id, or its original id when those do not ascend with the global ids), and the
//   stars hook onto smaller keys through their boundary vertices, as FastSV's aggressive
//   hooking takes the smallest label of any neighbour. A round sends the ghosts whose star's
//   key fell to their owners, min-combined into the owner's star, as a sparse set with values
//   (dist/ghost_sets.hpp). Where an arc between ranks is listed at both ends (undirected
//   graphs, directed ones with their in-lists) each end's star holds a copy of the other, so
//   that direction suffices; a directed graph without in-lists also sends the owned boundary
//   vertices whose star's key fell to their ghost copies. One all-reduce per round ends the
//   rounds when no rank has a key to send. Keys only fall and each is some member's, so the
//   last key of every star is its component's smallest.
//   With original ids as keys, a second pass of the same rounds spreads the global id of the
//   vertex that holds each component's key.
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
