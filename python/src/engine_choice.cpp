#include "engine_choice.hpp"

#include "plexus/backends/backend.hpp"
#include "plexus/device/memory_need.hpp"

namespace py = pybind11;

namespace plexus::python {

outofcore::engine_kind choose_engine(const shared_graph& g, backend where, const engine_request& request,
                                     std::uint64_t working_bytes) {
  const outofcore::engine_kind kind = outofcore::parse_engine(request.engine);
  const bool gpu = family_of(where) == backend_family::simt;
  if (request.device_memory_limit && !gpu &&
      (kind == outofcore::engine_kind::automatic || kind == outofcore::engine_kind::in_memory))
    throw error(
        error_kind::invalid_argument,
        "device_memory_limit limits a GPU's memory: the host back end runs on the graph in host memory");
  if (kind != outofcore::engine_kind::automatic) return kind;
  if (!gpu) return outofcore::engine_kind::in_memory;
  // The estimate `plexus run` checks: the graph's copy, the algorithm's arrays and the vendor
  // library's scratch (device/memory_need.hpp).
  const std::uint64_t need =
      device_input_bytes(shape_of(g.host()), where) + working_bytes + backend_scratch_bytes(where);
  const std::uint64_t room =
      request.device_memory_limit ? *request.device_memory_limit : backend_memory(where).free;
  return outofcore::automatic_engine(where, true, need <= room);
}

outofcore::engine_options streaming_options(outofcore::engine_kind kind, const engine_request& request) {
  outofcore::engine_options options;
  options.engine = kind;
  if (request.device_memory_limit) options.device_memory_limit = *request.device_memory_limit;
  return options;
}

py::dict engine_figures(const outofcore::engine_report& report) {
  const outofcore::iteration_stats totals = report.totals();
  py::dict out;
  out["engine"] = std::string(outofcore::to_string(report.engine));
  out["moved_bytes"] = report.moved_bytes;
  out["peak_device_bytes"] = report.peak_device_bytes;
  out["setup_seconds"] = report.setup_seconds;
  out["algorithm_seconds"] = report.algorithm_seconds;
  out["iterations"] = report.iterations.size();
  out["chunks"] = totals.chunks;
  out["on_demand_arcs"] = totals.on_demand_arcs;
  out["static_arcs"] = totals.static_arcs;
  return out;
}

}  // namespace plexus::python
