// What the .plx cache's tests share: reference CSRs and hypergraphs, comparisons, the file
// layout's offsets for damaging files on purpose, and a fixture with a scratch folder.
#pragma once

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

namespace plexus_plx_test {

namespace fs = std::filesystem;
using plexus::csr_arrays;
using plexus::csr_graph;
using plexus::edge_t;
using plexus::host_vector;
using plexus::hypergraph;
using plexus::vertex_t;
using plexus::weight_t;


struct arc {
  vertex_t u, v;
  weight_t w;
};

/// Serial reference CSR: rows sorted by (source, target); weights follow arcs.
inline csr_arrays make_csr(vertex_t n, std::vector<arc> arcs, bool weighted, bool reverse = false) {
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

inline std::vector<arc> random_arcs(vertex_t n, std::size_t m, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<arc> arcs(m);
  for (arc& a : arcs)
    a = {static_cast<vertex_t>(rng() % n), static_cast<vertex_t>(rng() % n), static_cast<weight_t>(rng() % 1000) / 8};
  return arcs;
}

template <class T>
inline void expect_same(const host_vector<T>& a, const host_vector<T>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  EXPECT_TRUE(a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0) << what;
}

inline void expect_same_csr(const csr_arrays& a, const csr_arrays& b, const char* what) {
  // A default-constructed graph has no offsets; both describe zero vertices.
  if (!(a.offsets.empty() && b.num_vertices() == 0) && !(b.offsets.empty() && a.num_vertices() == 0))
    expect_same(a.offsets, b.offsets, what);
  expect_same(a.indices, b.indices, what);
  expect_same(a.weights, b.weights, what);
}

inline void expect_same_graph(const csr_graph& a, const csr_graph& b) {
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
inline hypergraph small_hypergraph(bool weights, bool ids) {
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

inline void expect_same_hypergraph(const hypergraph& a, const hypergraph& b) {
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

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
inline void spit(const fs::path& p, const std::string& bytes) {
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
inline void put(std::string& bytes, std::size_t at, T value) {
  std::memcpy(bytes.data() + at, &value, sizeof(T));
}
struct section {
  std::uint64_t offset, bytes;
};
inline section section_at(const std::string& bytes, int slot) {
  return {get<std::uint64_t>(bytes, kSectionTable + 32 * slot), get<std::uint64_t>(bytes, kSectionTable + 32 * slot + 8)};
}

inline std::uint64_t reference_hash(const unsigned char* data, std::uint64_t bytes) {
  namespace d = plexus::io::detail;
  d::plx_hash_chain chain(bytes);
  for (std::uint64_t at = 0; at < bytes; at += d::plx_hash_block)
    chain.add(d::plx_block_hash(data + at, std::min<std::uint64_t>(d::plx_hash_block, bytes - at)));
  return chain.value();
}

/// Recomputes every section checksum and the header checksum after a deliberate edit, so
/// the reader's structural checks (not its checksums) are what catch the edit.
inline void rehash(std::string& bytes) {
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

}  // namespace plexus_plx_test
