// Graphs shared by the algorithm suites compiled per back end (cc, pagerank, lp and the
// segmented primitives): hand-made graphs from arc lists, Kronecker and uniform graphs, the
// datasets folder, and the L1 distance between two rank vectors.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <span>
#include <utility>
#include <vector>

#include "dataset_figures.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/builder.hpp"
#include "skip_reasons.hpp"

namespace plexus_test {

using namespace plexus;

inline std::filesystem::path datasets() {
  return test::datasets_dir();
}

#define PLEXUS_SUITE_REQUIRE_DATASETS() PLEXUS_SKIP_WITHOUT_DATASET(datasets() / "graphs")

struct arc {
  vertex_t u, v;
};

inline csr_graph make_graph(vertex_t n, const std::vector<arc>& arcs, bool directed, bool in_edges = true,
                            bool keep_parallel = false) {
  edge_list edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (const auto& a : arcs) {
    edges.src.push_back(a.u);
    edges.dst.push_back(a.v);
  }
  build_options options;
  options.build_in_edges = directed && in_edges;
  options.keep_parallel_edges = keep_parallel;
  return build_graph(std::move(edges), options);
}

inline generators::kronecker_options kron_options(int scale, bool directed, std::uint64_t seed = 1,
                                                  int edge_factor = 16, bool weighted = false) {
  generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = edge_factor;
  o.seed = seed;
  o.directed = directed;
  o.weighted = weighted;
  return o;
}

/// The Kronecker graph of kron_options built as `plexus run` builds kron:SCALE specs:
/// directed graphs with their reverse CSR.
inline csr_graph kron(int scale, bool directed, std::uint64_t seed = 1, int edge_factor = 16,
                      bool weighted = false) {
  build_options b;
  b.build_in_edges = directed;
  return build_graph(generators::kronecker(kron_options(scale, directed, seed, edge_factor, weighted)), b);
}

inline csr_graph uniform_graph(vertex_t n, edge_t m, bool directed, std::uint64_t seed = 3) {
  generators::uniform_options o;
  o.num_vertices = n;
  o.num_edges = m;
  o.seed = seed;
  o.directed = directed;
  build_options b;
  b.build_in_edges = directed;
  return build_graph(generators::uniform(o), b);
}

inline double l1_distance(std::span<const double> a, std::span<const double> b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += std::fabs(a[i] - b[i]);
  return sum;
}

using test::read_vertex_values;

}  // namespace plexus_test
