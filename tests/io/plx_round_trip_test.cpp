// .plx cache: exact round trips of every graph and hypergraph variant, files left and their
// layout.
#include <gtest/gtest.h>

#include <string>

#include "plexus/core/error.hpp"
#include "plexus/io/plx.hpp"
#include "plx_test_support.hpp"

namespace {

using namespace plexus_plx_test;

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

}  // namespace
