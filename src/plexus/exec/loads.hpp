// Loads with cache hints, usable inside operator lambdas on every back end. On the host they
// are plain reads (and a write prefetch); on GPUs they steer what the caches keep.
//
//   stream_load(p)               reads *p, which will not be read again soon: arrays swept once
//                                per pass (neighbour ids, weights: hundreds of megabytes) then
//                                do not push out of the L2 cache the small arrays the same pass
//                                gathers at random (ranks, distances, bitmaps). Only for data no
//                                other thread writes during the pass.
//   gather_hot_first(t, i, hot)  reads t[i] from a table whose first `hot` entries are read far
//                                more often than the others (per-vertex values of a graph whose
//                                hubs have the smallest ids: degree order, or PageRank's
//                                hub-clustered slots); on GPUs the entries at or past `hot` are
//                                read around the L1 cache, which then keeps the hot ones. An
//                                SM's L1 holds a few thousand lines and a gather over a
//                                power-law graph misses it on most reads of the long tail, each
//                                miss taking a line: the hubs, reread often but not often
//                                enough, would be swept out every few thousand reads.
//   hot_entries<Space, T>()      how many entries of T to treat as hot: as many as fill the
//                                on-chip memory a kernel of the space gets with
//                                exec::cache_split::prefer_l1 (Space::hot_bytes).
//   prefetch_for_update(p)       starts bringing *p into the cache, ready to be written, while
//                                the caller goes on; nothing on GPUs, where a warp hides
//                                latency by switching to another warp.
#pragma once

#include <cstddef>

#include "plexus/backends/device_functions.hpp"
#include "plexus/backends/target.hpp"

namespace plexus::exec {

template <class T>
PLEXUS_HOST_DEVICE inline T stream_load(const T* p) {
  return backends::device_functions::load_streaming(p);
}

template <class T>
PLEXUS_HOST_DEVICE inline T gather_hot_first(const T* table, std::size_t i, std::size_t hot) {
  return backends::device_functions::gather_hot_first(table, i, hot);
}

template <class Space, class T>
constexpr std::size_t hot_entries() {
  return Space::hot_bytes / sizeof(T);
}

template <class T>
PLEXUS_HOST_DEVICE inline void prefetch_for_update(const T* p) {
  backends::device_functions::prefetch_for_update(p);
}

}  // namespace plexus::exec
