// Hand-made graphs with known local clustering coefficients, shared by the tests of the
// serial reference and of the parallel algorithm: LDBC Graphalytics' two validation examples
// with their published LCC outputs, and graphs whose values follow from the definition by
// hand (in the comments), with and without kept self-loops.
#pragma once

#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "tiny_graph.hpp"

namespace plexus::test {

struct known_lcc {
  std::string name;
  csr_graph graph;
  std::vector<double> lcc;
};

/// A graph built by the library with its self-loops kept (and its reverse CSR if directed).
inline csr_graph keeping_loops(vertex_t n, const std::vector<weighted_arc>& arcs, bool directed) {
  return make_graph(n, arcs, directed, false, true);
}

inline std::vector<known_lcc> known_lcc_graphs() {
  std::vector<known_lcc> known;
  // ldbc/ldbc_graphalytics, graphalytics-validation/src/main/resources/validation-graphs/
  // example/: example-directed (ids 1..10 shifted to 0..9) and example-directed-LCC.
  known.push_back({"graphalytics example-directed",
                   keeping_loops(10,
                                       {{0, 2}, {0, 4}, {1, 3}, {1, 4}, {1, 9}, {2, 0}, {2, 4}, {2, 7}, {2, 9},
                                        {4, 2}, {4, 3}, {4, 7}, {5, 2}, {5, 3}, {6, 3}, {7, 0}, {8, 3}},
                                       true),
                   {2.0 / 3, 1.0 / 6, 0.15, 0.05, 0.25, 0, 0, 5.0 / 6, 0, 0}});
  // example-undirected (ids 2..10 shifted to 0..8) and example-undirected-LCC.
  known.push_back(
      {"graphalytics example-undirected",
       tiny_graph(9, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {1, 6}, {3, 4}, {3, 6}, {4, 5}, {4, 6}, {4, 7}, {4, 8}, {5, 7}},
                  false),
       {1, 1.0 / 3, 1, 2.0 / 3, 0.2, 1, 2.0 / 3, 1, 0}});
  // Triangle 0-1-2, 3 hanging off 0, 4 isolated: N(0) = {1, 2, 3} holds the edge 1-2 (two
  // arcs of six), 1 and 2 have their other two neighbours linked, 3 and 4 too few neighbours.
  known.push_back({"triangle with a tail", tiny_graph(5, {{0, 1}, {1, 2}, {2, 0}, {0, 3}}, false),
                   {1.0 / 3, 1, 1, 0, 0}});
  // The same with loops on 0, 2 and 3 and on the isolated 4, kept: nothing changes.
  known.push_back({"triangle with a tail and kept self-loops",
                   keeping_loops(5, {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {0, 0}, {2, 2}, {3, 3}, {4, 4}}, false),
                   {1.0 / 3, 1, 1, 0, 0}});
  // Directed: 0 -> 1, 1 -> 2, 2 -> 0, 1 -> 0 and loops on 1 and 2. N(0) = {1, 2} holds the
  // arc 1 -> 2 only: 1 of 2; N(1) = {0, 2} the arc 2 -> 0: 1 of 2; N(2) = {0, 1} both 0 -> 1
  // and 1 -> 0: 2 of 2. The loops (1, 1) and (2, 2) never count.
  known.push_back({"directed with kept self-loops",
                   keeping_loops(3, {{0, 1}, {1, 2}, {2, 0}, {1, 0}, {1, 1}, {2, 2}}, true), {0.5, 0.5, 1}});
  // A star: the centre's neighbours are never linked.
  known.push_back({"star", tiny_graph(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}, false), {0, 0, 0, 0, 0}});
  known.push_back({"empty graph", tiny_graph(0, {}, false), {}});
  return known;
}

}  // namespace plexus::test
