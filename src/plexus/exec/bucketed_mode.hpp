// bucketed_mode: the most frequent key of many segments, with segments grouped by length
// into degree buckets (exec/segment_buckets.hpp) so each bucket gets a suitable mapping.
//
//   mode_workspace<Space> work(space, max_length);
//   bucketed_mode(space, work, buckets, length, key, out)
//     for every segment s listed in a bucket: out(s, best, count), where best is the key
//     occurring most often among key(s, 0) ... key(s, length(s) - 1), ignoring positions whose
//     key is kNoVote, the smallest among equally frequent keys; count is its number of
//     occurrences (0, and best == kNoVote, when no position votes). Segments in no bucket are
//     not visited. Keys are exact on every back end, so results match bit for bit.
//
// Host: exec/host/bucketed_mode.hpp. CUDA: exec/cuda/bucketed_mode.cuh (tile / warp kernels
// and blocks of three sizes, each bucket on its own stream, shared-memory histograms with a
// global-memory fallback when a segment holds more distinct keys than shared memory does). This is the degree-bucketed
// variant of segmented_mode (exec/segmented.hpp), which visits every segment with one mapping.
#pragma once

#include "plexus/exec/exec.hpp"
#include "plexus/exec/segment_buckets.hpp"

#if defined(__CUDACC__)
#include "plexus/exec/cuda/bucketed_mode.cuh"
#else
#include "plexus/exec/host/bucketed_mode.hpp"
#endif
