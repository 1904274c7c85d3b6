// bucketed_mode: the most frequent key of many segments, with segments grouped by length
// into degree buckets (graph/segment_buckets.hpp) so each bucket gets a mapping that fits it.
// The neighbour reduction of hypergraph label propagation (operators/mode_vote.hpp), and of
// graph label propagation on GPUs (lp/lp_loop.hpp).
//
//   mode_workspace<Space> work(space, max_length);
//   bucketed_mode(space, work, buckets, length, key, out)
//     for every segment s listed in a bucket: out(s, best, count), where best is the key
//     occurring most often among key(s, 0) ... key(s, length(s) - 1), ignoring positions whose
//     key is kNoVote, the smallest among equally frequent keys; count is its number of
//     occurrences (0, and best == kNoVote, when no position votes). Segments in no bucket are
//     not visited. Keys are exact on every back end, so results match bit for bit.
//
// Host: bucketed_mode_host.hpp. SIMT GPUs: bucketed_mode_simt.hpp (tile / subgroup kernels
// and blocks of three sizes, each bucket on its own stream, shared-memory histograms with a
// global-memory fallback when a segment holds more distinct keys than shared memory does),
// compiled where the compiler builds kernels. This is the degree-bucketed variant of graph
// label propagation's segmented mode (lp/segmented_mode.hpp), which visits every segment with
// one mapping.
#pragma once

#include "plexus/backends/target.hpp"

namespace plexus::detail {

/// Reusable scratch of bucketed_mode: on GPUs the bucket streams and the global-memory
/// fallback tables.
template <class Space>
class mode_workspace;

}  // namespace plexus::detail

#include "plexus/algorithms/hyper_lp/bucketed_mode_host.hpp"
#if PLEXUS_SIMT_COMPILER
#include "plexus/algorithms/hyper_lp/bucketed_mode_simt.hpp"
#endif
