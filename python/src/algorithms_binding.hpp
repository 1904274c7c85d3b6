// The library's algorithms as functions of plexus._plexus: each runs without the GIL on the
// graph's copy on the chosen back end and returns a dict of NumPy arrays indexed by vertex and
// the run's figures.
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

void bind_algorithms(pybind11::module_& m);

}  // namespace plexus::python
