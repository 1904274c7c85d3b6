// exec::cache_split: how a GPU kernel's on-chip memory should be divided between the L1 cache
// and shared memory, for primitives that take the hint (segmented_reduce over a plan).
//   automatic  the driver's choice;
//   prefer_l1  as much L1 as the kernel's shared memory allows. For gathers at random from an
//              array larger than L1 whose hot entries are reused (PageRank's contributions,
//              measurably faster with it). Only for a kernel launched back to back: an SM
//              changes its split only when it drains, and SSSP's pull rounds, which alternate
//              with kernels that use shared memory, were slower with it (see
//              docs/performance/pagerank.md, "L1 preference for the gather").
// The host back end ignores it.
#pragma once

namespace plexus::exec {

enum class cache_split { automatic, prefer_l1 };

}  // namespace plexus::exec
