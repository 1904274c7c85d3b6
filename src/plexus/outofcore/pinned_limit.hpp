// How much host memory the out-of-core engine may page-lock, checked before it pins any: the
// chunks' staging halves, the list of lists to fetch and the copy-rate probe (out-of-core,
// subway), or the whole arc arrays mapped for the kernels (zero-copy); range copies (out of
// core) lock the arcs past the static region where that stays within the limit. Page-locked memory
// cannot be swapped or moved, so a run that locks most of the host's memory starves
// everything else on it: the engine takes at most half of the physical memory, and no more
// than `ulimit -l` allows an unprivileged process (mlock(2); root is exempt). A run past
// either is refused up front, in one line saying what would fit.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/graph/csr_graph.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus::outofcore {

struct pinned_limit {
  std::uint64_t bytes = 0;
  std::string what;  // "half of the host's 125 GiB", "ulimit -l (64.0 KiB)"
};

/// The smaller of half the physical memory and, for an unprivileged process, RLIMIT_MEMLOCK.
pinned_limit host_pinned_limit();

/// The host bytes `engine` page-locks for a graph of `graph` whose arcs take `arc_bytes` each,
/// under `plan` (chunk_edges, buffers, static_vertices).
std::uint64_t pinned_bytes(engine_kind engine, const csr_arrays& graph, std::uint64_t arc_bytes,
                           const region_plan& plan);

/// The host bytes out-of-core range copies page-lock besides pinned_bytes: the arcs past the
/// static region.
std::uint64_t range_pinned_bytes(const csr_arrays& graph, std::uint64_t arc_bytes, const region_plan& plan);

/// Throws plexus::error(invalid_argument) when `need` is more than `limit` allows: "the
/// out-of-core engine would pin 17.6 GiB of host memory, more than half of the host's 15.6
/// GiB: at most 7.80 GiB can be pinned (a larger --device-memory-limit keeps more arcs on the
/// device; zero-copy pins every arc)".
void check_pinned(std::uint64_t need, const pinned_limit& limit, engine_kind engine);

}  // namespace plexus::outofcore
