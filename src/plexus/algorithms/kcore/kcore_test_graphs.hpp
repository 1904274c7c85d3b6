// Hand-made graphs with known core numbers, shared by the tests of the serial reference and
// of the parallel peeling. Each lists its core numbers, and the levels and rounds that
// level-synchronous peeling takes (worked out by hand in the comments: the rounds are the
// same on every back end, since a round's frontier is all the vertices whose degree reaches
// the level during the round before).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "plexus/graph/builder.hpp"
#include "tiny_graph.hpp"

namespace plexus::test {

struct known_cores {
  std::string name;
  csr_graph graph;
  std::vector<vertex_t> core;
  int levels = 0;
  int rounds = 0;
};

/// The edges of a clique on first, ..., first + size - 1.
inline std::vector<arc> clique(vertex_t first, vertex_t size) {
  std::vector<arc> arcs;
  for (vertex_t u = first; u < first + size; ++u)
    for (vertex_t v = u + 1; v < first + size; ++v) arcs.push_back({u, v});
  return arcs;
}

/// K4 on 0..3 with the path 3-4-5 hanging off it.
inline csr_graph clique_with_tail() {
  auto arcs = clique(0, 4);
  arcs.insert(arcs.end(), {{3, 4}, {4, 5}});
  return tiny_graph(6, arcs, false);
}

/// K4 on 0..3 and K5 on 4..8, joined by the edge 3-4.
inline csr_graph two_cliques() {
  auto arcs = clique(0, 4);
  const auto k5 = clique(4, 5);
  arcs.insert(arcs.end(), k5.begin(), k5.end());
  arcs.push_back({3, 4});
  return tiny_graph(9, arcs, false);
}

/// Vertex 0 whose only edge is a loop, and the triangle 1-2-3 with a loop on 1, both loops
/// kept by the builder (each stored once).
inline csr_graph kept_self_loops() {
  edge_list edges;
  edges.num_vertices = 4;
  edges.directed = false;
  edges.src = {0, 1, 2, 3, 1};
  edges.dst = {0, 2, 3, 1, 1};
  build_options keep;
  keep.keep_self_loops = true;
  return build_graph(std::move(edges), keep);
}

inline std::vector<known_cores> known_core_graphs() {
  std::vector<known_cores> known;
  // Level 1: the ends {0, 4}, then {1, 3}, then {2}.
  known.push_back({"path", tiny_graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false), {1, 1, 1, 1, 1}, 1, 3});
  // Level 1: the leaves, then the centre, whose degree 5 does not lift its core.
  known.push_back(
      {"star", tiny_graph(6, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}}, false), {1, 1, 1, 1, 1, 1}, 1, 2});
  known.push_back({"clique K5", tiny_graph(5, clique(0, 5), false), {4, 4, 4, 4, 4}, 1, 1});
  // Level 1: {5}, then {4}; level 3: the clique.
  known.push_back({"clique with a pendant path", clique_with_tail(), {3, 3, 3, 3, 1, 1}, 2, 3});
  // Level 3: {0, 1, 2}, then {3}; level 4: the K5, which the bridge does not lift.
  known.push_back({"two cliques joined", two_cliques(), {3, 3, 3, 3, 4, 4, 4, 4, 4}, 2, 3});
  known.push_back({"isolated vertices", tiny_graph(3, {}, false), {0, 0, 0}, 1, 1});
  known.push_back({"triangle and isolated vertices",
                   tiny_graph(5, {{1, 2}, {2, 3}, {3, 1}}, false),
                   {0, 2, 2, 2, 0},
                   2,
                   2});
  known.push_back({"empty graph", tiny_graph(0, {}, false), {}, 0, 0});
  // Loops are ignored: level 0: {0}, whose only edge is its loop; level 2: the triangle in
  // one round, the loop on 1 lifting it above nothing.
  known.push_back({"kept self-loops", kept_self_loops(), {0, 2, 2, 2}, 2, 2});
  return known;
}

}  // namespace plexus::test
