// The subgroup operations of a SIMT back end, and the emulations of those some vendors lack
// (backends/simt/subgroup_emulation.hpp: the HIP back end's match_any and tile reductions),
// checked against the back end's own instructions where it has them. Compiled once per
// enabled back end; a back end without subgroups (the host) gets no test.
#include <gtest/gtest.h>

#include <cstdint>

#include "plexus/backends/target.hpp"
#include "plexus/exec/exec.hpp"
#include "suite_support.hpp"

#if PLEXUS_SIMT_COMPILER
#include "plexus/backends/simt/subgroup_emulation.hpp"

namespace plexus_test {

namespace subgroup_test {

// Key of a lane in one of several patterns: all equal, all distinct, a few repeated values.
__device__ inline std::uint32_t pattern_key(unsigned pattern, unsigned lane, unsigned block) {
  switch (pattern % 4) {
    case 0: return 7u;
    case 1: return lane;
    case 2: return (lane * 2654435761u + block) % 5u;
    default: return (lane / 3u + block) % 4u;
  }
}

// For every pattern, the lanes of a subgroup (all of them, or those a branch leaves active)
// compare match_any and the tile reductions with their emulations; mismatches are counted.
template <class Space>
__global__ void compare_kernel(unsigned long long* mismatches) {
  using sg = plexus::backends::subgroup<Space>;
  const unsigned lane = sg::lane();
  unsigned long long wrong = 0;
  for (unsigned pattern = 0; pattern < 8; ++pattern) {
    const std::uint32_t x = pattern_key(pattern, lane, blockIdx.x);
    const bool take_part = pattern < 4 || lane % 3 != 1;  // half the patterns leave lanes out
    if (take_part) {
      const auto lanes = sg::active();
      wrong += sg::match_any(lanes, x) != plexus::backends::match_any_by_ballot<sg>(lanes, x);
    }
    constexpr unsigned tile = 16;
    const auto tile_lanes = ((typename sg::mask_type(1) << tile) - 1) << (lane & ~(tile - 1));
    wrong += sg::template tile_max<tile>(tile_lanes, x) !=
             plexus::backends::tile_max_by_shuffle<sg, tile>(tile_lanes, x);
    wrong += sg::template tile_min<tile>(tile_lanes, x) !=
             plexus::backends::tile_min_by_shuffle<sg, tile>(tile_lanes, x);
  }
  if (wrong) atomicAdd(mismatches, wrong);
}

}  // namespace subgroup_test

template <class Space>
class SubgroupTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(SubgroupTest);

TYPED_TEST_P(SubgroupTest, EmulationsMatchTheBackEndsOwnOperations) {
  using Space = TypeParam;
  exec::buffer<Space, unsigned long long> mismatches(1);
  mismatches.zero();
  subgroup_test::compare_kernel<Space><<<8, Space::block_size>>>(mismatches.data());
  plexus::backends::gpu_runtime<Space>::check_launch();
  EXPECT_EQ(mismatches.get(0), 0u);
}

REGISTER_TYPED_TEST_SUITE_P(SubgroupTest, EmulationsMatchTheBackEndsOwnOperations);
INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, SubgroupTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_test
#endif
