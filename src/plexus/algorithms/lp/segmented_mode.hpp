// segmented_mode(space, n, length, key, rank, out): for every segment s with length(s) > 0,
// out(s, best, count) where best is the key occurring most often among key(s, 0) ...
// key(s, length(s) - 1); among equally frequent keys the one with the smallest rank(s, key)
// wins, then the smallest key. Segments of length 0 are skipped. The neighbour reduction of
// label propagation (operators/mode_vote.hpp) with one mapping for every segment; keys are
// exact on every back end, so results match bit for bit.
//
// Host: segmented_mode_host.hpp. SIMT GPUs: segmented_mode_simt.hpp, compiled where the
// compiler builds kernels.
#pragma once

#include "plexus/algorithms/lp/segmented_mode_host.hpp"
#include "plexus/backends/target.hpp"

#if PLEXUS_SIMT_COMPILER
#include "plexus/algorithms/lp/segmented_mode_simt.hpp"
#endif
