// How many bytes each graph and hypergraph algorithm must move through memory for one run:
// the numerator of the bandwidth `plexus bench --portability` sets against the device's copy
// bandwidth (copy_bandwidth.hpp, portability.hpp). One function per algorithm; PageRank and
// hypergraph LP count their own bytes per iteration (pagerank_bytes_per_iteration,
// hyper_label_propagation_result's phase bytes), and their commands multiply by the
// iterations run.
//
// Every model follows the same rules (docs/performance/portability.md, "Bytes counted"):
//   - a list that the algorithm's definition must read is read once per visit the definition
//     makes: its offset (8 bytes, edge_t) and its neighbour ids (4 bytes each, vertex_t),
//     weights (4 bytes, weight_t) where it reads them;
//   - per-vertex state is written once where it is initialised and once where it is settled,
//     and the neighbour's state is read once per arc where the definition looks at it;
//   - an intersection of two sorted lists reads the shorter one and probes the longer once
//     per entry (4 bytes each), the least any method (merge, binary search, bitmap) reads;
//   - nothing else: no frontiers, bitmaps, scans, atomics retried, or cache lines partly used.
// So a model is what an ideal implementation of the algorithm's definition moves, not what the
// kernels move; an implementation that reads less than the definition (a pull step of BFS
// stopping at the first parent) or finds what it reads in cache (a hub's list probed for every
// neighbour) can beat it, and an efficiency above 1 is then possible, and says so.
#pragma once

#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::perf {

/// BFS over `vertices` vertices from a source that reached `reached` of them, whose lists hold
/// `arcs` arcs in all: depths initialised, each reached list read with its neighbours' depths,
/// each reached depth written.
std::uint64_t bfs_bytes(vertex_t vertices, vertex_t reached, edge_t arcs);

/// SSSP as BFS, distances for depths, plus one weight per arc read on a weighted graph.
std::uint64_t sssp_bytes(vertex_t vertices, vertex_t reached, edge_t arcs, bool weighted);

/// Connected components: every list read once with its neighbours' labels, labels
/// initialised and written.
std::uint64_t cc_bytes(vertex_t vertices, edge_t arcs);

/// Label propagation for `iterations` iterations: labels initialised, then per iteration every
/// list read with its neighbours' labels and every label written.
std::uint64_t lp_bytes(vertex_t vertices, edge_t arcs, std::uint64_t iterations);

/// Betweenness centrality from `sources` sources (Brandes): per source a BFS forward and a
/// sweep back over the same arcs (twice bfs_bytes of a traversal reaching every vertex), plus
/// each vertex's path count and dependency (8-byte doubles) written and read once, and its
/// score read and written once.
std::uint64_t bc_bytes(vertex_t vertices, edge_t arcs, std::uint64_t sources);

/// k-core peeling: degrees initialised from the offsets, every list read once when its
/// vertex is peeled with each neighbour's degree read and written, every core number written.
std::uint64_t kcore_bytes(vertex_t vertices, edge_t arcs);

/// Triangle counting (forward algorithm): the graph read once to orient it, the oriented ids
/// written, then for every oriented arc u -> v the intersection of the oriented lists of u
/// and v, and v's offset.
std::uint64_t tc_bytes(const csr_graph& graph);

/// Edge-connected Jaccard: every list swept once, for every edge the intersection of the
/// lists of its two ends and the second end's offset (once per unordered pair on an undirected
/// graph), and one score (8 bytes) per stored arc.
std::uint64_t jaccard_bytes(const csr_graph& graph);

/// Local clustering coefficient: every list swept once, for every edge the intersection of the
/// lists of its two ends and the second end's offset (once per unordered pair on an undirected
/// graph; out-lists on a directed one), and one coefficient (8 bytes) per vertex.
std::uint64_t lcc_bytes(const csr_graph& graph);

/// Hypergraph BFS that reached `reached_vertices` vertices, whose hyperedge lists hold
/// `vertex_pins` pins, and `reached_hyperedges` hyperedges holding `hyperedge_pins` pins: depths
/// of both sides initialised, each reached list read with the other side's depths, each reached
/// depth written.
std::uint64_t hyper_bfs_bytes(const hypergraph& graph, vertex_t reached_vertices, edge_t vertex_pins,
                              hyperedge_t reached_hyperedges, edge_t hyperedge_pins);

/// Hypergraph connected components for `rounds` rounds: vertex labels initialised, then per
/// round both incidence lists read with the other side's labels, every label of both sides
/// written, and one pointer jump (a label read and written) per vertex.
std::uint64_t hyper_cc_bytes(const hypergraph& graph, std::uint64_t rounds);

}  // namespace plexus::perf
