// Engine names and the derived figures of a report; see engine.hpp.
#include "plexus/outofcore/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus::outofcore {

namespace {

constexpr std::array<std::pair<engine_kind, std::string_view>, 7> kNames = {{
    {engine_kind::automatic, "auto"},
    {engine_kind::in_memory, "in-memory"},
    {engine_kind::out_of_core, "out-of-core"},
    {engine_kind::subway, "subway"},
    {engine_kind::zero_copy, "zero-copy"},
    {engine_kind::managed, "managed"},
    {engine_kind::managed_fits, "managed-fits"},
}};

}  // namespace

std::string_view to_string(engine_kind engine) {
  for (const auto& [kind, name] : kNames)
    if (kind == engine) return name;
  return "unknown";
}

engine_options as_run(engine_options options) {
  if (options.engine == engine_kind::subway) {
    options.static_region = false;
    options.overlap = false;
    options.range_density = 0;
    options.zero_copy_degree = 0;
  }
  return options;
}

engine_kind parse_engine(std::string_view name) {
  for (const auto& [kind, known] : kNames)
    if (known == name) return kind;
  throw error(error_kind::invalid_argument,
              fmt::format("unknown engine '{}': auto, in-memory, out-of-core, subway, zero-copy, managed or "
                          "managed-fits",
                          name));
}

engine_kind automatic_engine(backend where, bool algorithm_streams, bool in_memory_fits) {
  if (in_memory_fits || !algorithm_streams || family_of(where) != backend_family::simt) return engine_kind::in_memory;
  return engine_kind::out_of_core;
}

iteration_stats& iteration_stats::operator+=(const iteration_stats& other) {
  active_vertices += other.active_vertices;
  active_arcs += other.active_arcs;
  static_arcs += other.static_arcs;
  on_demand_arcs += other.on_demand_arcs;
  zero_copy_arcs += other.zero_copy_arcs;
  copied_bytes += other.copied_bytes;
  chunks += other.chunks;
  range_chunks += other.range_chunks;
  gather_seconds += other.gather_seconds;
  copy_seconds += other.copy_seconds;
  static_seconds += other.static_seconds;
  on_demand_seconds += other.on_demand_seconds;
  plan_seconds += other.plan_seconds;
  wait_seconds += other.wait_seconds;
  stream_seconds += other.stream_seconds;
  wall_seconds += other.wall_seconds;
  return *this;
}

iteration_stats engine_report::totals() const {
  iteration_stats sum;
  for (const iteration_stats& s : iterations) sum += s;
  return sum;
}

double engine_report::bus_utilisation() const {
  const iteration_stats t = totals();
  if (copy_rate <= 0 || t.copied_bytes == 0 || t.stream_seconds <= 0) return 0;
  return std::min(1.0, static_cast<double>(t.copied_bytes) / copy_rate / t.stream_seconds);
}

double engine_report::device_idle() const {
  const iteration_stats t = totals();
  if (t.wall_seconds <= 0) return 0;
  // Kernels over resident lists and over chunks may overlap: the busy time is at least the
  // longer of the two sums and at most their total; the idle share below uses the total, so it
  // never overstates how idle the device was.
  const double busy = std::min(t.wall_seconds, t.static_seconds + t.on_demand_seconds);
  return 1.0 - busy / t.wall_seconds;
}

double engine_report::overlap_efficiency() const {
  const iteration_stats t = totals();
  const double parts[] = {t.gather_seconds, t.copy_seconds, t.on_demand_seconds};
  double sum = 0, largest = 0;
  for (double p : parts) {
    sum += p;
    largest = std::max(largest, p);
  }
  if (sum - largest <= 0) return 1.0;
  return std::clamp((sum - t.stream_seconds) / (sum - largest), 0.0, 1.0);
}

}  // namespace plexus::outofcore
