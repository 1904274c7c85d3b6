#include "algorithms_binding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>

#include "arrays.hpp"
#include "engine_choice.hpp"
#include "graph_binding.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_outofcore.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_outofcore.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_parents.hpp"
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/operators/direction_mode.hpp"
#include "run_helpers.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

py::dict run_bfs(const shared_graph& g, std::int64_t source, const std::string& device,
                 const std::string& direction, const engine_request& engine) {
  bfs_options options;
  options.direction = parse_direction_mode(direction);
  const vertex_t from = checked_source(source, g.host().num_vertices());
  const backend where = parse_backend(device);
  return run_on_engine(
      g, where, engine, bfs_working_bytes(shape_of(g.host()), where), [&] { return bfs(g.on(where), from, options); },
      [&](const outofcore::engine_options& streaming, outofcore::engine_report& report) {
        return bfs_out_of_core(g.host(), from, where, streaming, report);
      },
      [](const bfs_result& r) {
        py::dict out = figures(r.iterations, r.seconds);
        out["depth"] = signed_ids(r.depth);
        out["parent"] = signed_ids(r.parent);
        return out;
      });
}

py::dict run_sssp(const shared_graph& g, std::int64_t source, const std::string& device, double delta,
                  const engine_request& engine) {
  sssp_options options;
  options.delta = static_cast<weight_t>(delta);
  // The parents are the canonical tree of the distances, made when the result's parent is
  // first read (sssp_parents below): a call that wants distances waits for them alone.
  options.parents = false;
  const vertex_t from = checked_source(source, g.host().num_vertices());
  const backend where = parse_backend(device);
  return run_on_engine(
      g, where, engine, sssp_working_bytes(shape_of(g.host()), where),
      [&] { return sssp(g.on(where), from, options); },
      [&](const outofcore::engine_options& streaming, outofcore::engine_report& report) {
        return sssp_out_of_core(g.host(), from, where, streaming, report, false);
      },
      [](sssp_result& r) {
        py::dict out = figures(r.iterations, r.seconds);
        out["distance"] = adopt(std::move(r.distance));
        return out;
      });
}

/// The canonical shortest-path tree (sssp_parents.hpp) of distances an SSSP from `source`
/// gave on `g`, made on the host.
py::array_t<std::int64_t> sssp_parents(const shared_graph& g, std::int64_t source,
                                       const py::array_t<weight_t, py::array::c_style>& distance) {
  const csr_graph& graph = g.host();
  const vertex_t from = checked_source(source, graph.num_vertices());
  if (distance.ndim() != 1 || static_cast<std::uint64_t>(distance.shape(0)) != graph.num_vertices())
    throw error(error_kind::invalid_argument, "the distances are not one per vertex of the graph");
  const std::span<const weight_t> values(distance.data(), graph.num_vertices());
  const host_vector<vertex_t> parent = unlocked([&] { return canonical_sssp_parents(graph, from, values); });
  return signed_ids(parent);
}

py::dict run_cc(const shared_graph& g, const std::string& device, int rounds, int samples,
                const engine_request& engine) {
  cc_options options;
  options.neighbor_rounds = rounds;
  options.sample_size = samples;
  const backend where = parse_backend(device);
  return run_on_engine(
      g, where, engine, cc_working_bytes(shape_of(g.host()), where),
      [&] { return connected_components(g.on(where), options); },
      [&](const outofcore::engine_options& streaming, outofcore::engine_report& report) {
        return connected_components_out_of_core(g.host(), where, streaming, report);
      },
      [](cc_result& r) {
        py::dict out = figures(r.iterations, r.seconds);
        out["label"] = adopt(std::move(r.label));
        out["num_components"] = r.num_components;
        return out;
      });
}

py::dict run_pagerank(const shared_graph& g, const std::string& device, double damping, double tolerance,
                      int max_iterations, bool weighted, const std::string& stop, const engine_request& engine) {
  pagerank_options options;
  const std::optional<pagerank_stop> stop_test = pagerank_stop_named(stop);
  if (!stop_test)
    throw error(error_kind::invalid_argument,
                "stop '" + stop + "': pagerank stops by " + std::string(kPagerankStopNames));
  options.stop = *stop_test;
  options.damping = damping;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.weighted = weighted;
  const backend where = parse_backend(device);
  return run_on_engine(
      g, where, engine, pagerank_working_bytes(shape_of(g.host()), where, options),
      [&] { return pagerank(g.on(where), options); },
      [&](const outofcore::engine_options& streaming, outofcore::engine_report& report) {
        return pagerank_out_of_core(g.host(), where, options, streaming, report);
      },
      [](pagerank_result& r) {
        py::dict out = figures(r.iterations, r.seconds);
        out["rank"] = adopt(std::move(r.rank));
        out["converged"] = r.converged;
        return out;
      });
}

lp_variant parse_lp_variant(const std::string& name) {
  if (const std::optional<lp_variant> v = lp_variant_named(name)) return *v;
  throw error(error_kind::invalid_argument,
              "variant '" + name + "': label propagation takes " + std::string(kLpVariantNames));
}

py::dict run_label_propagation(const shared_graph& g, const std::string& device, const std::string& variant,
                               int max_iterations, double tolerance, std::uint64_t seed) {
  lp_options options;
  options.variant = parse_lp_variant(variant);
  options.max_iterations = max_iterations;
  options.tolerance = tolerance;
  options.seed = seed;
  lp_result r = unlocked([&] { return label_propagation(g.on(parse_backend(device)), options); });
  py::dict out = figures(r.iterations, r.seconds);
  out["label"] = adopt(std::move(r.label));
  out["num_communities"] = r.num_communities;
  out["modularity"] = r.modularity;
  out["last_changed"] = r.last_changed;
  return out;
}

}  // namespace

void bind_algorithms(py::module_& m) {
  py::class_<engine_request>(m, "EngineRequest")
      .def(py::init([](std::string engine, std::optional<std::uint64_t> limit) {
             return engine_request{std::move(engine), limit};
           }),
           py::arg("engine"), py::arg("device_memory_limit"));
  m.def("bfs", &run_bfs, py::arg("graph"), py::arg("source"), py::arg("device"), py::arg("direction"),
        py::arg("engine"));
  m.def("sssp", &run_sssp, py::arg("graph"), py::arg("source"), py::arg("device"), py::arg("delta"),
        py::arg("engine"));
  m.def("sssp_parents", &sssp_parents, py::arg("graph"), py::arg("source"), py::arg("distance"));
  m.def("connected_components", &run_cc, py::arg("graph"), py::arg("device"), py::arg("rounds"),
        py::arg("samples"), py::arg("engine"));
  m.def("pagerank", &run_pagerank, py::arg("graph"), py::arg("device"), py::arg("damping"),
        py::arg("tolerance"), py::arg("max_iterations"), py::arg("weighted"), py::arg("stop"), py::arg("engine"));
  m.def("label_propagation", &run_label_propagation, py::arg("graph"), py::arg("device"), py::arg("variant"),
        py::arg("max_iterations"), py::arg("tolerance"), py::arg("seed"));
  m.def("backends", [] {
    py::dict out;
    for (const backend b : all_backends()) out[py::str(std::string(to_string(b)))] = backend_available(b);
    return out;
  });
}

}  // namespace plexus::python
