// LCC of real graphs on every back end against figures computed independently: NetworkX
// 3.6.1's networkx.clustering on undirected graphs, and a brute-force Python computation of
// the Graphalytics definition on the directed Wiki-Vote (NetworkX's directed clustering is
// another quantity). Per dataset: the vertex count, a digest that pins every vertex's value,
// the vertices at 1 and at 0, and the average. Each value is links / (k (k - 1)) with k = |N(v)|
// and links an integer, recovered exactly as round(lcc * k * (k - 1)); the digest is the sum
// over vertices of (id + 1) * links, mod 2^64, with id the file's vertex id for SNAP files and
// the position in the file (the id minus one) for MatrixMarket.
//
// Computed in ../shared/datasets/graphs, each graph read as Plexus reads it (undirected ones:
// self-loops dropped, duplicate edges merged, declared vertex counts kept):
//
//   python3 -c '
//   import networkx as nx
//   def undirected(path):
//       rows = [l.split() for l in open(path) if not l.startswith(("%", "#"))]
//       G = nx.Graph()
//       if path.endswith(".txt"):
//           G.add_edges_from((int(r[0]), int(r[1])) for r in rows if r)
//       else:
//           n = int(rows[0][0]); G.add_nodes_from(range(n))
//           G.add_edges_from((int(r[0]) - 1, int(r[1]) - 1) for r in rows[1:] if r)
//       G.remove_edges_from(list(nx.selfloop_edges(G)))
//       return G
//   for path in "karate.mtx dolphins.mtx email-Eu-core.txt facebook_combined.txt CA-GrQc.txt".split():
//       G = undirected(path)
//       c = nx.clustering(G)
//       links = {v: round(c[v] * G.degree(v) * (G.degree(v) - 1)) for v in G}
//       print(path, G.number_of_nodes(), sum((v + 1) * links[v] for v in G) % 2**64,
//             sum(1 for v in G if c[v] == 1), sum(1 for v in G if c[v] == 0), repr(nx.average_clustering(G)))
//   '
//
//   python3 -c '
//   import math
//   succ, pred = {}, {}
//   for line in open("Wiki-Vote.txt"):
//       if line.startswith("#") or not line.strip(): continue
//       u, w = map(int, line.split()[:2])
//       for x in (u, w): succ.setdefault(x, set()); pred.setdefault(x, set())
//       if u != w: succ[u].add(w); pred[w].add(u)
//   digest, ones, zeros, values = 0, 0, 0, []
//   for v in succ:
//       N = (succ[v] | pred[v]) - {v}
//       k = len(N)
//       links = sum(len((succ[u] - {u}) & N) for u in N)
//       lcc = 0.0 if k < 2 else links / (k * (k - 1))
//       values.append(lcc); digest += (v + 1) * links; ones += lcc == 1; zeros += lcc == 0
//   print("Wiki-Vote.txt", len(succ), digest % 2**64, ones, zeros, repr(math.fsum(values) / len(values)))
//   '
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/lcc/lcc.hpp"
#include "plexus/algorithms/lcc/lcc_verify.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus {
namespace {

struct independent_lcc {
  const char* file;
  bool directed;
  vertex_t vertices;
  std::uint64_t digest;
  vertex_t ones, zeros;
  double average;
};

/// Test listings show a case by its file.
void PrintTo(const independent_lcc& c, std::ostream* os) {
  *os << c.file;
}

const std::vector<independent_lcc> kCases = {
    {"karate.mtx", false, 34, 4052, 11, 2, 0.5706384782076823},
    {"dolphins.mtx", false, 62, 16914, 0, 16, 0.2589582460550202},
    {"email-Eu-core.txt", false, 1005, 167573242, 54, 130, 0.3993549664221539},
    {"facebook_combined.txt", false, 4039, 19881561376u, 267, 76, 0.6055467186200876},
    {"CA-GrQc.txt", false, 5242, 3682450748u, 2038, 1387, 0.529635811052136},
    {"Wiki-Vote.txt", true, 7115, 6077155415u, 39, 3140, 0.08053412949449604},
};

class lcc_datasets : public ::testing::TestWithParam<std::tuple<backend, independent_lcc>> {};

TEST_P(lcc_datasets, match_independent_figures) {
  const auto& [where, expected] = GetParam();
  PLEXUS_SKIP_WITHOUT_BACKEND(where);
  PLEXUS_REQUIRE_DATASETS();
  io::read_options options;
  options.directed = expected.directed;
  options.keep_weights = false;
  options.build_in_edges = true;
  const std::string file = expected.file;
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / file, options);
  ASSERT_EQ(g.num_vertices(), expected.vertices);
  const lcc_result r = local_clustering(device_graph(g, where));
  const host_vector<edge_t> k = verify::neighbourhood_sizes(g);
  const bool by_position = file.ends_with(".mtx");
  std::uint64_t digest = 0;  // wraps mod 2^64, as the recorded digests do
  vertex_t ones = 0, zeros = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) {
    const double pairs = static_cast<double>(k[v]) * (static_cast<double>(k[v]) - 1);
    const auto links = static_cast<std::uint64_t>(std::llround(r.coefficient[v] * pairs));
    digest += ((by_position ? v : g.original_id(v)) + 1) * links;
    ones += r.coefficient[v] == 1;
    zeros += r.coefficient[v] == 0;
  }
  EXPECT_EQ(digest, expected.digest);
  EXPECT_EQ(ones, expected.ones);
  EXPECT_EQ(zeros, expected.zeros);
  EXPECT_NEAR(r.average, expected.average, 1e-13);
  const auto v = verify::lcc(g, r.coefficient);
  EXPECT_TRUE(v.ok) << v.message;
}

// "<file>_<back end>": the back end last, as the build labels tests by it.
std::string case_name(const ::testing::TestParamInfo<std::tuple<backend, independent_lcc>>& info) {
  std::string name = std::get<1>(info.param).file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + "_" + std::string(to_string(std::get<0>(info.param)));
}

INSTANTIATE_TEST_SUITE_P(every_backend, lcc_datasets,
                         ::testing::Combine(::testing::ValuesIn(all_backends()), ::testing::ValuesIn(kCases)),
                         case_name);

}  // namespace
}  // namespace plexus
