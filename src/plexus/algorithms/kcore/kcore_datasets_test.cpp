// Core numbers of real graphs on every back end against figures computed independently with
// NetworkX 3.6.1 (networkx.core_number), and the same numbers, vertex for vertex, when the
// graph is relabelled by degree. Per dataset: the vertex count, the largest core number, the
// vertices of every core number (the shell sizes) and a digest that pins every vertex's
// number: the sum over vertices of (id + 1) * core, mod 2^64, in NetworkX's node ids: SNAP
// ids as written, MatrixMarket and METIS ids minus one (scipy numbers rows from 0; Plexus
// reports these files' own 1-based ids, so the test subtracts one).
//
// Computed in ../shared/datasets/graphs with this command (each graph read as Plexus reads
// it: undirected, self-loops dropped, duplicate edges merged, declared vertex counts kept):
//
//   python3 -c '
//   import networkx as nx
//   files = """karate.mtx dolphins.mtx email-Eu-core.txt facebook_combined.txt CA-GrQc.txt
//              Email-Enron.txt luxembourg_osm.mtx delaunay_n15.graph"""
//   for path in files.split():
//       rows = [l.split() for l in open(path) if not l.startswith(("%", "#"))]
//       G = nx.Graph()
//       if path.endswith(".txt"):
//           G.add_edges_from((int(r[0]), int(r[1])) for r in rows if r)
//       else:
//           n = int(rows[0][0])
//           G.add_nodes_from(range(n))
//           if path.endswith(".mtx"):
//               G.add_edges_from((int(r[0]) - 1, int(r[1]) - 1) for r in rows[1:] if r)
//           else:
//               G.add_edges_from((v, int(u) - 1) for v, r in enumerate(rows[1:n + 1]) for u in r)
//       G.remove_edges_from(list(nx.selfloop_edges(G)))
//       core = nx.core_number(G)
//       k = max(core.values())
//       print(path, k, [list(core.values()).count(c) for c in range(k + 1)],
//             sum((v + 1) * c for v, c in core.items()) % 2**64)
//   '
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <ostream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/kcore/kcore.hpp"
#include "plexus/algorithms/kcore/kcore_verify.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus {
namespace {

struct networkx_cores {
  const char* file;
  vertex_t vertices;
  vertex_t max_core;
  std::uint64_t digest;
  std::vector<std::uint64_t> shells;  // shells[k]: vertices of core number k
};

/// Test listings show a case by its file.
void PrintTo(const networkx_cores& c, std::ostream* os) {
  *os << c.file;
}

// Social (karate, dolphins, ego-Facebook), email (directed email-Eu-core read as undirected,
// with 642 self-loops; Enron), collaboration (CA-GrQc, whose vertex 12295 has only a loop
// and so core 0), road (Luxembourg) and mesh (Delaunay).
const std::vector<networkx_cores> kCases = {
    {"karate.mtx", 34, 4, 1699, {0, 1, 11, 12, 10}},
    {"dolphins.mtx", 62, 4, 5946, {0, 9, 8, 9, 36}},
    {"email-Eu-core.txt", 1005, 34, 6368551, {19, 95, 37, 37, 33, 29, 20, 21, 25, 18, 16, 23,
                                              14, 17, 15, 10, 24, 25, 37, 29, 28, 39, 8,  26,
                                              19, 28, 26, 59, 16, 46, 29, 10, 36, 12, 79}},
    {"facebook_combined.txt",
     4039,
     115,
     221302163,
     {0,  75,  108, 102, 120, 134, 118, 152, 117, 126, 83,  105, 132, 148, 141, 147, 170, 62,  68, 77,
      56, 207, 134, 77,  14,  14,  59,  27,  19,  23,  32,  70,  16,  79,  15,  81,  18,  126, 30, 6,
      7,  9,   3,   85,  4,   3,   9,   2,   6,   7,   11,  4,   2,   2,   11,  7,   3,   2,   6,  5,
      2,  13,  4,   8,   7,   11,  18,  13,  7,   10,  265, 0,   1,   1,   0,   1,   0,   0,   0,  0,
      0,  0,   1,   2,   0,   1,   0,   1,   3,   0,   0,   2,   1,   2,   0,   1,   1,   1,   1,  0,
      0,  0,   4,   0,   0,   1,   2,   1,   1,   2,   0,   4,   3,   2,   7,   158}},
    {"CA-GrQc.txt", 5242, 43, 272700876, {1,  1321, 1307, 1028, 668, 349, 113, 50, 45, 39, 5, 38, 5, 14, 15,
                                          16, 0,    35,   0,    2,   21,  22,  0,  24, 0,  1, 0,  0, 0,  0,
                                          0,  8,    0,    34,   35,  0,   0,   0,  0,  0,  0, 0,  2, 44}},
    {"Email-Enron.txt", 36692, 43, 2244849425, {0,   11406, 3977, 5923, 3738, 2358, 2229, 1156, 817,
                                                575, 387,   324,  272,  230,  238,  189,  166,  146,
                                                145, 140,   114,  107,  111,  108,  105,  92,   86,
                                                84,  102,   91,   106,  91,   92,   52,   154,  71,
                                                77,  41,    76,   60,   86,   43,   52,   275}},
    {"luxembourg_osm.mtx", 114599, 2, 11284304855u, {0, 21599, 93000}},
    {"delaunay_n15.graph", 32768, 4, 2141387411, {0, 0, 0, 365, 32403}},
};

std::vector<std::uint64_t> shell_sizes(const host_vector<vertex_t>& core) {
  std::vector<std::uint64_t> shells;
  for (vertex_t c : core) {
    if (shells.size() <= c) shells.resize(c + 1, 0);
    ++shells[c];
  }
  return shells;
}

std::uint64_t digest(const csr_graph& g, const host_vector<vertex_t>& core, const std::string& file) {
  const bool one_based = file.ends_with(".mtx") || file.ends_with(".graph");
  std::uint64_t sum = 0;  // wraps mod 2^64, as the recorded digests do
  for (vertex_t v = 0; v < g.num_vertices(); ++v) sum += (g.original_id(v) + (one_based ? 0 : 1)) * core[v];
  return sum;
}

class kcore_datasets : public ::testing::TestWithParam<std::tuple<backend, networkx_cores>> {};

TEST_P(kcore_datasets, match_networkx_in_input_and_degree_order) {
  const auto& [where, expected] = GetParam();
  PLEXUS_SKIP_WITHOUT_BACKEND(where);
  PLEXUS_REQUIRE_DATASETS();
  io::read_options options;
  options.directed = false;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / expected.file, options);
  ASSERT_EQ(g.num_vertices(), expected.vertices);
  const kcore_result r = core_numbers(device_graph(g, where));
  EXPECT_EQ(r.max_core, expected.max_core);
  EXPECT_EQ(shell_sizes(r.core), expected.shells);
  EXPECT_EQ(digest(g, r.core, expected.file), expected.digest);
  const auto v = verify::core_numbers(g, r.core);
  EXPECT_TRUE(v.ok) << v.message;

  // In degree order the same input vertex must get the same number.
  std::unordered_map<std::uint64_t, vertex_t> core_of_input_id;
  for (vertex_t u = 0; u < g.num_vertices(); ++u) core_of_input_id[g.original_id(u)] = r.core[u];
  const csr_graph relabelled = relabel(g, vertex_order::degree);
  const kcore_result rr = core_numbers(device_graph(relabelled, where));
  ASSERT_EQ(rr.core.size(), r.core.size());
  for (vertex_t u = 0; u < relabelled.num_vertices(); ++u)
    ASSERT_EQ(rr.core[u], core_of_input_id.at(relabelled.original_id(u)))
        << "input vertex " << relabelled.original_id(u);
  EXPECT_EQ(rr.levels, r.levels);
  EXPECT_EQ(rr.rounds, r.rounds);
}

// "<file>_<back end>": the back end last, as the build labels tests by it.
std::string case_name(const ::testing::TestParamInfo<std::tuple<backend, networkx_cores>>& info) {
  std::string name = std::get<1>(info.param).file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + "_" + std::string(to_string(std::get<0>(info.param)));
}

INSTANTIATE_TEST_SUITE_P(every_backend, kcore_datasets,
                         ::testing::Combine(::testing::ValuesIn(all_backends()), ::testing::ValuesIn(kCases)),
                         case_name);

}  // namespace
}  // namespace plexus
