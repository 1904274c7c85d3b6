// The Batagelj-Zaversnik reference on hand-made graphs with known core numbers and against
// peeling by the definition on random graphs, and the verifier accepting the right numbers
// and rejecting each kind of wrong ones (kcore_verify.hpp lists the checks).
#include "plexus/algorithms/kcore/kcore_verify.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plexus/algorithms/kcore/kcore_test_graphs.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/uniform.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
using cores = std::vector<vertex_t>;

cores reference(const csr_graph& g) {
  const auto core = verify::reference_core_numbers(g);
  return {core.begin(), core.end()};
}

TEST(reference_core_numbers, known_graphs) {
  for (const test::known_cores& k : test::known_core_graphs()) {
    EXPECT_EQ(reference(k.graph), k.core) << k.name;
    const auto v = verify::core_numbers(k.graph, k.core);
    EXPECT_TRUE(v.ok) << k.name << ": " << v.message;
  }
}

TEST(reference_core_numbers, refuses_directed_graphs) {
  EXPECT_THROW(verify::reference_core_numbers(tiny_graph(2, {{0, 1}}, true)), error);
}

// Core numbers by the definition, independent of the bucket algorithm: for k = 1, 2, ...
// delete vertices of degree below k until none is left; what survives has core >= k.
cores peel_by_definition(const csr_graph& g) {
  const vertex_t n = g.num_vertices();
  cores core(n, 0);
  std::vector<bool> alive(n, true);
  for (vertex_t k = 1;; ++k) {
    for (bool removed = true; removed;) {
      removed = false;
      for (vertex_t v = 0; v < n; ++v) {
        if (!alive[v]) continue;
        vertex_t degree = 0;
        for (vertex_t u : g.neighbors(v)) degree += alive[u] ? 1 : 0;
        if (degree < k) {
          alive[v] = false;
          removed = true;
        }
      }
    }
    bool any = false;
    for (vertex_t v = 0; v < n; ++v) {
      if (!alive[v]) continue;
      core[v] = k;
      any = true;
    }
    if (!any) return core;
  }
}

TEST(reference_core_numbers, matches_peeling_by_the_definition_on_random_graphs) {
  for (std::uint64_t seed : {1, 2, 3}) {
    generators::uniform_options u;
    u.num_vertices = 300;
    u.num_edges = 1500 * seed;
    u.seed = seed;
    const csr_graph g = build_graph(generators::uniform(u));
    EXPECT_EQ(reference(g), peel_by_definition(g)) << "seed " << seed;
  }
}

// ---- the verifier ---------------------------------------------------------------------------

TEST(verify_core_numbers, rejects_a_wrong_length) {
  const auto v = verify::core_numbers(test::clique_with_tail(), cores{3, 3, 3, 3, 1});
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "core has 5 entries but the graph has 6 vertices");
}

TEST(verify_core_numbers, rejects_a_directed_graph) {
  const auto v = verify::core_numbers(tiny_graph(2, {{0, 1}}, true), cores{0, 0});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("directed"), std::string::npos) << v.message;
}

TEST(verify_core_numbers, rejects_a_core_without_the_support_it_claims) {
  // The tail's vertex 4 claims core 2, but only one of its neighbours (3) has core >= 2.
  const auto v = verify::core_numbers(test::clique_with_tail(), cores{3, 3, 3, 3, 2, 1});
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "vertex 4: core 2 but only 1 neighbours have core 2 or more");
}

TEST(verify_core_numbers, rejects_a_core_below_what_its_neighbours_give) {
  // K5 on 0..4 and vertex 5 joined to 0..3: all are in the 4-core. Claiming 3 for vertex 5
  // leaves every support intact, but 5 then has four neighbours of larger core.
  auto arcs = test::clique(0, 5);
  arcs.insert(arcs.end(), {{5, 0}, {5, 1}, {5, 2}, {5, 3}});
  const auto v = verify::core_numbers(tiny_graph(6, arcs, false), cores{4, 4, 4, 4, 4, 3});
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "vertex 5: core 3 but 4 neighbours have a larger core (at most 3 may)");
}

TEST(verify_core_numbers, rejects_numbers_only_the_reference_tells_apart) {
  // All zeros on a triangle pass the local checks; the reference says 2.
  const csr_graph triangle = tiny_graph(3, {{0, 1}, {1, 2}, {2, 0}}, false);
  const auto v = verify::core_numbers(triangle, cores{0, 0, 0});
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "vertex 0: core 0, expected 2");
}

TEST(verify_core_numbers, names_vertices_by_the_input_ids) {
  // The clique with its tail read from a file whose ids are 11, 12, ..., 16.
  auto arcs = test::clique(0, 4);
  arcs.insert(arcs.end(), {{3, 4}, {4, 5}});
  const csr_graph g = test::tiny_graph_with_ids({11, 12, 13, 14, 15, 16}, arcs, false);
  EXPECT_EQ(verify::core_numbers(g, cores{3, 3, 3, 3, 2, 1}).message,
            "vertex 15: core 2 but only 1 neighbours have core 2 or more");
  EXPECT_EQ(verify::core_numbers(g, cores{3, 3, 3, 3, 1, 0}).message,
            "vertex 16: core 0 but 1 neighbours have a larger core (at most 0 may)");
  EXPECT_EQ(verify::core_numbers(g, cores{2, 2, 2, 2, 1, 1}).message, "vertex 11: core 2, expected 3");
}

}  // namespace
}  // namespace plexus
