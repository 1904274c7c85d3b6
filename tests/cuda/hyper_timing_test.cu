// CUDA timing of the hypergraph algorithms (tests/algorithms_suite/hyper_timing.hpp);
// SKIPPED unless PLEXUS_HYPER_TIMING_PINS is set and a GPU is present.
#include "../algorithms_suite/hyper_timing.hpp"

TEST(CudaHyperTiming, GeneratedFigures) { plexus_hyper_timing::run_hyper_timing(plexus::backend::cuda); }
