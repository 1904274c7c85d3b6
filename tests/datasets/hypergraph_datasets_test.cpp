// Loads every hypergraph in the shared datasets folder (MANIFEST.md section 3) and checks
// the published counts exactly. Skipped, with a message, when the folder is absent.
//
// The manifest counts the raw records: every hyperedge line/simplex as written (a simplex
// recurring once per timestamp counts each time) and every pin as written (a senator listed
// twice on a committee counts twice). So records, pins, edge sizes, degrees are checked on a build
// that keeps repeated pins and duplicate hyperedges; "unique" counts distinct vertex *sets*,
// i.e. a build that drops repeated pins and then duplicate hyperedges. V is the number of
// vertices occurring in some hyperedge. Readers of id lists (Benson, Chodrow) make the ids
// that occur the vertices and keep the files' ids, so their vertex count is V and their
// largest original id is the largest id in the file; hMETIS and JSON declare their vertex
// count, so V is checked as the count of non-isolated vertices and as the size after
// compact_ids.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>

#include "plexus/io/read_hypergraph.hpp"
#include "skip_reasons.hpp"

namespace plexus {
namespace {

namespace fs = std::filesystem;

struct dataset {
  const char* name;
  const char* path;              // relative to datasets/hypergraphs
  vertex_t num_vertices;         // vertices read: V for id lists, the declared count for hMETIS and JSON
  std::uint64_t largest_id;      // largest original id (0: not checked)
  vertex_t vertices_present;     // manifest V
  hyperedge_t records;
  hyperedge_t unique;
  edge_t pins;
  edge_t edge_size_min, edge_size_max;
  edge_t vertex_degree_max;
  hyperedge_t singleton_edges;
  hyperedge_t edges_with_repeated_pin;
};

/// Test listings show a case by its file.
void PrintTo(const dataset& c, std::ostream* os) {
  *os << c.path;
}

// From MANIFEST.md section 3 and stats/hypergraph_stats.json.
const dataset kDatasets[] = {
    {"contact-high-school", "contact-high-school", 327, 327, 327, 172035, 7818, 352718, 2, 5, 4495, 0, 0},
    {"contact-primary-school", "contact-primary-school", 242, 242, 242, 106879, 12704, 223998, 2, 5, 2234, 0, 0},
    {"email-Enron", "email-Enron", 143, 148, 143, 10883, 1512, 26841, 1, 18, 1327, 431, 0},
    {"email-Eu", "email-Eu", 998, 1005, 998, 234760, 25027, 547501, 1, 25, 8664, 25755, 0},
    {"NDC-classes", "NDC-classes", 1161, 1161, 1161, 49724, 1088, 156185, 1, 24, 5357, 3441, 0},
    {"NDC-substances", "NDC-substances", 5311, 5556, 5311, 112405, 9906, 207853, 1, 25, 6693, 83109, 0},
    {"tags-ask-ubuntu", "tags-ask-ubuntu", 3029, 3029, 3029, 271233, 147222, 734292, 1, 5, 21004, 52157, 0},
    {"congress-bills", "congress-bills", 1718, 1718, 1718, 260851, 84799, 954262, 1, 25, 7423, 154922, 0},
    {"threads-ask-ubuntu", "threads-ask-ubuntu", 125602, 200974, 125602, 192947, 166999, 346537, 1, 14, 2332, 75183, 0},
    {"senate-committees", "senate-committees/hyperedges-senate-committees.txt", 282, 282, 282, 315, 301, 5430, 4, 31, 63, 0,
     11},
    {"house-committees", "house-committees/hyperedges-house-committees.txt", 1290, 1290, 1290, 341, 336, 11863, 1, 82, 45, 1,
     13},
    {"walmart-trips", "walmart-trips/hyperedges-walmart-trips.txt", 88860, 88860, 88860, 69906, 65979, 460630, 2, 25, 5733, 0,
     0},
    {"mathoverflow-answers", "mathoverflow-answers/hyperedges-mathoverflow-answers.txt", 73851, 73851, 73851, 5446, 5445,
     131714, 2, 1784, 173, 0, 0},
    {"ibm01", "hmetis/ibm01.hgr", 12752, 12752, 12752, 14111, 13257, 50566, 2, 42, 39, 0, 0},
    {"powersim", "hmetis/powersim.mtx.hgr", 15838, 15838, 15838, 15838, 13762, 67562, 2, 40, 41, 0, 0},
    {"sat14_primal", "hmetis/sat14_atco_enc1_opt2_10_16.cnf.primal.hgr", 9643, 9643, 9643, 152744, 150121, 641139, 1, 11,
     979, 133, 0},
    {"bundle1", "hmetis/bundle1.mtx.hgr", 10581, 10581, 10581, 10581, 3467, 770901, 17, 1711, 1711, 0, 0},
    {"xgi-email-enron", "xgi-email-enron/email-enron.json", 148, 0, 143, 10885, 1514, 26914, 1, 37, 1327, 431, 0},
};

class HypergraphDatasets : public ::testing::TestWithParam<dataset> {};

TEST_P(HypergraphDatasets, CountsMatchManifest) {
  const dataset& d = GetParam();
  const fs::path path = fs::path(PLEXUS_DATASETS_DIR) / "hypergraphs" / d.path;
  PLEXUS_SKIP_WITHOUT_DATASET(path);

  io::hypergraph_read_options raw;
  raw.build.remove_repeated_pins = false;
  const hypergraph g = io::read_hypergraph(path, raw);
  EXPECT_EQ(g.num_vertices(), d.num_vertices);
  if (d.largest_id != 0) {
    ASSERT_TRUE(g.has_original_ids());
    EXPECT_EQ(*std::max_element(g.original_ids().begin(), g.original_ids().end()), d.largest_id);
  }
  EXPECT_EQ(g.num_hyperedges(), d.records);
  EXPECT_EQ(g.num_pins(), d.pins);

  io::hypergraph_read_options sets;  // repeated pins dropped, every record kept
  const hypergraph s = io::read_hypergraph(path, sets);
  ASSERT_EQ(s.num_hyperedges(), d.records);
  edge_t size_min = ~edge_t{0}, size_max = 0;
  hyperedge_t singletons = 0, repeated = 0;
  for (hyperedge_t h = 0; h < g.num_hyperedges(); ++h) {
    size_min = std::min(size_min, g.edge_size(h));
    size_max = std::max(size_max, g.edge_size(h));
    singletons += g.edge_size(h) == 1;
    repeated += s.edge_size(h) != g.edge_size(h);
  }
  EXPECT_EQ(size_min, d.edge_size_min);
  EXPECT_EQ(size_max, d.edge_size_max);
  EXPECT_EQ(singletons, d.singleton_edges);
  EXPECT_EQ(repeated, d.edges_with_repeated_pin);

  // Degrees count pins as written too (house-committees: 45 with a member listed twice on
  // one committee, 44 as sets).
  vertex_t present = 0;
  edge_t degree_max = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) {
    present += g.vertex_degree(v) != 0;
    degree_max = std::max(degree_max, g.vertex_degree(v));
  }
  EXPECT_EQ(present, d.vertices_present);
  EXPECT_EQ(degree_max, d.vertex_degree_max);

  io::hypergraph_read_options unique;
  unique.build.remove_duplicate_edges = true;
  unique.build.compact_ids = true;
  const hypergraph u = io::read_hypergraph(path, unique);
  EXPECT_EQ(u.num_hyperedges(), d.unique);
  EXPECT_EQ(u.num_vertices(), d.vertices_present);
}

INSTANTIATE_TEST_SUITE_P(Manifest, HypergraphDatasets, ::testing::ValuesIn(kDatasets),
                         [](const auto& info) {
                           std::string name = info.param.name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace plexus
