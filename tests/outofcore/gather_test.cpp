// The host's half of an on-demand iteration (gather.hpp): chunks never exceed their arc or
// segment budget, together they hold every arc of every asked list exactly once and in list
// order, a list longer than a chunk is split across chunks, and the gather copies each arc
// (and weight) with the right owner, checked against the CSR read directly.
#include "plexus/outofcore/gather.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <vector>

#include "outofcore_test_support.hpp"

namespace plexus::outofcore {
namespace {

struct gathered_arc {
  vertex_t owner, target;
  weight_t weight;
  bool operator==(const gathered_arc&) const = default;
};

/// Every chunk of `lists`, gathered (a range chunk's arcs read where they lie in the CSR, as
/// the engine copies them) and flattened in chunk order, gaps left out.
std::vector<gathered_arc> gather_all(const on_demand_lists& lists, const csr_arrays& g, edge_t chunk_arcs,
                                     std::size_t chunk_segments) {
  std::vector<vertex_t> arcs(chunk_arcs), owners(chunk_segments);
  std::vector<weight_t> weights(chunk_arcs);
  std::vector<edge_t> starts(chunk_segments + 1);
  std::vector<gathered_arc> out;
  for (std::size_t c = 0; c < lists.chunks(); ++c) {
    const on_demand_lists::chunk& part = lists.chunk_at(c);
    EXPECT_GT(part.arcs, 0u);
    EXPECT_LE(part.span, chunk_arcs);
    EXPECT_GE(part.segments, 1u);
    EXPECT_LE(part.segments, chunk_segments);
    lists.gather(c, g.offsets, g.indices, g.weights, {arcs.data(), weights.data(), owners.data(), starts.data()});
    const vertex_t* chunk_arcs_at = part.range ? g.indices.data() + part.host_first : arcs.data();
    const weight_t* chunk_weights_at = part.range ? g.weights.data() + part.host_first : weights.data();
    if (!part.range) {
      EXPECT_EQ(part.span, part.arcs);
    }
    EXPECT_EQ(starts[0], 0u);
    EXPECT_EQ(starts[part.segments], part.span);
    edge_t asked_arcs = 0;
    for (std::size_t s = 0; s < part.segments; ++s) {
      EXPECT_LT(starts[s], starts[s + 1]) << "segments are not empty";
      if (owners[s] == invalid_vertex) {
        EXPECT_TRUE(part.range) << "only range chunks have gaps";
        EXPECT_TRUE(s > 0 && owners[s - 1] != invalid_vertex) << "one gap between two lists";
        continue;
      }
      asked_arcs += starts[s + 1] - starts[s];
      for (edge_t a = starts[s]; a < starts[s + 1]; ++a)
        out.push_back({owners[s], chunk_arcs_at[a], chunk_weights_at[a]});
    }
    EXPECT_EQ(asked_arcs, part.arcs);
  }
  return out;
}

/// The arcs of `asked`, in order.
std::vector<gathered_arc> arcs_of(const csr_arrays& g, const std::vector<vertex_t>& asked) {
  std::vector<gathered_arc> expected;
  for (vertex_t v : asked)
    for (edge_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) expected.push_back({v, g.indices[e], g.weights[e]});
  return expected;
}

std::size_t range_chunks(const on_demand_lists& lists) {
  std::size_t count = 0;
  for (std::size_t c = 0; c < lists.chunks(); ++c) count += lists.chunk_at(c).range;
  return count;
}

TEST(on_demand_lists, chunks_keep_both_budgets_and_hold_every_asked_arc_once_in_order) {
  const csr_graph graph = test::kron(10, false, true);
  const csr_arrays& g = graph.out();
  std::vector<vertex_t> asked;  // every third vertex, isolated ones included
  for (vertex_t v = 0; v < graph.num_vertices(); v += 3) asked.push_back(v);
  const std::vector<gathered_arc> expected = arcs_of(g, asked);
  const edge_t longest = [&] {
    edge_t most = 0;
    for (vertex_t v : asked) most = std::max(most, g.offsets[v + 1] - g.offsets[v]);
    return most;
  }();
  for (auto [chunk_arcs, chunk_segments] :
       {std::tuple<edge_t, std::size_t>{64, 16}, {64, 1}, {1000, 4}, {longest / 3, 1000}, {1, 1}, {1 << 20, 1 << 20}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk_arcs) + " arcs, " + std::to_string(chunk_segments) + " segments");
    on_demand_lists lists;
    lists.plan(asked, g.offsets, chunk_arcs, chunk_segments);
    EXPECT_EQ(lists.total_arcs(), expected.size());
    EXPECT_EQ(gather_all(lists, g, chunk_arcs, chunk_segments), expected);
    EXPECT_EQ(range_chunks(lists), 0u) << "no ranges unless asked for";
    if (chunk_arcs < longest) {
      EXPECT_GT(lists.chunks(), 1u);
    }
  }
}

TEST(on_demand_lists, every_list_asked_for_makes_range_chunks_without_gaps) {
  const csr_graph graph = test::kron(10, false, true);
  const csr_arrays& g = graph.out();
  std::vector<vertex_t> all(graph.num_vertices());
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) all[v] = v;
  for (auto [chunk_arcs, chunk_segments] : {std::tuple<edge_t, std::size_t>{64, 16}, {1000, 250}, {1, 1}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk_arcs) + " arcs, " + std::to_string(chunk_segments) + " segments");
    on_demand_lists lists;
    lists.plan(all, g.offsets, chunk_arcs, chunk_segments, 1.0);
    EXPECT_EQ(range_chunks(lists), lists.chunks());
    for (std::size_t c = 0; c < lists.chunks(); ++c) EXPECT_EQ(lists.chunk_at(c).span, lists.chunk_at(c).arcs);
    EXPECT_EQ(gather_all(lists, g, chunk_arcs, chunk_segments), arcs_of(g, all));
  }
}

TEST(on_demand_lists, dense_stretches_become_ranges_whose_gaps_are_skipped) {
  const csr_graph graph = test::kron(10, false, true);
  const csr_arrays& g = graph.out();
  std::vector<vertex_t> most;  // four of every five vertices
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (v % 5 != 2) most.push_back(v);
  for (double density : {0.25, 0.5, 0.75, 0.99}) {
    for (auto [chunk_arcs, chunk_segments] : {std::tuple<edge_t, std::size_t>{256, 64}, {4096, 3}, {1, 1}}) {
      SCOPED_TRACE("density " + std::to_string(density) + ", chunks of " + std::to_string(chunk_arcs) + " arcs, " +
                   std::to_string(chunk_segments) + " segments");
      on_demand_lists lists;
      lists.plan(most, g.offsets, chunk_arcs, chunk_segments, density);
      EXPECT_EQ(gather_all(lists, g, chunk_arcs, chunk_segments), arcs_of(g, most));
      for (std::size_t c = 0; c < lists.chunks(); ++c) {
        const on_demand_lists::chunk& part = lists.chunk_at(c);
        if (part.range) {
          EXPECT_GE(static_cast<double>(part.arcs), density * static_cast<double>(part.span)) << c;
        }
      }
      if (chunk_arcs == 256 && density <= 0.5) {
        EXPECT_GT(range_chunks(lists), lists.chunks() / 2);
      }
    }
  }
}

TEST(on_demand_lists, lists_out_of_order_are_always_gathered) {
  const csr_graph graph = test::kron(10, false, true);
  const csr_arrays& g = graph.out();
  std::vector<vertex_t> backwards(graph.num_vertices());
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) backwards[v] = graph.num_vertices() - 1 - v;
  on_demand_lists lists;
  lists.plan(backwards, g.offsets, 64, 16, 1.0);
  EXPECT_EQ(range_chunks(lists), 0u);
  EXPECT_EQ(gather_all(lists, g, 64, 16), arcs_of(g, backwards));
}

TEST(on_demand_lists, a_chunk_of_short_lists_ends_at_its_segment_budget) {
  // Ten lists of two arcs each; chunks of 100 arcs but 3 segments hold 6 arcs.
  std::vector<edge_t> offsets(11);
  for (std::size_t v = 0; v <= 10; ++v) offsets[v] = 2 * v;
  std::vector<vertex_t> all(10);
  for (vertex_t v = 0; v < 10; ++v) all[v] = v;
  on_demand_lists lists;
  lists.plan(all, offsets, 100, 3);
  ASSERT_EQ(lists.chunks(), 4u);
  EXPECT_EQ(lists.chunk_at(0).arcs, 6u);
  EXPECT_EQ(lists.chunk_at(3).arcs, 2u);
  std::size_t most_segments = 0;
  for (std::size_t c = 0; c < lists.chunks(); ++c) most_segments = std::max(most_segments, lists.chunk_at(c).segments);
  EXPECT_EQ(most_segments, 3u);
}

}  // namespace
}  // namespace plexus::outofcore
