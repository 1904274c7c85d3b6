// The host memory the engine may page-lock; see pinned_limit.hpp.
#include "plexus/outofcore/pinned_limit.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

#include "plexus/backends/backend.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/outofcore/footprint.hpp"

namespace plexus::outofcore {

pinned_limit host_pinned_limit() {
  const std::uint64_t physical = backend_memory(backend::host).total;
  pinned_limit limit{physical / 2, fmt::format("half of the host's {}", human_bytes(physical))};
  rlimit locked{};
  if (geteuid() != 0 && getrlimit(RLIMIT_MEMLOCK, &locked) == 0 && locked.rlim_cur != RLIM_INFINITY &&
      locked.rlim_cur < limit.bytes)
    limit = {static_cast<std::uint64_t>(locked.rlim_cur),
             fmt::format("ulimit -l ({})", human_bytes(static_cast<std::uint64_t>(locked.rlim_cur)))};
  return limit;
}

std::uint64_t pinned_bytes(engine_kind engine, const csr_arrays& graph, std::uint64_t arc_bytes,
                           const region_plan& plan) {
  const std::uint64_t n = graph.num_vertices();
  switch (engine) {
    case engine_kind::zero_copy:
      return graph.num_edges() * arc_bytes;
    case engine_kind::out_of_core:
    case engine_kind::subway: {
      constexpr std::uint64_t probe = std::uint64_t(64) << 20;  // measured_copy_rate's staging
      if (plan.static_vertices >= n) return probe;
      return static_cast<std::uint64_t>(plan.buffers) * slot_bytes(plan.chunk_edges, arc_bytes) +
             (n - plan.static_vertices) * sizeof(vertex_t) + probe;
    }
    default:
      return 0;
  }
}

std::uint64_t range_pinned_bytes(const csr_arrays& graph, std::uint64_t arc_bytes, const region_plan& plan) {
  const vertex_t first_fetched = std::min<vertex_t>(plan.static_vertices, graph.num_vertices());
  return (graph.num_edges() - graph.offsets[first_fetched]) * arc_bytes;
}

void check_pinned(std::uint64_t need, const pinned_limit& limit, engine_kind engine) {
  if (need <= limit.bytes) return;
  throw error(error_kind::invalid_argument,
              fmt::format("the {} engine would pin {} of host memory, more than {}: at most {} can be pinned ({})",
                          to_string(engine), human_bytes(need), limit.what, human_bytes(limit.bytes),
                          engine == engine_kind::zero_copy
                              ? "zero-copy pins every arc; out-of-core pins only its chunks"
                              : "a smaller --chunk-size pins less"));
}

}  // namespace plexus::outofcore
