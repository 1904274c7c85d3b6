// How the library's errors reach Python: plexus::error by kind as the built-in exception a
// Python user expects, with the library's one-line message unchanged.
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

void bind_errors(pybind11::module_& m);

}  // namespace plexus::python
