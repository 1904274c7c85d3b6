// .plx cache: exact round trips of every graph and hypergraph variant, and rejection of
// damaged files (flipped bytes in each section, truncation, wrong magic, future versions,
// lying headers, structurally invalid arrays with valid checksums) with the documented
// plexus::error instead of a crash or a huge allocation.
#include "plexus/io/plx.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "plexus/io/plx_checksum.hpp"
#include "plexus/core/error.hpp"

namespace fs = std::filesystem;
using plexus::csr_arrays;
using plexus::csr_graph;
using plexus::edge_t;
using plexus::host_vector;
using plexus::hypergraph;
using plexus::vertex_t;
using plexus::weight_t;

namespace {

struct arc {
  vertex_t u, v;
  weight_t w;
};

/// Serial reference CSR: rows sorted by (source, target); weights follow arcs.
csr_arrays make_csr(vertex_t n, std::vector<arc> arcs, bool weighted, bool reverse = false) {
  if (reverse)
    for (arc& a : arcs) std::swap(a.u, a.v);
  std::sort(arcs.begin(), arcs.end(), [](const arc& a, const arc& b) { return std::pair(a.u, a.v) < std::pair(b.u, b.v); });
  csr_arrays c;
  c.offsets.assign(n + 1, 0);
  for (const arc& a : arcs) ++c.offsets[a.u + 1];
  for (vertex_t v = 0; v < n; ++v) c.offsets[v + 1] += c.offsets[v];
  for (const arc& a : arcs) {
    c.indices.push_back(a.v);
    if (weighted) c.weights.push_back(a.w);
  }
  return c;
}

std::vector<arc> random_arcs(vertex_t n, std::size_t m, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<arc> arcs(m);
  for (arc& a : arcs)
    a = {static_cast<vertex_t>(rng() % n), static_cast<vertex_t>(rng() % n), static_cast<weight_t>(rng() % 1000) / 8};
  return arcs;
}

template <class T>
void expect_same(const host_vector<T>& a, const host_vector<T>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  EXPECT_TRUE(a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0) << what;
}

void expect_same_csr(const csr_arrays& a, const csr_arrays& b, const char* what) {
  // A default-constructed graph has no offsets; both describe zero vertices.
  if (!(a.offsets.empty() && b.num_vertices() == 0) && !(b.offsets.empty() && a.num_vertices() == 0))
    expect_same(a.offsets, b.offsets, what);
  expect_same(a.indices, b.indices, what);
  expect_same(a.weights, b.weights, what);
}

void expect_same_graph(const csr_graph& a, const csr_graph& b) {
  EXPECT_EQ(a.num_vertices(), b.num_vertices());
  EXPECT_EQ(a.num_edges(), b.num_edges());
  EXPECT_EQ(a.num_logical_edges(), b.num_logical_edges());
  EXPECT_EQ(a.directed(), b.directed());
  EXPECT_EQ(a.weighted(), b.weighted());
  EXPECT_EQ(a.has_in_edges(), b.has_in_edges());
  expect_same_csr(a.out(), b.out(), "out");
  if (a.directed() && a.has_in_edges()) expect_same_csr(a.in(), b.in(), "in");
  ASSERT_EQ(a.original_ids().size(), b.original_ids().size());
  EXPECT_TRUE(std::equal(a.original_ids().begin(), a.original_ids().end(), b.original_ids().begin()));
}

/// The hypergraph with hyperedges {0,1,2}, {2,3}, {}, {1,3,4} over 6 vertices (5 isolated).
hypergraph small_hypergraph(bool weights, bool ids) {
  const std::vector<std::vector<vertex_t>> edges{{0, 1, 2}, {2, 3}, {}, {1, 3, 4}};
  const vertex_t n = 6;
  std::vector<arc> incidences;
  for (vertex_t h = 0; h < edges.size(); ++h)
    for (vertex_t v : edges[h]) incidences.push_back({h, v, 0});
  csr_arrays e2v = make_csr(static_cast<vertex_t>(edges.size()), incidences, false);
  // v2e rows must have n + 1 offsets, so build over max(n, h) then trim: here n > h.
  for (arc& a : incidences) std::swap(a.u, a.v);
  csr_arrays v2e = make_csr(n, incidences, false);
  host_vector<weight_t> ew, vw;
  host_vector<std::uint64_t> original;
  if (weights) {
    ew = {1.5f, 2.0f, 0.25f, 7.0f};
    vw = {1, 2, 3, 4, 5, 6};
  }
  if (ids) original = {100, 7, 42, 9000000000ULL, 3, 11};
  return hypergraph(std::move(v2e), std::move(e2v), std::move(ew), std::move(vw), std::move(original));
}

void expect_same_hypergraph(const hypergraph& a, const hypergraph& b) {
  EXPECT_EQ(a.num_vertices(), b.num_vertices());
  EXPECT_EQ(a.num_hyperedges(), b.num_hyperedges());
  EXPECT_EQ(a.num_pins(), b.num_pins());
  expect_same_csr(a.vertex_to_edges(), b.vertex_to_edges(), "vertex_to_edges");
  expect_same_csr(a.edge_to_vertices(), b.edge_to_vertices(), "edge_to_vertices");
  EXPECT_TRUE(std::ranges::equal(a.edge_weights(), b.edge_weights()));
  EXPECT_TRUE(std::ranges::equal(a.vertex_weights(), b.vertex_weights()));
  EXPECT_TRUE(std::ranges::equal(a.original_ids(), b.original_ids()));
}

// --- helpers that edit files according to the documented layout (src/plexus/io/plx.cpp) ---------

constexpr std::size_t kHeaderBytes = 384;
constexpr std::size_t kSectionTable = 64;  // byte offset of section[0] in the header
constexpr std::size_t kChecksumAt = 376;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}
template <class T>
T get(const std::string& bytes, std::size_t at) {
  T value;
  std::memcpy(&value, bytes.data() + at, sizeof(T));
  return value;
}
template <class T>
void put(std::string& bytes, std::size_t at, T value) {
  std::memcpy(bytes.data() + at, &value, sizeof(T));
}
struct section {
  std::uint64_t offset, bytes;
};
section section_at(const std::string& bytes, int slot) {
  return {get<std::uint64_t>(bytes, kSectionTable + 32 * slot), get<std::uint64_t>(bytes, kSectionTable + 32 * slot + 8)};
}

std::uint64_t reference_hash(const unsigned char* data, std::uint64_t bytes) {
  namespace d = plexus::io::detail;
  d::plx_hash_chain chain(bytes);
  for (std::uint64_t at = 0; at < bytes; at += d::plx_hash_block)
    chain.add(d::plx_block_hash(data + at, std::min<std::uint64_t>(d::plx_hash_block, bytes - at)));
  return chain.value();
}

/// Recomputes every section checksum and the header checksum after a deliberate edit, so
/// the reader's structural checks (not its checksums) are what catch the edit.
void rehash(std::string& bytes) {
  const auto* base = reinterpret_cast<const unsigned char*>(bytes.data());
  for (int slot = 0; slot < 8; ++slot) {
    const section s = section_at(bytes, slot);
    if (s.offset != 0) put<std::uint64_t>(bytes, kSectionTable + 32 * slot + 16, reference_hash(base + s.offset, s.bytes));
  }
  put<std::uint64_t>(bytes, kChecksumAt, reference_hash(base, kChecksumAt));
}

class plx_test : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("plexus-plx-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  csr_graph round_trip(const csr_graph& g) {
    const fs::path p = dir_ / "g.plx";
    plexus::io::write_plx(g, p);
    EXPECT_TRUE(plexus::io::is_plx(p));
    EXPECT_EQ(plexus::io::plx_kind(p), plexus::io::plx_content::graph);
    return plexus::io::read_plx_graph(p);
  }
  hypergraph round_trip(const hypergraph& h) {
    const fs::path p = dir_ / "h.plx";
    plexus::io::write_plx(h, p);
    EXPECT_EQ(plexus::io::plx_kind(p), plexus::io::plx_content::hypergraph);
    return plexus::io::read_plx_hypergraph(p);
  }

  /// A directed weighted graph with reverse CSR and original ids: every graph section present.
  fs::path full_graph_file() {
    const auto arcs = random_arcs(50, 400, 7);
    host_vector<std::uint64_t> ids(50);
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = 1000 + 3 * i;
    const csr_graph g(make_csr(50, arcs, true), true, make_csr(50, arcs, true, true), std::move(ids));
    const fs::path p = dir_ / "full.plx";
    plexus::io::write_plx(g, p);
    return p;
  }

  /// Expects reading `bytes` (as a graph) to throw plexus::error of `kind` whose message
  /// contains `needle`.
  void expect_rejected(const std::string& bytes, plexus::error_kind kind, const std::string& needle) {
    const fs::path p = dir_ / "bad.plx";
    spit(p, bytes);
    try {
      plexus::io::read_plx_graph(p);
      ADD_FAILURE() << "accepted a damaged file; expected: " << needle;
    } catch (const plexus::error& e) {
      EXPECT_EQ(e.kind(), kind) << e.what();
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what() << "\nexpected: " << needle;
      EXPECT_EQ(std::string(e.what()).rfind(p.string() + ": ", 0), 0u) << "message must start with the file name";
    }
  }

  fs::path dir_;
};

// --- round trips -------------------------------------------------------------------------

TEST_F(plx_test, directed_weighted_with_reverse_and_ids) {
  const auto arcs = random_arcs(100, 2000, 1);
  host_vector<std::uint64_t> ids(100);
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = (i * 7919) ^ (1ULL << 40);
  const csr_graph g(make_csr(100, arcs, true), true, make_csr(100, arcs, true, true), std::move(ids));
  const csr_graph back = round_trip(g);
  expect_same_graph(g, back);
  EXPECT_TRUE(back.directed() && back.has_in_edges() && back.weighted() && back.has_original_ids());
}

TEST_F(plx_test, directed_without_reverse) {
  const csr_graph g(make_csr(30, random_arcs(30, 90, 2), false), true);
  const csr_graph back = round_trip(g);
  expect_same_graph(g, back);
  EXPECT_FALSE(back.has_in_edges());
}

TEST_F(plx_test, undirected_unweighted) {
  std::vector<arc> arcs{{0, 1, 0}, {1, 2, 0}, {2, 0, 0}, {3, 3, 0}};
  std::vector<arc> both = arcs;
  for (const arc& a : arcs)
    if (a.u != a.v) both.push_back({a.v, a.u, 0});
  const csr_graph g(make_csr(5, both, false), false);
  const csr_graph back = round_trip(g);
  expect_same_graph(g, back);
  EXPECT_EQ(back.num_logical_edges(), 4u);  // triangle plus one self-loop
  EXPECT_FALSE(back.directed());
}

TEST_F(plx_test, undirected_weighted) {
  const csr_graph g(make_csr(4, {{0, 1, 2.5f}, {1, 0, 2.5f}, {2, 3, -1.0f}, {3, 2, -1.0f}}, true), false);
  expect_same_graph(g, round_trip(g));
}

TEST_F(plx_test, empty_graph) {
  expect_same_graph(csr_graph{}, round_trip(csr_graph{}));
  EXPECT_EQ(round_trip(csr_graph{}).num_vertices(), 0u);
}

TEST_F(plx_test, single_vertex) {
  const csr_graph g(make_csr(1, {}, false), true, make_csr(1, {}, false));
  const csr_graph back = round_trip(g);
  expect_same_graph(g, back);
  EXPECT_EQ(back.num_vertices(), 1u);
  EXPECT_EQ(back.num_edges(), 0u);
}

TEST_F(plx_test, multi_block_sections) {
  // > 1 MiB per section, not a multiple of the block size or of 8 bytes.
  const auto arcs = random_arcs(70001, 700001, 3);
  const csr_graph g(make_csr(70001, arcs, true), true, make_csr(70001, arcs, true, true));
  expect_same_graph(g, round_trip(g));
}

TEST_F(plx_test, hypergraph_with_weights_and_ids) {
  const hypergraph h = small_hypergraph(true, true);
  const hypergraph back = round_trip(h);
  expect_same_hypergraph(h, back);
  EXPECT_EQ(back.num_vertices(), 6u);
  EXPECT_EQ(back.num_hyperedges(), 4u);
  EXPECT_EQ(back.num_pins(), 8u);
  EXPECT_EQ(back.original_id(3), 9000000000ULL);
}

TEST_F(plx_test, hypergraph_plain_and_empty) {
  const hypergraph h = small_hypergraph(false, false);
  expect_same_hypergraph(h, round_trip(h));
  const hypergraph empty = round_trip(hypergraph{});
  EXPECT_EQ(empty.num_vertices(), 0u);
  EXPECT_EQ(empty.num_hyperedges(), 0u);
}

TEST_F(plx_test, kind_mismatch_is_refused) {
  plexus::io::write_plx(small_hypergraph(false, false), dir_ / "h.plx");
  EXPECT_THROW(plexus::io::read_plx_graph(dir_ / "h.plx"), plexus::error);
  plexus::io::write_plx(csr_graph{}, dir_ / "g.plx");
  EXPECT_THROW(plexus::io::read_plx_hypergraph(dir_ / "g.plx"), plexus::error);
}

TEST_F(plx_test, writing_leaves_no_temporary_files) {
  plexus::io::write_plx(small_hypergraph(true, true), dir_ / "h.plx");
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"h.plx"});
}

TEST_F(plx_test, layout_is_aligned) {
  const std::string bytes = slurp(full_graph_file());
  EXPECT_EQ(bytes.substr(0, 8), "PLEXUSGR");
  for (int slot = 0; slot < 7; ++slot) {
    const section s = section_at(bytes, slot);
    EXPECT_NE(s.offset, 0u) << slot;
    EXPECT_EQ(s.offset % 64, 0u) << slot;
  }
  EXPECT_EQ(section_at(bytes, 6).offset + section_at(bytes, 6).bytes, bytes.size());
}

// --- damaged files -------------------------------------------------------------------------

TEST_F(plx_test, flipped_byte_in_each_section_is_a_checksum_mismatch) {
  const std::string good = slurp(full_graph_file());
  const char* names[] = {"offsets", "indices", "weights", "reverse offsets", "reverse indices", "reverse weights",
                         "original ids"};
  for (int slot = 0; slot < 7; ++slot) {
    const section s = section_at(good, slot);
    for (std::uint64_t at : {s.offset, s.offset + s.bytes / 2, s.offset + s.bytes - 1}) {
      std::string bad = good;
      bad[at] = static_cast<char>(bad[at] ^ 0x10);
      SCOPED_TRACE(std::string(names[slot]) + " byte " + std::to_string(at));
      expect_rejected(bad, plexus::error_kind::parse, std::string("checksum mismatch in section ") + names[slot]);
    }
  }
}

TEST_F(plx_test, flipped_byte_in_header_is_a_header_checksum_mismatch) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t at : {16u, 24u, 40u, 70u, 200u, 300u, 380u}) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x01);
    SCOPED_TRACE(at);
    expect_rejected(bad, plexus::error_kind::parse, "checksum mismatch in header");
  }
}

TEST_F(plx_test, truncated_files_are_reported_with_sizes) {
  const std::string good = slurp(full_graph_file());
  const std::string full = std::to_string(good.size());
  expect_rejected(good.substr(0, 0), plexus::error_kind::parse, "empty file (0 bytes), not a .plx cache");
  expect_rejected(good.substr(0, 5), plexus::error_kind::parse, "not a .plx file");
  expect_rejected(good.substr(0, 100), plexus::error_kind::parse, "truncated .plx file: expected 384 bytes, found 100");
  for (std::size_t keep : {kHeaderBytes, kHeaderBytes + 1, good.size() / 2, good.size() - 1}) {
    SCOPED_TRACE(keep);
    expect_rejected(good.substr(0, keep), plexus::error_kind::parse,
                    "truncated .plx file: expected " + full + " bytes, found " + std::to_string(keep) +
                        "; rebuild it from its source with plexus convert");
  }
}

TEST_F(plx_test, trailing_bytes_are_refused) {
  expect_rejected(slurp(full_graph_file()) + "x", plexus::error_kind::parse, "unexpected trailing data");
}

TEST_F(plx_test, wrong_magic_is_refused) {
  std::string bad = slurp(full_graph_file());
  bad[0] = 'Q';
  expect_rejected(bad, plexus::error_kind::parse, "not a .plx file (it does not start with the .plx magic)");
  expect_rejected("%%MatrixMarket matrix coordinate pattern general\n", plexus::error_kind::parse,
                  "if it is a text file, name its format with --format");
}

TEST_F(plx_test, future_version_is_refused_by_name) {
  std::string bad = slurp(full_graph_file());
  put<std::uint32_t>(bad, 8, plexus::io::plx_version + 1);
  expect_rejected(bad, plexus::error_kind::unsupported,
                  "format version " + std::to_string(plexus::io::plx_version + 1) + " is newer than this build reads");
  // Even with a consistent header checksum.
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::unsupported, "is newer than this build reads");
}

TEST_F(plx_test, huge_counts_are_refused_before_allocating) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t field : {32u, 40u}) {  // num_vertices, num_entries
    for (std::uint64_t lie : {std::uint64_t{1} << 31, std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
      std::string bad = good;
      put<std::uint64_t>(bad, field, lie);
      rehash(bad);
      SCOPED_TRACE(std::to_string(field) + " " + std::to_string(lie));
      const fs::path p = dir_ / "lie.plx";
      spit(p, bad);
      try {
        plexus::io::read_plx_graph(p);
        ADD_FAILURE() << "accepted";
      } catch (const plexus::error& e) {
        // out_of_memory would mean it tried to allocate what the header claimed.
        EXPECT_EQ(e.kind(), plexus::error_kind::parse) << e.what();
      }
    }
  }
}

TEST_F(plx_test, small_count_lies_are_refused) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t field : {32u, 40u}) {
    for (int delta : {-1, 1}) {
      std::string bad = good;
      put<std::uint64_t>(bad, field, get<std::uint64_t>(bad, field) + delta);
      rehash(bad);
      SCOPED_TRACE(std::to_string(field) + " " + std::to_string(delta));
      expect_rejected(bad, plexus::error_kind::parse, "does not match the header counts");
    }
  }
}

TEST_F(plx_test, structural_errors_behind_valid_checksums) {
  const std::string good = slurp(full_graph_file());
  const section offsets = section_at(good, 0);
  const section indices = section_at(good, 1);
  {
    std::string bad = good;
    put<vertex_t>(bad, indices.offset + 4 * 3, 50);  // n == 50
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "offsets/indices: entry 3 is vertex 50, not below 50");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset + 8 * 10, get<edge_t>(bad, offsets.offset + 8 * 11) + 1);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "offsets decrease after row 10");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset + 8 * 50, 399);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "last offset 399 differs from the entry count 400");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset, 1);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "first offset is not 0");
  }
  {
    std::string bad = good;
    put<vertex_t>(bad, section_at(good, 4).offset + 4 * 399, 0xffffffffu);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "reverse offsets/indices: entry 399 is vertex 4294967295");
  }
}

TEST_F(plx_test, hypergraph_damage_is_detected) {
  plexus::io::write_plx(small_hypergraph(true, true), dir_ / "h.plx");
  const std::string good = slurp(dir_ / "h.plx");
  EXPECT_EQ(good.substr(0, 8), "PLEXUSHG");
  const char* names[] = {"vertex offsets", "vertex incidence", "hyperedge offsets", "pins", "edge weights",
                         "vertex weights", "original ids"};
  for (int slot = 0; slot < 7; ++slot) {
    std::string bad = good;
    const section s = section_at(good, slot);
    bad[s.offset + s.bytes - 1] ^= 0x40;
    spit(dir_ / "bad.plx", bad);
    try {
      plexus::io::read_plx_hypergraph(dir_ / "bad.plx");
      ADD_FAILURE() << names[slot];
    } catch (const plexus::error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("checksum mismatch in section ") + names[slot]),
                std::string::npos)
          << e.what();
    }
  }
  std::string bad = good;
  put<vertex_t>(bad, section_at(good, 3).offset, 6);  // a pin equal to the vertex count
  rehash(bad);
  spit(dir_ / "bad.plx", bad);
  EXPECT_THROW(plexus::io::read_plx_hypergraph(dir_ / "bad.plx"), plexus::error);
}

TEST_F(plx_test, missing_file_is_an_io_error) {
  try {
    plexus::io::read_plx_graph(dir_ / "absent.plx");
    FAIL();
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), plexus::error_kind::io);
    EXPECT_NE(std::string(e.what()).find("absent.plx"), std::string::npos);
  }
  EXPECT_FALSE(plexus::io::is_plx(dir_ / "absent.plx"));
  EXPECT_THROW(plexus::io::read_plx_graph(dir_), plexus::error);  // a folder
}

TEST(plx_checksum, every_single_bit_flip_changes_the_block_hash) {
  std::vector<unsigned char> data(203);  // four lanes, a word tail and a byte tail
  std::mt19937 rng(5);
  for (auto& b : data) b = static_cast<unsigned char>(rng());
  const std::uint64_t h = plexus::io::detail::plx_block_hash(data.data(), data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    for (int bit = 0; bit < 8; ++bit) {
      data[i] ^= static_cast<unsigned char>(1u << bit);
      EXPECT_NE(plexus::io::detail::plx_block_hash(data.data(), data.size()), h) << i << ":" << bit;
      data[i] ^= static_cast<unsigned char>(1u << bit);
    }
  // Zero padding of the tail must not make lengths collide.
  EXPECT_NE(plexus::io::detail::plx_block_hash(data.data(), 201), plexus::io::detail::plx_block_hash(data.data(), 202));
}

}  // namespace
