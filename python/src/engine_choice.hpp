// Where a traversal's arcs live (engine=, device_memory_limit=): in the device's memory, as
// every other call runs, or streamed from host memory by the out-of-core engine
// (outofcore/engine.hpp) and its baselines. "auto" keeps the graph in memory on the host back
// end, whose arcs are in host memory already, and on a GPU whenever the graph's copy fits the
// memory there (the limit, else what is free); a GPU run that does not fit, or whose in-memory
// run then runs out of memory, streams instead. The result says which engine ran.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>

#include "graph_binding.hpp"
#include "plexus/core/error.hpp"
#include "plexus/outofcore/engine.hpp"
#include "run_helpers.hpp"

namespace plexus::python {

struct engine_request {
  std::string engine = "auto";
  std::optional<std::uint64_t> device_memory_limit;
};

/// The engine a call takes: in_memory, or a streaming kind; throws for an unknown name, and
/// for a limit given to an in-memory run on the host (which has no device memory to limit).
/// `working_bytes`: the algorithm's own arrays on `where` (its *_working_bytes).
outofcore::engine_kind choose_engine(const shared_graph& g, backend where, const engine_request& request,
                                     std::uint64_t working_bytes);

/// The streaming engine's options for `kind` under the request's limit.
outofcore::engine_options streaming_options(outofcore::engine_kind kind, const engine_request& request);

/// The figures of a streaming run: the engine, bytes moved to the device, its peak memory,
/// the setup and algorithm times and the iterations' chunks.
pybind11::dict engine_figures(const outofcore::engine_report& report);

/// Runs `in_memory()` or `streaming(options, report)` as the request chooses, the in-memory run
/// needing `working_bytes` beside the graph (each returns the algorithm's result), then
/// `to_dict(result)` with the engine's figures added under "engine".
template <class InMemory, class Streaming, class ToDict>
pybind11::dict run_on_engine(const shared_graph& g, backend where, const engine_request& request,
                             std::uint64_t working_bytes, InMemory in_memory, Streaming streaming, ToDict to_dict) {
  outofcore::engine_kind kind = choose_engine(g, where, request, working_bytes);
  if (kind == outofcore::engine_kind::in_memory) {
    try {
      auto result = unlocked([&] { return in_memory(); });
      pybind11::dict out = to_dict(result);
      out["engine"] = pybind11::dict(pybind11::arg("engine") = "in-memory");
      return out;
    } catch (const error& e) {
      if (e.kind() != error_kind::out_of_memory || request.engine != "auto" ||
          family_of(where) != backend_family::simt)
        throw;
      kind = outofcore::engine_kind::out_of_core;
    }
  }
  outofcore::engine_report report;
  const outofcore::engine_options options = streaming_options(kind, request);
  auto result = unlocked([&] { return streaming(options, report); });
  pybind11::dict out = to_dict(result);
  out["engine"] = engine_figures(report);
  return out;
}

}  // namespace plexus::python
