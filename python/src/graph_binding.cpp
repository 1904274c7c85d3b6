#include "graph_binding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <string>

#include "arrays.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/edge_list.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

using id_array = py::array_t<std::int64_t, py::array::c_style>;
using weight_array = py::array_t<weight_t, py::array::c_style>;

/// The graph of arcs src[i] -> dst[i] over num_vertices vertices (the largest id + 1 when
/// negative); every check names the array, the index and the value.
std::unique_ptr<shared_graph> from_edges(const id_array& src, const id_array& dst,
                                         const std::optional<weight_array>& weights,
                                         std::int64_t num_vertices, bool directed) {
  if (src.ndim() != 1 || dst.ndim() != 1)
    throw error(error_kind::invalid_argument, "from_edges: src and dst must be one-dimensional arrays");
  const auto arcs = static_cast<std::size_t>(src.shape(0));
  if (static_cast<std::size_t>(dst.shape(0)) != arcs)
    throw error(error_kind::invalid_argument, "from_edges: src has " + std::to_string(arcs) +
                                                  " entries but dst has " + std::to_string(dst.shape(0)));
  if (weights && (weights->ndim() != 1 || static_cast<std::size_t>(weights->shape(0)) != arcs))
    throw error(error_kind::invalid_argument,
                "from_edges: weights must hold one value per arc (" + std::to_string(arcs) + ")");
  constexpr std::int64_t most = std::numeric_limits<vertex_t>::max();  // invalid_vertex excluded
  const std::int64_t* s = src.data();
  const std::int64_t* d = dst.data();
  std::int64_t largest = -1;
  for (std::size_t i = 0; i < arcs; ++i) {
    for (const auto& [name, id] : {std::pair{"src", s[i]}, std::pair{"dst", d[i]}}) {
      if (id < 0)
        throw error(error_kind::invalid_argument, "from_edges: " + std::string(name) + "[" +
                                                      std::to_string(i) + "] = " + std::to_string(id) +
                                                      " is negative");
      if (id >= most || (num_vertices >= 0 && id >= num_vertices))
        throw error(error_kind::invalid_argument,
                    "from_edges: " + std::string(name) + "[" + std::to_string(i) +
                        "] = " + std::to_string(id) + " is not below num_vertices (" +
                        std::to_string(num_vertices >= 0 ? num_vertices : most) + ")");
      largest = std::max(largest, id);
    }
  }
  if (num_vertices > most)
    throw error(error_kind::invalid_argument, "from_edges: num_vertices (" + std::to_string(num_vertices) +
                                                  ") is above the largest vertex count, " +
                                                  std::to_string(most));
  edge_list edges;
  edges.num_vertices = static_cast<vertex_t>(num_vertices >= 0 ? num_vertices : largest + 1);
  edges.directed = directed;
  edges.direction_from = direction_basis::caller;
  edges.src.resize(arcs);
  edges.dst.resize(arcs);
  for (std::size_t i = 0; i < arcs; ++i) {
    edges.src[i] = static_cast<vertex_t>(s[i]);
    edges.dst[i] = static_cast<vertex_t>(d[i]);
  }
  if (weights) {
    const weight_t* w = weights->data();
    edges.weights.assign(w, w + arcs);
    for (std::size_t i = 0; i < arcs; ++i)
      if (std::isnan(w[i]))
        throw error(error_kind::invalid_argument, "from_edges: weights[" + std::to_string(i) + "] is NaN");
  }
  build_options options;
  options.symmetrize = !directed;
  options.build_in_edges = directed;
  const vertex_t n = edges.num_vertices;
  try {
    return std::make_unique<shared_graph>(build_graph(std::move(edges), options));
  } catch (const std::bad_alloc&) {
    throw error(error_kind::out_of_memory, "from_edges: host memory cannot hold a graph of " +
                                               std::to_string(n) + " vertices and " + std::to_string(arcs) +
                                               " arcs");
  }
}

std::unique_ptr<shared_graph> from_file(const std::string& path, const std::optional<std::string>& format,
                                        std::optional<bool> directed) {
  io::read_options options;
  if (format) options.format = io::parse_graph_format(*format);
  options.directed = directed;
  options.build_in_edges = true;
  return std::make_unique<shared_graph>(io::read_graph(path, options));
}

}  // namespace

void bind_graph(py::module_& m) {
  py::class_<shared_graph>(m, "Graph")
      .def_static("from_edges", &from_edges, py::arg("src"), py::arg("dst"), py::arg("weights"),
                  py::arg("num_vertices"), py::arg("directed"), py::call_guard<py::gil_scoped_release>())
      .def_static("from_file", &from_file, py::arg("path"), py::arg("format"), py::arg("directed"),
                  py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("num_vertices", [](const shared_graph& g) { return g.host().num_vertices(); })
      .def_property_readonly("num_edges", [](const shared_graph& g) { return g.host().num_logical_edges(); })
      .def_property_readonly("num_arcs", [](const shared_graph& g) { return g.host().num_edges(); })
      .def_property_readonly("directed", [](const shared_graph& g) { return g.host().directed(); })
      .def_property_readonly("weighted", [](const shared_graph& g) { return g.host().weighted(); })
      .def("offsets",
           [](py::object self) { return view_of(self.cast<const shared_graph&>().host().offsets(), self); })
      .def("indices",
           [](py::object self) { return view_of(self.cast<const shared_graph&>().host().indices(), self); })
      .def("weights",
           [](py::object self) { return view_of(self.cast<const shared_graph&>().host().weights(), self); })
      .def("original_ids",
           [](py::object self) {
             return view_of(self.cast<const shared_graph&>().host().original_ids(), self);
           })
      .def(
          "save", [](const shared_graph& g, const std::string& path) { io::write_plx(g.host(), path); },
          py::arg("path"), py::call_guard<py::gil_scoped_release>())
      .def(
          "upload", [](const shared_graph& g, const std::string& device) { g.on(parse_backend(device)); },
          py::arg("device"), py::call_guard<py::gil_scoped_release>());
}

}  // namespace plexus::python
