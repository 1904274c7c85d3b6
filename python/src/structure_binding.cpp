#include "structure_binding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>

#include "arrays.hpp"
#include "graph_binding.hpp"
#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/algorithms/kcore/kcore.hpp"
#include "plexus/algorithms/lcc/lcc.hpp"
#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/core/error.hpp"
#include "run_helpers.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

py::dict run_betweenness(const shared_graph& g, const std::string& device,
                         std::optional<std::int64_t> samples, bool normalized, bool endpoints,
                         std::uint64_t seed) {
  betweenness_options options;
  if (samples) {
    if (*samples < 1 || *samples > static_cast<std::int64_t>(g.host().num_vertices()))
      throw error(error_kind::invalid_argument, "betweenness: k (" + std::to_string(*samples) +
                                                    ") must be between 1 and the vertex count, " +
                                                    std::to_string(g.host().num_vertices()));
    options.samples = static_cast<vertex_t>(*samples);
  }
  options.normalized = normalized;
  options.endpoints = endpoints;
  options.seed = seed;
  betweenness_result r = unlocked([&] { return betweenness(g.on(parse_backend(device)), options); });
  py::dict out = figures(r.batches, r.seconds);
  out["score"] = adopt(std::move(r.score));
  out["sources"] = adopt(host_vector<vertex_t>(r.sources.begin(), r.sources.end()));
  return out;
}

py::dict run_triangles(const shared_graph& g, const std::string& device) {
  triangle_options options;
  options.per_vertex = true;
  triangle_result r = unlocked([&] { return triangle_count(g.on(parse_backend(device)), options); });
  py::dict out = figures(1, r.seconds);
  out["per_vertex"] = adopt(std::move(r.per_vertex));
  out["total"] = r.total;
  return out;
}

py::dict run_core_numbers(const shared_graph& g, const std::string& device) {
  kcore_result r = unlocked([&] { return core_numbers(g.on(parse_backend(device))); });
  py::dict out = figures(r.rounds, r.seconds);
  out["core"] = adopt(std::move(r.core));
  out["max_core"] = r.max_core;
  return out;
}

py::dict run_clustering(const shared_graph& g, const std::string& device) {
  lcc_result r = unlocked([&] { return local_clustering(g.on(parse_backend(device))); });
  py::dict out = figures(1, r.seconds);
  out["coefficient"] = adopt(std::move(r.coefficient));
  out["average"] = r.average;
  return out;
}

py::dict run_jaccard(const shared_graph& g, const std::string& device) {
  jaccard_result r = unlocked([&] { return jaccard(g.on(parse_backend(device))); });
  py::dict out = figures(1, r.seconds);
  out["score"] = adopt(std::move(r.score));
  return out;
}

}  // namespace

void bind_structure_algorithms(py::module_& m) {
  m.def("betweenness", &run_betweenness, py::arg("graph"), py::arg("device"), py::arg("k"),
        py::arg("normalized"), py::arg("endpoints"), py::arg("seed"));
  m.def("triangles", &run_triangles, py::arg("graph"), py::arg("device"));
  m.def("core_numbers", &run_core_numbers, py::arg("graph"), py::arg("device"));
  m.def("clustering", &run_clustering, py::arg("graph"), py::arg("device"));
  m.def("jaccard", &run_jaccard, py::arg("graph"), py::arg("device"));
}

}  // namespace plexus::python
