// Helpers shared by the back-end suites (tests/exec, tests/frontier, tests/operators): random
// inputs, small graphs and the fixture that skips a back end with no device. Each suite is a
// header of typed tests written once and compiled for every enabled back end by its
// *_test_instances.hpp (SKIPPED where the back end has no device).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "skip_reasons.hpp"

namespace plexus_test {

using namespace plexus;

inline std::vector<std::uint32_t> random_values(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> v(n);
  for (auto& x : v) x = rng() % 1000;
  return v;
}

inline std::vector<vertex_t> sorted(host_vector<vertex_t> v) {
  std::sort(v.begin(), v.end());
  return {v.begin(), v.end()};
}

inline csr_graph kron_graph(int scale, bool weighted, bool directed, std::uint64_t seed = 3) {
  generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = 8;
  o.seed = seed;
  o.weighted = weighted;
  o.directed = directed;
  build_options b;
  b.symmetrize = !directed;
  b.build_in_edges = directed;
  return build_graph(generators::kronecker(o), b);
}

/// Path 0-1-2-3 plus a triangle 4-5-6 (disconnected) and isolated 7; known depths.
inline csr_graph tiny_graph(bool weighted) {
  edge_list e;
  e.num_vertices = 8;
  e.src = {0, 1, 2, 4, 5, 6, 0};
  e.dst = {1, 2, 3, 5, 6, 4, 3};
  if (weighted) e.weights = {1, 2, 3, 1, 1, 1, 10};
  build_options b;
  b.symmetrize = true;
  return build_graph(std::move(e), b);
}

/// Skips every test of a back end that is not available (no device).
template <class Space>
class BackendFixture : public ::testing::Test {
 protected:
  void SetUp() override { PLEXUS_SKIP_WITHOUT_BACKEND(Space::kind); }
};

}  // namespace plexus_test
