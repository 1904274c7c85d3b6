#include "algorithms_binding.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <string>

#include "arrays.hpp"
#include "graph_binding.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/operators/direction_mode.hpp"
#include "run_helpers.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

vertex_t checked_source(const shared_graph& g, std::int64_t source) {
  const vertex_t n = g.host().num_vertices();
  if (!dsl::runtime::is_vertex(source, n))
    throw error(error_kind::invalid_argument, "source " + std::to_string(source) + " is not a vertex (" +
                                                  dsl::runtime::vertex_ids(n) + ")");
  return static_cast<vertex_t>(source);
}

/// Vertex ids with invalid_vertex as -1: what NumPy users test for.
py::array_t<std::int64_t> signed_ids(const host_vector<vertex_t>& ids) {
  py::array_t<std::int64_t> out(static_cast<py::ssize_t>(ids.size()));
  std::int64_t* to = out.mutable_data();
  for (std::size_t i = 0; i < ids.size(); ++i) to[i] = ids[i] == invalid_vertex ? -1 : std::int64_t{ids[i]};
  return out;
}

py::dict run_bfs(const shared_graph& g, std::int64_t source, const std::string& device,
                 const std::string& direction) {
  bfs_options options;
  options.direction = parse_direction_mode(direction);
  const vertex_t from = checked_source(g, source);
  bfs_result r = unlocked([&] { return bfs(g.on(parse_backend(device)), from, options); });
  py::dict out = figures(r.iterations, r.seconds);
  out["depth"] = signed_ids(r.depth);
  out["parent"] = signed_ids(r.parent);
  return out;
}

py::dict run_sssp(const shared_graph& g, std::int64_t source, const std::string& device, double delta) {
  sssp_options options;
  options.delta = static_cast<weight_t>(delta);
  const vertex_t from = checked_source(g, source);
  sssp_result r = unlocked([&] { return sssp(g.on(parse_backend(device)), from, options); });
  py::dict out = figures(r.iterations, r.seconds);
  out["parent"] = signed_ids(r.parent);
  out["distance"] = adopt(std::move(r.distance));
  return out;
}

py::dict run_cc(const shared_graph& g, const std::string& device, int rounds, int samples) {
  cc_options options;
  options.neighbor_rounds = rounds;
  options.sample_size = samples;
  cc_result r = unlocked([&] { return connected_components(g.on(parse_backend(device)), options); });
  py::dict out = figures(r.iterations, r.seconds);
  out["label"] = adopt(std::move(r.label));
  out["num_components"] = r.num_components;
  return out;
}

py::dict run_pagerank(const shared_graph& g, const std::string& device, double damping, double tolerance,
                      int max_iterations, bool weighted) {
  pagerank_options options;
  options.damping = damping;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.weighted = weighted;
  pagerank_result r = unlocked([&] { return pagerank(g.on(parse_backend(device)), options); });
  py::dict out = figures(r.iterations, r.seconds);
  out["rank"] = adopt(std::move(r.rank));
  out["iterations"] = r.iterations;
  out["converged"] = r.converged;
  out["seconds"] = r.seconds;
  return out;
}

}  // namespace

void bind_algorithms(py::module_& m) {
  m.def("bfs", &run_bfs, py::arg("graph"), py::arg("source"), py::arg("device"), py::arg("direction"));
  m.def("sssp", &run_sssp, py::arg("graph"), py::arg("source"), py::arg("device"), py::arg("delta"));
  m.def("connected_components", &run_cc, py::arg("graph"), py::arg("device"), py::arg("rounds"),
        py::arg("samples"));
  m.def("pagerank", &run_pagerank, py::arg("graph"), py::arg("device"), py::arg("damping"),
        py::arg("tolerance"), py::arg("max_iterations"), py::arg("weighted"));
  m.def("backends", [] {
    py::dict out;
    for (const backend b : all_backends()) out[py::str(std::string(to_string(b)))] = backend_available(b);
    return out;
  });
}

}  // namespace plexus::python
