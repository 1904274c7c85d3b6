// Segmented reductions over per-vertex segments (neighbour lists), for algorithms that
// combine all neighbours of every vertex at once (PageRank, SSSP's pull rounds):
//
//   segmented_reduce(space, n, offsets, value, init, op, out)
//     out(s, init op value(offsets[s]) op ... op value(offsets[s+1]-1)) for every s in [0, n);
//     init must be an identity of op (0 for plus): back ends may fold it in more than once.
//   segmented_reduce_skewed(space, n, offsets, value, init, op, out)
//     the same, for segments reduced once whose lengths range from one value to millions (the
//     pieces of lists in an out-of-core chunk): on GPUs each segment longer than a few thousand
//     values gets a block, after one more pass over the offsets, where the plain form leaves it
//     to one subgroup.
//   segment_plan<Space> plan(space, n, offsets); segmented_reduce(space, plan, value, init, op, out)
//     the same reduction over a plan built once per offsets array, for loops that reduce over
//     the same segments many times. On GPUs the plan splits long segments over several
//     blocks, which the plain form cannot do without a host round trip; it stays valid as long
//     as the offsets array does. An optional last argument of this form and of
//     segmented_reduce_if, exec::cache_split::prefer_l1, asks GPUs to give the kernel's
//     on-chip memory to the L1 cache (backends/cache_split.hpp).
//   segmented_reduce_if(space, plan, keep, value, init, op, out)
//     the plan form for the segments with keep(s) true only; out is not called for the others
//     and their values are not read (SSSP's pull rounds skip vertices no candidate can lower).
//
// Implemented by every back end (backends/host/segmented_reduce.hpp,
// backends/simt/segmented_reduce.hpp). The order in which a segment's values are combined is
// unspecified, so floating-point sums may differ in the last bits between back ends.
#pragma once

#include "plexus/backends/cache_split.hpp"
#include "plexus/exec/exec.hpp"
