// Hypergraphs shared by the hypergraph algorithm suites compiled per back end: skewed random
// hypergraphs, hypergraphs with every awkward case, and the dataset hypergraphs with the
// component counts of the manifest.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <vector>

#include "hyper_test_support.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "plexus/generators/random_hypergraph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus_test {

using namespace plexus;
using test::edge_lists;
using test::make_hypergraph;

/// Skewed hyperedge sizes up to max_size: most small, some in every degree bucket.
inline hypergraph generated(vertex_t n, hyperedge_t m, vertex_t max_size, std::uint64_t seed, double skew = 0.0) {
  generators::random_hypergraph_options o;
  o.num_vertices = n;
  o.num_hyperedges = m;
  o.min_edge_size = 1;
  o.max_edge_size = max_size;
  o.size_exponent = 1.6;
  o.vertex_skew = skew;
  o.seed = seed;
  return build_hypergraph(generators::random_hypergraph(o));
}

/// Random hyperedges with every awkward case: empty ones, repeated pins (kept), copies of
/// earlier hyperedges, unused (isolated) vertices.
inline hypergraph awkward(vertex_t n, std::size_t m, std::size_t max_size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  edge_lists edges;
  const vertex_t used = n > 3 ? n - 3 : n;
  for (std::size_t i = 0; i < m; ++i) {
    if (!edges.empty() && rng() % 8 == 0) {
      edges.push_back(edges[rng() % edges.size()]);
      continue;
    }
    std::vector<vertex_t> e(rng() % (max_size + 1));
    for (auto& v : e) v = static_cast<vertex_t>(rng() % used);
    edges.push_back(e);
  }
  return make_hypergraph(n, edges, /*keep_repeated_pins=*/true);
}

/// The 18 dataset hypergraphs and the component counts of the manifest (over the vertices
/// that occur in some hyperedge).
struct dataset {
  const char* path;
  vertex_t components;
};
inline const dataset kDatasets[] = {
    {"contact-high-school", 1},
    {"contact-primary-school", 1},
    {"email-Enron", 1},
    {"email-Eu", 20},
    {"NDC-classes", 183},
    {"NDC-substances", 1976},
    {"tags-ask-ubuntu", 9},
    {"congress-bills", 1},
    {"threads-ask-ubuntu", 39187},
    {"senate-committees/hyperedges-senate-committees.txt", 1},
    {"house-committees/hyperedges-house-committees.txt", 1},
    {"walmart-trips/hyperedges-walmart-trips.txt", 611},
    {"mathoverflow-answers/hyperedges-mathoverflow-answers.txt", 1},
    {"hmetis/ibm01.hgr", 1},
    {"hmetis/powersim.mtx.hgr", 1},
    {"hmetis/sat14_atco_enc1_opt2_10_16.cnf.primal.hgr", 4},
    {"hmetis/bundle1.mtx.hgr", 1},
    {"xgi-email-enron/email-enron.json", 1},
};

#define PLEXUS_HYPER_REQUIRE_DATASETS() PLEXUS_SKIP_WITHOUT_DATASET(test::hypergraph_datasets_dir())

template <class A, class B>
bool same(const A& a, const B& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

/// Reads every dataset hypergraph and calls f(hypergraph, dataset); a file missing from the
/// folder is a failure.
template <class F>
void for_each_dataset(F&& f) {
  for (const dataset& d : kDatasets) {
    const auto path = test::hypergraph_datasets_dir() / d.path;
    if (!std::filesystem::exists(path)) {
      ADD_FAILURE() << "dataset missing from the folder: " << path;
      continue;
    }
    f(io::read_hypergraph(path), d);
  }
}

}  // namespace plexus_test
