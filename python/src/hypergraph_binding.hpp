// plexus._plexus.Hypergraph and the hypergraph algorithms (BFS, connected components, label
// propagation), with the hypergraph uploaded once per back end as Graph does.
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

void bind_hypergraph(pybind11::module_& m);

}  // namespace plexus::python
