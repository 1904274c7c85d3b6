// plexus._plexus: the extension module under the pure-Python package (python/plexus/).
#include <pybind11/pybind11.h>

#include "algorithms_binding.hpp"
#include "dsl_binding.hpp"
#include "errors.hpp"
#include "graph_binding.hpp"
#include "hypergraph_binding.hpp"
#include "structure_binding.hpp"

PYBIND11_MODULE(_plexus, m) {
  m.doc() = "Plexus's library: graphs and algorithms (use the plexus package above it)";
  // The package warns when NumPy is newer than what this pybind11 knows (plexus/__init__.py).
  m.attr("pybind11_version") = pybind11::make_tuple(PYBIND11_VERSION_MAJOR, PYBIND11_VERSION_MINOR);
  plexus::python::bind_errors(m);
  plexus::python::bind_graph(m);
  plexus::python::bind_algorithms(m);
  plexus::python::bind_structure_algorithms(m);
  plexus::python::bind_hypergraph(m);
  plexus::python::bind_dsl(m);
}
