// Host timing of CC, PageRank and label propagation (tests/algorithms_suite/community_timing.hpp);
// SKIPPED unless PLEXUS_TIMING_SCALE is set.
#include "../algorithms_suite/community_timing.hpp"

TEST(HostCommunityTiming, KroneckerFigures) { plexus_community_timing::run_community_timing(plexus::backend::host); }
