// exec::gather_hot_first(table, i, hot): reads table[i], for gathers at random from a table
// whose first `hot` entries are read far more often than the others: per-vertex values of a
// graph whose hubs have the smallest ids (degree order, graph/relabel.hpp, or PageRank's
// hub-clustered slots). On GPUs the entries at or past `hot` are read around the L1 cache
// (ld.global.cg, cached in L2 only); the host reads every entry plainly.
//
// Why: an SM's L1 cache holds a few thousand lines, and a gather over a power-law graph
// misses it on most of its reads of the long tail, each miss allocating a line. The hubs are
// reread often, but not often enough to stay in a cache that the tail sweeps through every
// few thousand reads. Reading the tail around L1 leaves L1 to the hubs.
//
// exec::hot_entries<T>() is how many entries of T to treat as hot: as many as fill one SM's
// combined L1 and shared memory on an H100 (256 KiB: 32768 doubles), the L1 a kernel gets with
// exec::cache_split::prefer_l1.
//
// Measured on an H100, Kronecker scale 22, PageRank's gather with prefer_l1, per-iteration
// bench figures. Hub-clustered layout (input order): 1643 -> 1685 GB/s. In degree order, where
// every neighbour list is sorted with its hubs first, a clean build was slower with it
// (1994-1997 -> 1947-1950 GB/s), although a build choosing the load at run time measured 1966
// -> 2005 with 32768 hot doubles (24576: 1997, 40960: 1995, 65536: 1984; every read around L1:
// 1267), so PageRank uses it with the hub-clustered layout only.
#pragma once

#include <cstddef>

#include "plexus/core/macros.hpp"

namespace plexus::exec {

inline constexpr std::size_t hot_bytes = 256 * 1024;

template <class T>
constexpr std::size_t hot_entries() {
  return hot_bytes / sizeof(T);
}

template <class T>
PLEXUS_HOST_DEVICE inline T gather_hot_first(const T* table, std::size_t i, std::size_t hot) {
#if defined(__CUDA_ARCH__)
  return i < hot ? table[i] : __ldcg(table + i);
#else
  (void)hot;
  return table[i];
#endif
}

}  // namespace plexus::exec
