// Tests of transpose: hand-made CSRs with known reverse, generated CSRs against a brute-force
// reverse, and transpose(transpose(a)) == a.
#include <gtest/gtest.h>
#include <omp.h>

#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "reference_builder.hpp"

namespace plexus {
namespace {

csr_arrays make_csr(std::vector<edge_t> offsets, std::vector<vertex_t> indices, std::vector<weight_t> weights = {}) {
  csr_arrays a;
  a.offsets.assign(offsets.begin(), offsets.end());
  a.indices.assign(indices.begin(), indices.end());
  a.weights.assign(weights.begin(), weights.end());
  return a;
}

template <class T>
std::vector<typename T::value_type> vec(const T& v) {
  return {v.begin(), v.end()};
}

TEST(Transpose, HandMadeWeighted) {
  // 0 -> {1, 2}, 1 -> {2}, 2 -> {0, 2}
  const csr_arrays a = make_csr({0, 2, 3, 5}, {1, 2, 2, 0, 2}, {1, 2, 3, 4, 5});
  const csr_arrays t = transpose(a);
  EXPECT_EQ(vec(t.offsets), (std::vector<edge_t>{0, 1, 2, 5}));
  EXPECT_EQ(vec(t.indices), (std::vector<vertex_t>{2, 0, 0, 1, 2}));
  EXPECT_EQ(vec(t.weights), (std::vector<weight_t>{4, 1, 2, 3, 5}));
}

TEST(Transpose, ParallelArcsStayParallelSortedByWeight) {
  const csr_arrays a = make_csr({0, 3, 3}, {1, 1, 1}, {9, 2, 5});
  const csr_arrays t = transpose(a);
  EXPECT_EQ(vec(t.offsets), (std::vector<edge_t>{0, 0, 3}));
  EXPECT_EQ(vec(t.indices), (std::vector<vertex_t>{0, 0, 0}));
  EXPECT_EQ(vec(t.weights), (std::vector<weight_t>{2, 5, 9}));
}

TEST(Transpose, EmptyAndEdgeless) {
  const csr_arrays empty = transpose(csr_arrays{});
  EXPECT_EQ(vec(empty.offsets), (std::vector<edge_t>{0}));
  const csr_arrays t = transpose(make_csr({0, 0, 0}, {}));
  EXPECT_EQ(vec(t.offsets), (std::vector<edge_t>{0, 0, 0}));
  EXPECT_TRUE(t.indices.empty());
}

// A rectangular matrix (3 rows, 5 columns), as a hyperedge -> vertex incidence is.
TEST(Transpose, Rectangular) {
  const csr_arrays a = make_csr({0, 3, 3, 5}, {4, 0, 2, 2, 4});
  const csr_arrays t = transpose(a, 5);
  EXPECT_EQ(vec(t.offsets), (std::vector<edge_t>{0, 1, 1, 3, 3, 5}));
  EXPECT_EQ(vec(t.indices), (std::vector<vertex_t>{0, 0, 2, 0, 2}));
  EXPECT_TRUE(t.weights.empty());
  EXPECT_EQ(vec(transpose(t, 3).indices), (std::vector<vertex_t>{0, 2, 4, 2, 4}));
  EXPECT_EQ(vec(transpose(csr_arrays{}, 4).offsets), (std::vector<edge_t>{0, 0, 0, 0, 0}));
  EXPECT_THROW(transpose(a, 4), error);  // column 4 is outside
}

TEST(Transpose, RejectsInconsistentArrays) {
  EXPECT_THROW(transpose(make_csr({0, 2}, {0})), error);
  EXPECT_THROW(transpose(make_csr({0, 1}, {3})), error);  // column outside the square matrix
  EXPECT_THROW(transpose(make_csr({0, 1}, {0}, {1, 2})), error);
}

TEST(Transpose, GeneratedGraphsMatchBruteForceAndInvert) {
  for (bool weighted : {false, true}) {
    generators::kronecker_options k;
    k.scale = 10;
    k.edge_factor = 8;
    k.directed = true;
    k.weighted = weighted;
    k.max_weight = 6;
    k.seed = 17;
    build_options o;
    o.keep_parallel_edges = true;  // the transpose must carry parallel arcs and their weights
    o.keep_self_loops = true;
    const csr_graph g = build_graph(generators::kronecker(k), o);
    const csr_arrays t = transpose(g.out());
    EXPECT_EQ(testing::rows_of(t), testing::reference_transpose(g.out()));
    // Builder rows are sorted by (neighbour, weight) too, so transposing back restores them.
    const csr_arrays back = transpose(t);
    EXPECT_EQ(vec(back.offsets), vec(g.out().offsets));
    EXPECT_EQ(vec(back.indices), vec(g.out().indices));
    EXPECT_EQ(vec(back.weights), vec(g.out().weights));
  }
}

TEST(Transpose, SameResultWhateverTheThreadCount) {
  generators::kronecker_options k;
  k.scale = 13;
  k.directed = true;
  k.weighted = true;
  k.max_weight = 3;
  build_options o;
  o.keep_parallel_edges = true;
  const csr_graph g = build_graph(generators::kronecker(k), o);
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const csr_arrays one = transpose(g.out());
  omp_set_num_threads(4);
  const csr_arrays four = transpose(g.out());
  omp_set_num_threads(saved);
  EXPECT_EQ(vec(one.offsets), vec(four.offsets));
  EXPECT_EQ(vec(one.indices), vec(four.indices));
  EXPECT_EQ(vec(one.weights), vec(four.weights));
}

}  // namespace
}  // namespace plexus
