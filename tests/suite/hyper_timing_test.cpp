// Host timing of the hypergraph algorithms (tests/algorithms_suite/hyper_timing.hpp);
// SKIPPED unless PLEXUS_HYPER_TIMING_PINS is set.
#include "../algorithms_suite/hyper_timing.hpp"

TEST(HostHyperTiming, GeneratedFigures) { plexus_hyper_timing::run_hyper_timing(plexus::backend::host); }
