// Hypergraph operations on the real hypergraphs of the shared datasets folder (MANIFEST.md
// section 3), against published and independently computed figures:
//   - clique expansion edge and triangle counts = the ScHoLP "projected graph" figures of
//     Benson et al. (PNAS 2018; arbenson/ScHoLP-Tutorial output/summary-stats);
//   - clique expansion weight totals = sum over hyperedges of |h| (|h| - 1);
//   - hypergraph components = components of the clique expansion (label by label), and their
//     count over the vertices present in some hyperedge = the manifest's "components" column
//     (computed there on present vertices only: readers keep ids as numbered in the files, so
//     ids that never occur are isolated vertices here and excluded from that count);
//   - unique hyperedges = the manifest's "unique" count;
//   - hypergraph BFS vertex depths = BFS hop counts in the clique expansion, and the BFS
//     reference passes its verifier;
//   - label propagation run to a fixed point: every label is the mode of its neighbours'
//     labels (recounted independently) and comes from the vertex's own component.
// Skipped, with a message, when the folder is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "hyper_test_support.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"
#include "plexus/graph/input_order.hpp"
#include "plexus/hypergraph/clique_expansion.hpp"
#include "plexus/hypergraph/hypergraph_stats.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "skip_reasons.hpp"

namespace plexus {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kUnknown = ~std::uint64_t{0};

struct dataset {
  const char* path;  // relative to datasets/hypergraphs
  std::uint64_t projected_edges;      // [SCH], or kUnknown
  std::uint64_t projected_triangles;  // [SCH] closed + open, or kUnknown
  vertex_t components;                // manifest, over present vertices
  hyperedge_t unique;                 // manifest
};

/// Test listings show a case by its file.
void PrintTo(const dataset& c, std::ostream* os) {
  *os << c.path;
}

// congress-bills' 57 million triangles take too long for a unit test; its edge count is checked.
const dataset kDatasets[] = {
    {"contact-high-school", 5818, 34220, 1, 7818},
    {"contact-primary-school", 8317, 103760, 1, 12704},
    {"email-Enron", 1800, 9895, 1, 1512},
    {"email-Eu", 29299, 395205, 20, 25027},
    {"NDC-classes", 6222, 40541, 183, 1088},
    {"NDC-substances", 88268, 1829056, 1976, 9906},
    {"tags-ask-ubuntu", 132703, 3567427, 9, 147222},
    {"congress-bills", 424932, kUnknown, 1, 84799},
    {"threads-ask-ubuntu", 187157, 197843, 39187, 166999},
    {"senate-committees/hyperedges-senate-committees.txt", kUnknown, kUnknown, 1, 301},
    {"house-committees/hyperedges-house-committees.txt", kUnknown, kUnknown, 1, 336},
    {"walmart-trips/hyperedges-walmart-trips.txt", kUnknown, kUnknown, 611, 65979},
    {"mathoverflow-answers/hyperedges-mathoverflow-answers.txt", kUnknown, kUnknown, 1, 5445},
    {"hmetis/ibm01.hgr", kUnknown, kUnknown, 1, 13257},
    {"hmetis/powersim.mtx.hgr", kUnknown, kUnknown, 1, 13762},
    {"hmetis/sat14_atco_enc1_opt2_10_16.cnf.primal.hgr", kUnknown, kUnknown, 4, 150121},
    {"hmetis/bundle1.mtx.hgr", kUnknown, kUnknown, 1, 3467},
    {"xgi-email-enron/email-enron.json", kUnknown, kUnknown, 1, 1514},
};

// Triangles of a simple undirected graph: for every edge u < v, the common neighbours w > v,
// by merging the two sorted lists.
std::uint64_t count_triangles(const csr_graph& g) {
  std::uint64_t triangles = 0;
  const vertex_t n = g.num_vertices();
#pragma omp parallel for reduction(+ : triangles) schedule(dynamic, 16)
  for (vertex_t u = 0; u < n; ++u) {
    const auto nu = g.neighbors(u);
    for (auto it = std::upper_bound(nu.begin(), nu.end(), u); it != nu.end(); ++it) {
      const vertex_t v = *it;
      const auto nv = g.neighbors(v);
      auto a = std::upper_bound(it, nu.end(), v);
      auto b = std::upper_bound(nv.begin(), nv.end(), v);
      while (a != nu.end() && b != nv.end()) {
        if (*a < *b) ++a;
        else if (*b < *a) ++b;
        else ++triangles, ++a, ++b;
      }
    }
  }
  return triangles;
}

// Components of a csr_graph labelled by their smallest vertex.
std::vector<vertex_t> graph_components(const csr_graph& g) {
  std::vector<vertex_t> label(g.num_vertices(), invalid_vertex), queue;
  for (vertex_t root = 0; root < g.num_vertices(); ++root) {
    if (label[root] != invalid_vertex) continue;
    label[root] = root;
    queue.assign(1, root);
    for (std::size_t head = 0; head < queue.size(); ++head)
      for (vertex_t w : g.neighbors(queue[head]))
        if (label[w] == invalid_vertex) label[w] = root, queue.push_back(w);
  }
  // Components are named by their member of smallest original id (the input's id).
  label_by_smallest_original_id(g.original_ids(), label);
  return label;
}

class HypergraphOpsDatasets : public ::testing::TestWithParam<dataset> {};

TEST_P(HypergraphOpsDatasets, MatchesPublishedFigures) {
  const dataset& d = GetParam();
  const fs::path path = test::hypergraph_datasets_dir() / d.path;
  PLEXUS_SKIP_WITHOUT_DATASET(path);
  const hypergraph h = io::read_hypergraph(path);

  const hypergraph_stats stats = compute_hypergraph_stats(h);
  EXPECT_EQ(stats.unique_hyperedges, d.unique);

  const csr_graph weighted = clique_expansion(h, {.weighted = true});
  const csr_graph distinct = clique_expansion(h, {.weighted = true, .distinct_hyperedges_only = true});
  const csr_graph g = clique_expansion(h);
  if (d.projected_edges != kUnknown) {
    EXPECT_EQ(g.num_logical_edges(), d.projected_edges);
  }
  if (d.projected_triangles != kUnknown) {
    EXPECT_EQ(count_triangles(g), d.projected_triangles);
  }

  // Each hyperedge of k distinct vertices adds 1 to the weight of k (k - 1) arcs.
  const host_vector<hyperedge_t> rep = duplicate_representatives(h);
  double all_pairs = 0, distinct_pairs = 0;
  for (hyperedge_t e = 0; e < h.num_hyperedges(); ++e) {
    const auto pins = h.pins(e);
    const double k = static_cast<double>(pins.size());  // repeated pins were removed on reading
    all_pairs += k * (k - 1);
    if (rep[e] == e) distinct_pairs += k * (k - 1);
  }
  double all_sum = 0, distinct_sum = 0;
  for (weight_t w : weighted.weights()) all_sum += w;
  for (weight_t w : distinct.weights()) distinct_sum += w;
  EXPECT_EQ(all_sum, all_pairs);
  EXPECT_EQ(distinct_sum, distinct_pairs);
  EXPECT_TRUE(std::equal(weighted.indices().begin(), weighted.indices().end(), g.indices().begin(),
                         g.indices().end()));

  const auto cc = verify::reference_hyper_components(h);
  EXPECT_EQ(cc.num_nontrivial_components, d.components);
  EXPECT_EQ(cc.num_components - cc.num_nontrivial_components, stats.isolated_vertices);
  const std::vector<vertex_t> expected = graph_components(g);
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), cc.vertex_labels.begin(), cc.vertex_labels.end()));
  EXPECT_TRUE(verify::hyper_components(h, cc.vertex_labels, cc.hyperedge_labels));

  // BFS from a vertex of maximum degree (inside the largest component in all these data sets).
  vertex_t source = 0;
  for (vertex_t v = 0; v < h.num_vertices(); ++v)
    if (h.vertex_degree(v) > h.vertex_degree(source)) source = v;
  const auto bfs = verify::reference_hyper_bfs(h, source);
  const auto check = verify::hyper_bfs(h, source, bfs);
  EXPECT_TRUE(check) << check.message;
  const auto hops = verify::reference_bfs_depths(g, source);
  EXPECT_TRUE(std::equal(hops.begin(), hops.end(), bfs.vertex_depth.begin(), bfs.vertex_depth.end()));
}

TEST_P(HypergraphOpsDatasets, LabelPropagationFixedPoint) {
  const dataset& d = GetParam();
  const fs::path path = test::hypergraph_datasets_dir() / d.path;
  PLEXUS_SKIP_WITHOUT_DATASET(path);
  const hypergraph h = io::read_hypergraph(path);
  verify::hyper_label_propagation_options options;
  options.seed = 7;
  options.tolerance = 0;
  options.max_iterations = 200;
  const auto r = verify::reference_hyper_label_propagation(h, options);
  ASSERT_GE(r.iterations, 1u);
  if (r.changed_last != 0) GTEST_SKIP() << "no fixed point within " << options.max_iterations << " iterations";
  // At a fixed point each label is the most frequent among its neighbours' labels, the one
  // naming the smallest original id on a tie, recounted here with a std::map by original id.
  auto mode = [](const std::map<std::uint64_t, int>& counts) {
    std::uint64_t best = 0;
    int best_count = 0;
    for (auto [label, c] : counts)
      if (c > best_count) best = label, best_count = c;
    return best;
  };
  for (hyperedge_t e = 0; e < h.num_hyperedges(); ++e) {
    if (h.pins(e).empty()) continue;
    std::map<std::uint64_t, int> counts;
    for (vertex_t v : h.pins(e)) ++counts[h.original_id(r.vertex_labels[v])];
    ASSERT_EQ(h.original_id(r.hyperedge_labels[e]), mode(counts)) << "hyperedge " << e;
  }
  for (vertex_t v = 0; v < h.num_vertices(); ++v) {
    if (h.vertex_degree(v) == 0) continue;
    std::map<std::uint64_t, int> counts;
    for (hyperedge_t e : h.edges_of(v)) ++counts[h.original_id(r.hyperedge_labels[e])];
    ASSERT_EQ(h.original_id(r.vertex_labels[v]), mode(counts)) << "vertex " << v;
  }
  // Labels spread only along hyperedges: a final label is the initial label of some vertex
  // of the same component.
  const auto cc = verify::reference_hyper_components(h);
  // The initial label of v names the vertex whose rank in original-id order v drew.
  const input_order order(h);
  std::vector<vertex_t> initial(h.num_vertices());
  for (vertex_t v = 0; v < h.num_vertices(); ++v)
    initial[v] = order.vertex(verify::random_initial_label(options.seed, h.original_id(v), h.num_vertices()));
  std::map<vertex_t, std::set<vertex_t>> initial_in_component;
  for (vertex_t v = 0; v < h.num_vertices(); ++v) initial_in_component[cc.vertex_labels[v]].insert(initial[v]);
  for (vertex_t v = 0; v < h.num_vertices(); ++v)
    ASSERT_TRUE(initial_in_component[cc.vertex_labels[v]].count(r.vertex_labels[v])) << "vertex " << v;
  EXPECT_GE(r.num_communities, 1u);
}

std::string dataset_name(const ::testing::TestParamInfo<dataset>& info) {
  std::string name = fs::path(info.param.path).filename().string();
  if (name.find("hyperedges-") == 0) name = name.substr(11);
  name = name.substr(0, name.find('.'));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Shared, HypergraphOpsDatasets, ::testing::ValuesIn(kDatasets), dataset_name);

}  // namespace
}  // namespace plexus
