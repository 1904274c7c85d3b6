// Region sizing of the out-of-core engine: OneGraph's formula and its clamps, whole lists in
// the static prefix, chunk sizes, the fit test, and the one-line refusal of a cap too small.
#include "plexus/outofcore/region_plan.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::outofcore {
namespace {

constexpr std::uint64_t MiB = std::uint64_t(1) << 20;

/// n vertices of degree d each.
std::vector<edge_t> regular_offsets(vertex_t n, edge_t d) {
  std::vector<edge_t> offsets(n + 1);
  for (vertex_t v = 0; v <= n; ++v) offsets[v] = edge_t(v) * d;
  return offsets;
}

TEST(region_plan, static_share_follows_onegraphs_formula) {
  // D = 2 M: R = (1 - 0.1 * 2) / 0.9 = 0.888...
  const auto offsets = regular_offsets(1 << 20, 128);  // 128 M arcs of 4 bytes: D = 512 MiB
  region_request request;
  request.cap_bytes = 256 * MiB + 16 * MiB;
  request.resident_bytes = 16 * MiB;  // M = 256 MiB
  request.min_chunk_bytes = MiB;
  const region_plan plan = plan_regions(request, offsets);
  EXPECT_EQ(plan.edge_array_bytes, 512 * MiB);
  EXPECT_EQ(plan.memory_bytes, 256 * MiB);
  EXPECT_FALSE(plan.fits);
  EXPECT_NEAR(plan.formula_fraction, (1 - 0.2) / 0.9, 1e-12);
  EXPECT_NEAR(plan.static_fraction, plan.formula_fraction, 1e-12);
  // Whole lists of 128 arcs: the static edges are the region rounded down to a list end.
  const edge_t room = static_cast<edge_t>(plan.static_fraction * 256 * MiB / 4);
  EXPECT_EQ(plan.static_edges, room / 128 * 128);
  EXPECT_EQ(plan.static_vertices, room / 128);
  // The rest of M is split into three chunk buffers.
  EXPECT_EQ(plan.chunk_edges, (256 * MiB - plan.static_edges * 4) / 3 / 4);
}

TEST(region_plan, formula_below_zero_clamps_to_no_static_region) {
  // D / M = 20: 1 - 0.1 * 20 < 0.
  const auto offsets = regular_offsets(1 << 16, 1024);  // 64 M arcs: D = 256 MiB
  region_request request;
  request.cap_bytes = 12 * MiB + 800 * 1024;
  request.resident_bytes = 0;
  request.min_chunk_bytes = 1024;
  const region_plan plan = plan_regions(request, offsets);
  EXPECT_LT(plan.formula_fraction, 0);
  EXPECT_EQ(plan.static_fraction, 0);
  EXPECT_EQ(plan.static_vertices, 0u);
  EXPECT_EQ(plan.static_edges, 0u);
}

TEST(region_plan, every_vertex_active_takes_the_largest_static_share) {
  const auto offsets = regular_offsets(1 << 16, 64);  // D = 16 MiB
  region_request request;
  request.cap_bytes = 8 * MiB;
  request.active_fraction = 1.0;
  request.min_chunk_bytes = MiB;
  const region_plan plan = plan_regions(request, offsets);
  EXPECT_NEAR(plan.static_fraction, 1.0 - 3.0 / 8.0, 1e-12);  // three 1 MiB buffers stay free
}

TEST(region_plan, user_fraction_overrides_the_formula_within_the_clamp) {
  const auto offsets = regular_offsets(1 << 16, 64);
  region_request request;
  request.cap_bytes = 8 * MiB;
  request.min_chunk_bytes = MiB;
  request.static_fraction = 0.25;
  EXPECT_NEAR(plan_regions(request, offsets).static_fraction, 0.25, 1e-12);
  request.static_fraction = 0.99;  // more than leaves room for the buffers
  EXPECT_NEAR(plan_regions(request, offsets).static_fraction, 1.0 - 3.0 / 8.0, 1e-12);
}

TEST(region_plan, a_graph_that_fits_says_so) {
  const auto offsets = regular_offsets(1000, 10);
  region_request request;
  request.cap_bytes = 4 * MiB;
  request.min_chunk_bytes = 1024;
  EXPECT_TRUE(plan_regions(request, offsets).fits);
}

TEST(region_plan, a_list_longer_than_the_static_region_stays_on_demand) {
  // Vertex 0 holds a hub list larger than the region: nothing is static.
  std::vector<edge_t> offsets = {0, 10'000'000, 10'000'010, 10'000'020};
  region_request request;
  request.cap_bytes = 8 * MiB;
  request.min_chunk_bytes = MiB;
  const region_plan plan = plan_regions(request, offsets);
  EXPECT_EQ(plan.static_vertices, 0u);
  EXPECT_EQ(plan.static_edges, 0u);
}

TEST(region_plan, slots_and_static_vertices_are_charged_beyond_their_arcs) {
  // D = 2 M as above; each static vertex keeps 8 bytes besides its 128 arcs, and a slot takes
  // 7 bytes per arc (ids and segments).
  const auto offsets = regular_offsets(1 << 20, 128);
  region_request request;
  request.cap_bytes = 256 * MiB + 16 * MiB;
  request.resident_bytes = 16 * MiB;
  request.min_chunk_bytes = MiB;
  request.static_vertex_bytes = 8;
  request.slot_arc_bytes = 7;
  const region_plan plan = plan_regions(request, offsets);
  const std::uint64_t room = static_cast<std::uint64_t>(plan.static_fraction * 256 * MiB);
  EXPECT_EQ(plan.static_vertices, (room - 8) / (128 * 4 + 8));
  const std::uint64_t static_bytes = plan.static_edges * 4 + (plan.static_vertices + 1) * 8;
  EXPECT_LE(static_bytes, room);
  EXPECT_EQ(plan.chunk_edges, (256 * MiB - static_bytes) / 3 / 7);
  // The pipeline's floor is three slots of a minimum chunk: 3 x (1 MiB / 4) x 7 bytes.
  request.cap_bytes = 16 * MiB + 3 * (MiB / 4) * 7 - 1;
  EXPECT_THROW(plan_regions(request, offsets), error);
  request.cap_bytes += 1;
  EXPECT_NO_THROW(plan_regions(request, offsets));
}

TEST(region_plan, a_cap_below_the_resident_state_is_refused_naming_what_fits) {
  const auto offsets = regular_offsets(1000, 10);
  region_request request;
  request.cap_bytes = 10 * MiB;
  request.resident_bytes = 9 * MiB;
  request.min_chunk_bytes = MiB;
  try {
    plan_regions(request, offsets);
    FAIL() << "expected a refusal";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("at least 12.0 MiB would fit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace plexus::outofcore
