// CUDA timing of CC, PageRank and label propagation (tests/algorithms_suite/community_timing.hpp);
// SKIPPED unless PLEXUS_TIMING_SCALE is set and a GPU is present.
#include "../algorithms_suite/community_timing.hpp"

TEST(CudaCommunityTiming, KroneckerFigures) { plexus_community_timing::run_community_timing(plexus::backend::cuda); }
