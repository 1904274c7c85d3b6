// Region sizing of the out-of-core engine; see region_plan.hpp.
#include "plexus/outofcore/region_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"

namespace plexus::outofcore {

region_plan plan_regions(const region_request& request, std::span<const edge_t> offsets) {
  const edge_t m = offsets.empty() ? 0 : offsets.back();
  region_plan plan;
  plan.buffers = request.buffers;
  plan.edge_array_bytes = m * request.edge_bytes;
  const std::uint64_t slot_arc_bytes = request.slot_arc_bytes ? request.slot_arc_bytes : request.edge_bytes;
  // Every buffer holds at least one arc, however few bytes its chunks were given.
  const std::uint64_t pipeline_floor =
      static_cast<std::uint64_t>(request.buffers) *
      std::max<std::uint64_t>(1, request.min_chunk_bytes / request.edge_bytes) * slot_arc_bytes;
  plan.smallest_cap_bytes = request.resident_bytes + pipeline_floor;
  if (request.cap_bytes < plan.smallest_cap_bytes)
    throw error(error_kind::invalid_argument,
                request.buffers == 0
                    ? fmt::format("device memory limit {} cannot hold the per-vertex state ({}): at least {} would fit",
                                  human_bytes(request.cap_bytes), human_bytes(request.resident_bytes),
                                  human_bytes(plan.smallest_cap_bytes))
                    : fmt::format("device memory limit {} cannot hold the per-vertex state ({}) and {} on-demand "
                                  "buffers of {}: at least {} would fit",
                                  human_bytes(request.cap_bytes), human_bytes(request.resident_bytes), request.buffers,
                                  human_bytes(pipeline_floor / static_cast<std::uint64_t>(request.buffers)),
                                  human_bytes(plan.smallest_cap_bytes)));
  plan.memory_bytes = request.cap_bytes - request.resident_bytes;
  const double D = static_cast<double>(plan.edge_array_bytes);
  const double M = static_cast<double>(plan.memory_bytes);
  plan.fits = plan.edge_array_bytes <= plan.memory_bytes;
  const double K = request.active_fraction;
  const double most = M > 0 ? 1.0 - static_cast<double>(pipeline_floor) / M : 0.0;
  plan.formula_fraction = K < 1.0 ? (1.0 - K * D / M) / (1.0 - K) : most;
  plan.static_fraction = std::clamp(request.static_fraction.value_or(plan.formula_fraction), 0.0, most);
  // Whole lists only: the static vertices are those whose list, with the bytes kept per static
  // vertex, ends within the region (a prefix: the bytes of 0 .. v - 1 grow with v).
  const auto static_bytes = [&](std::size_t v) {
    return offsets[v] * request.edge_bytes + (v > 0 ? (v + 1) * request.static_vertex_bytes : 0);
  };
  const std::uint64_t room = static_cast<std::uint64_t>(plan.static_fraction * M);
  std::size_t fitting = 0;
  for (std::size_t step = offsets.empty() ? 0 : std::bit_floor(offsets.size() - 1); step > 0; step /= 2)
    if (fitting + step < offsets.size() && static_bytes(fitting + step) <= room) fitting += step;
  plan.static_vertices = static_cast<vertex_t>(fitting);
  plan.static_edges = offsets.empty() ? 0 : offsets[plan.static_vertices];
  const double on_demand = M - static_cast<double>(offsets.empty() ? 0 : static_bytes(fitting));
  if (request.buffers > 0)
    plan.chunk_edges = static_cast<edge_t>(on_demand / request.buffers / static_cast<double>(slot_arc_bytes));
  return plan;
}

std::string region_plan::describe(edge_t total_edges) const {
  return fmt::format("D {}, M {}, D/M {:.2f}, R {:.3f} (formula {:.3f}), static edges {:.1f}% ({} vertices), "
                     "chunk {} x {}",
                     human_bytes(edge_array_bytes), human_bytes(memory_bytes),
                     memory_bytes ? static_cast<double>(edge_array_bytes) / static_cast<double>(memory_bytes) : 0.0,
                     static_fraction, formula_fraction, 100.0 * static_edge_share(total_edges), static_vertices,
                     human_bytes(chunk_edges * (edge_array_bytes / std::max<edge_t>(1, total_edges))), buffers);
}

}  // namespace plexus::outofcore
