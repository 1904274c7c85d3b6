// Shared pieces of the algorithm tests: the back-end parameter, tiny graph construction
// through the public builder, and access to the third-party datasets.
//
// Every test is instantiated once per back end of the list (PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND);
// a back end that is not available reports SKIPPED instead of passing.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "skip_reasons.hpp"

namespace plexus {
/// Test names and failure messages show a back end by its name.
inline void PrintTo(backend b, std::ostream* os) { *os << to_string(b); }
}  // namespace plexus

namespace plexus::test {

class backend_test : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override { PLEXUS_SKIP_WITHOUT_BACKEND(GetParam()); }
  backend where() const { return GetParam(); }
};

struct backend_name {
  std::string operator()(const ::testing::TestParamInfo<backend>& info) const {
    return std::string(to_string(info.param));
  }
};

/// Instantiates a TEST_P suite whose parameter is a plexus::backend for every back end of
/// backends/backend_list.hpp. Each test's name ends with its back end
/// ("every_backend/bfs_test.path/cuda"), by which the build gives it that back end's label;
/// a back end this machine lacks reports SKIPPED.
#define PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(suite)                                                     \
  INSTANTIATE_TEST_SUITE_P(every_backend, suite, ::testing::ValuesIn(::plexus::all_backends()), \
                           ::plexus::test::backend_name{})

struct weighted_arc {
  vertex_t u, v;
  weight_t w = 1;
};

/// A graph from an arc list through build_graph; undirected graphs list each edge once.
/// `keep_self_loops` keeps the listed loops (build_options::keep_self_loops).
inline csr_graph make_graph(vertex_t n, const std::vector<weighted_arc>& arcs, bool directed, bool weighted = false,
                            bool keep_self_loops = false) {
  edge_list edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (const auto& a : arcs) {
    edges.src.push_back(a.u);
    edges.dst.push_back(a.v);
    if (weighted) edges.weights.push_back(a.w);
  }
  build_options options;
  options.build_in_edges = directed;
  options.keep_self_loops = keep_self_loops;
  return build_graph(std::move(edges), options);
}

/// Skips the calling test when the datasets' graphs are absent.
#define PLEXUS_REQUIRE_DATASETS() PLEXUS_SKIP_WITHOUT_DATASET(::plexus::test::datasets_dir() / "graphs")

/// "vertex value" pairs of a reference file: '#' lines and a "vertex,..." header are skipped;
/// the separator is a space or a comma.
inline std::vector<std::pair<vertex_t, vertex_t>> read_reference_pairs(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::vector<std::pair<vertex_t, vertex_t>> pairs;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("vertex")) continue;
    for (char& c : line)
      if (c == ',') c = ' ';
    std::istringstream fields(line);
    vertex_t v = 0, value = 0;
    if (!(fields >> v >> value)) throw std::runtime_error("bad line in " + path.string() + ": " + line);
    pairs.emplace_back(v, value);
  }
  return pairs;
}

}  // namespace plexus::test
