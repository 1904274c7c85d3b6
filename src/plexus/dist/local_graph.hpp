// A rank's graph in local ids: an ordinary csr_graph, so that every
// existing operator, frontier and kernel runs on it unchanged once uploaded as a
// device_graph.
//
// It has partition::num_local() vertices: the owned ones (local ids 0 .. num_owned() − 1)
// with their lists, then the ghost blocks and the padding before each, all of degree 0. A
// directed graph that carries its reverse keeps it, with the owned vertices' in-lists. An
// undirected graph stays undirected, but only owned vertices list their neighbours: an arc
// from an owned vertex to a ghost is not listed back at the ghost, whose lists live on its
// owner.
//
// Lists are renumbered in place and, by default, stay sorted: a list sorted by global id
// holds its ghosts of lower ranks, its owned neighbours and its ghosts of higher ranks, in
// that order, and local ids put the owned ones first, so renumbering is a rotation of each
// list (weights follow their arcs). Sums over a sorted local list therefore add its terms in
// another order than the single-process graph does; list_order::global keeps every list in
// the whole graph's order instead (not sorted by local id), for algorithms whose per-vertex
// sums must equal the single-process ones bit for bit (PageRank).
#pragma once

#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/partition.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::dist {

/// The order of the local lists: sorted by local id, or the whole graph's (by global id).
enum class list_order { local, global };

/// The local graph of the rank whose partition is `part` and whose slice is `slice` (the one
/// the partition was built from).
csr_graph local_graph(const partition& part, const graph_slice& slice, list_order order = list_order::local);

}  // namespace plexus::dist
