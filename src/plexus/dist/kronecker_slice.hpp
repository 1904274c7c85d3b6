// Each rank builds its slice of a Kronecker graph, with exactly the edges a single process
// builds for the same options (`plexus run ... kron:SCALE`: generators::kronecker, then
// build_graph: an undirected graph stored both ways, self-loops dropped, parallel arcs
// collapsed to the minimum weight, lists sorted, a directed graph with its reverse CSR), and
// the same byte-balanced ranges split_by_bytes gives that graph.
//
// No rank draws or holds the whole graph:
//   1. rank r draws arcs [m·r/p, m·(r+1)/p) of the generator's stream (every arc is a
//      function of the seed and its index, so the arcs are the same whoever draws them);
//   2. each arc goes, as a (row, neighbour, weight) entry, to the rank holding its row in an
//      equal split of the ids (the ids are scrambled, so equal id ranges carry similar
//      loads); an undirected arc goes both ways, a directed one also to its head's rank for
//      the reverse lists;
//   3. each rank sorts its entries and keeps one per (row, neighbour), the lightest: its rows
//      are then final, and so are their degrees;
//   4. the byte-balanced split points are found where they fall: each rank all-gathers the
//      byte totals of the equal split, then decides the points inside its own stretch by the
//      rule of split_point, which gives the points split_by_bytes finds on the whole graph;
//   5. rows move to their owners of the balanced split, in row order.
// Two personalised exchanges of the lists and one all-gather of the points, each rank
// holding about 3·m/p entries of 12 bytes at the peak (6·m/p undirected).
#pragma once

#include "plexus/dist/communicator.hpp"
#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/generators/kronecker.hpp"

namespace plexus::dist {

/// Collective: this rank's slice of the Kronecker graph of `options`.
rank_slice kronecker_slice(communicator& comm, const generators::kronecker_options& options);

/// Collective: this rank's part of that graph, ready to run on, its local lists in `order`.
rank_graph generate_kronecker(communicator& comm, const generators::kronecker_options& options,
                              list_order order = list_order::local);

}  // namespace plexus::dist
