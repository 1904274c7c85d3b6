// The algorithms of a graph's structure as functions of plexus._plexus: betweenness, triangles,
// core numbers, clustering and Jaccard similarity, run as algorithms_binding.hpp's are.
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

void bind_structure_algorithms(pybind11::module_& m);

}  // namespace plexus::python
