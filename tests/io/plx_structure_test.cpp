// .plx files with valid checksums but a structure no algorithm may rely on: an undirected graph
// whose lists are not symmetric (an arc moved, a weight changed, a neighbour repeated), a row
// out of order, a reverse CSR that is not the transpose, weights that are not finite, two
// rows with one original id, a hypergraph whose two incidences disagree. Each is refused
// naming the section and the row; the files the writer produces, multigraphs and signed
// weights included, still load.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/plx.hpp"
#include "plx_test_support.hpp"

namespace {

using namespace plexus_plx_test;

/// An undirected weighted graph on 40 vertices, as the builder makes it.
csr_graph undirected_graph(bool keep_parallel_edges = false) {
  plexus::edge_list edges;
  edges.num_vertices = 40;
  edges.directed = false;
  for (const arc& a : random_arcs(40, 300, 11)) {
    edges.src.push_back(a.u);
    edges.dst.push_back(a.v);
    edges.weights.push_back(a.w - 20);  // signed weights, as a signed network has
  }
  plexus::build_options options;
  options.symmetrize = true;
  options.keep_parallel_edges = keep_parallel_edges;
  return plexus::build_graph(std::move(edges), options);
}

class plx_structure : public plx_test {
 protected:
  std::string undirected_file(bool keep_parallel_edges = false) {
    plexus::io::write_plx(undirected_graph(keep_parallel_edges), dir_ / "u.plx");
    return slurp(dir_ / "u.plx");
  }
  /// The first entry of a row of `slot`'s CSR holding at least two entries, and that row.
  static std::pair<vertex_t, edge_t> row_with_two(const std::string& bytes, int offsets_slot) {
    const section offsets = section_at(bytes, offsets_slot);
    for (vertex_t r = 0;; ++r) {
      const auto begin = get<edge_t>(bytes, offsets.offset + 8 * r),
                 end = get<edge_t>(bytes, offsets.offset + 8 * (r + 1));
      if (end - begin >= 2) return {r, begin};
    }
  }
};

TEST_F(plx_structure, files_the_writer_makes_load_multigraphs_and_signed_weights_included) {
  for (bool parallel : {false, true}) {
    const csr_graph g = undirected_graph(parallel);
    expect_same_graph(round_trip(g), g);
  }
  EXPECT_NO_THROW(plexus::io::read_plx_graph(full_graph_file()));
}

TEST_F(plx_structure, an_undirected_arc_without_its_reverse_is_refused) {
  const std::string good = undirected_file();
  const section indices = section_at(good, 1);
  const auto [row, first] = row_with_two(good, 0);
  std::string bad = good;
  // The row's first neighbour becomes one that does not list it back (still in order).
  const vertex_t next = get<vertex_t>(bad, indices.offset + 4 * (first + 1));
  const vertex_t was = get<vertex_t>(bad, indices.offset + 4 * first);
  ASSERT_LT(was, next);
  put<vertex_t>(bad, indices.offset + 4 * first, next);  // a repeated neighbour, in order
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::parse, "the graph is undirected, but row ");
}

TEST_F(plx_structure, an_undirected_weight_that_differs_from_its_reverse_is_refused) {
  std::string bad = undirected_file();
  const section weights = section_at(bad, 2);
  put<weight_t>(bad, weights.offset + 4 * 5, get<weight_t>(bad, weights.offset + 4 * 5) + 1);
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::parse, "does not hold the arcs into its vertex");
}

TEST_F(plx_structure, a_row_out_of_order_is_refused_naming_it) {
  std::string bad = slurp(full_graph_file());
  const section indices = section_at(bad, 1);
  const auto [row, first] = row_with_two(bad, 0);
  const vertex_t a = get<vertex_t>(bad, indices.offset + 4 * first),
                 b = get<vertex_t>(bad, indices.offset + 4 * (first + 1));
  ASSERT_LT(a, b);
  put<vertex_t>(bad, indices.offset + 4 * first, b);
  put<vertex_t>(bad, indices.offset + 4 * (first + 1), a);
  rehash(bad);
  expect_rejected(
      bad, plexus::error_kind::parse,
      "offsets/indices: row " + std::to_string(row) + " is not sorted (entry " + std::to_string(first + 1));
}

TEST_F(plx_structure, a_reverse_csr_that_is_not_the_transpose_is_refused) {
  std::string bad = slurp(full_graph_file());
  const section reverse = section_at(bad, 4);
  const auto [row, first] = row_with_two(bad, 3);
  // The row's first in-neighbour repeats its second: same degrees, other arcs.
  put<vertex_t>(bad, reverse.offset + 4 * first, get<vertex_t>(bad, reverse.offset + 4 * (first + 1)));
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::parse, "reverse offsets/indices: row ");
}

TEST_F(plx_structure, weights_that_are_not_finite_are_refused) {
  for (const float w : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity()}) {
    for (int slot : {2, 5}) {
      std::string bad = slurp(full_graph_file());
      put<weight_t>(bad, section_at(bad, slot).offset + 4 * 9, w);
      rehash(bad);
      SCOPED_TRACE(std::to_string(w) + " in slot " + std::to_string(slot));
      expect_rejected(bad, plexus::error_kind::parse, "weights: entry 9 is ");
    }
  }
}

TEST_F(plx_structure, two_rows_with_one_original_id_are_refused) {
  std::string bad = slurp(full_graph_file());
  const section ids = section_at(bad, 6);
  put<std::uint64_t>(bad, ids.offset + 8 * 30, get<std::uint64_t>(bad, ids.offset + 8 * 4));
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::parse, "original ids: rows 4 and 30 both have id 1012");
}

TEST_F(plx_structure, hypergraph_incidences_that_disagree_are_refused) {
  plexus::io::write_plx(small_hypergraph(true, true), dir_ / "h.plx");
  const std::string good = slurp(dir_ / "h.plx");
  const auto refused = [&](std::string bad, const std::string& needle) {
    rehash(bad);
    spit(dir_ / "bad.plx", bad);
    try {
      plexus::io::read_plx_hypergraph(dir_ / "bad.plx");
      ADD_FAILURE() << "accepted; expected " << needle;
    } catch (const plexus::error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  // A pin moved to another vertex (kept in order) in the hyperedge -> vertex lists only.
  const section pins = section_at(good, 3);
  const auto [hyperedge, first] = row_with_two(good, 2);
  std::string moved = good;
  put<vertex_t>(moved, pins.offset + 4 * first, get<vertex_t>(moved, pins.offset + 4 * (first + 1)));
  refused(moved, "vertex incidence: row ");
  std::string weight = good;
  put<weight_t>(weight, section_at(good, 4).offset, std::numeric_limits<float>::quiet_NaN());
  refused(weight, "edge weights: entry 0 is nan");
}

}  // namespace
