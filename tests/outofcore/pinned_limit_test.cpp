// The host memory the out-of-core engine page-locks: counted per engine from the plan, and a
// run past the limit refused in one line naming the need, the limit and what would fit.
#include "plexus/outofcore/pinned_limit.hpp"

#include <gtest/gtest.h>

#include <string>

#include "outofcore_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/outofcore/footprint.hpp"

namespace plexus::outofcore {
namespace {

constexpr std::uint64_t kProbe = std::uint64_t(64) << 20;

TEST(pinned_limit, each_engine_pins_what_it_stages_or_maps) {
  const csr_graph g = test::kron(10, false);
  const csr_arrays& arcs = g.out();
  region_plan plan;
  plan.buffers = 3;
  plan.chunk_edges = 1000;
  plan.static_vertices = 100;
  const std::uint64_t slot = 1000 * 4 + chunk_segments(1000) * 4 + (chunk_segments(1000) + 1) * 8;
  EXPECT_EQ(pinned_bytes(engine_kind::out_of_core, arcs, 4, plan),
            3 * slot + (g.num_vertices() - 100) * 4 + kProbe);
  EXPECT_EQ(pinned_bytes(engine_kind::zero_copy, arcs, 8, plan), arcs.num_edges() * 8);
  EXPECT_EQ(pinned_bytes(engine_kind::managed, arcs, 4, plan), 0u);
  EXPECT_EQ(pinned_bytes(engine_kind::in_memory, arcs, 4, plan), 0u);
  plan.static_vertices = g.num_vertices();  // every list static: nothing streams
  EXPECT_EQ(pinned_bytes(engine_kind::out_of_core, arcs, 4, plan), kProbe);
}

TEST(pinned_limit, a_need_past_the_limit_is_refused_saying_what_fits) {
  const pinned_limit limit{std::uint64_t(1) << 30, "ulimit -l (1.00 GiB)"};
  EXPECT_NO_THROW(check_pinned(limit.bytes, limit, engine_kind::zero_copy));
  try {
    check_pinned(limit.bytes + 1, limit, engine_kind::zero_copy);
    FAIL() << "expected a refusal";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_EQ(std::string(e.what()),
              "the zero-copy engine would pin 1.00 GiB of host memory, more than ulimit -l (1.00 GiB): at most "
              "1.00 GiB can be pinned (zero-copy pins every arc; out-of-core pins only its chunks)");
  }
}

TEST(pinned_limit, the_host_limit_is_at_most_half_its_memory) {
  const pinned_limit limit = host_pinned_limit();
  EXPECT_GT(limit.bytes, 0u);
  EXPECT_FALSE(limit.what.empty());
}

}  // namespace
}  // namespace plexus::outofcore
