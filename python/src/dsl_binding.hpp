// plexus._plexus.dsl_check and dsl_run: the DSL's diagnostics for a program's text, and one
// of its functions run on a graph by the serial interpreter (dsl/interpreter.hpp).
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

void bind_dsl(pybind11::module_& m);

}  // namespace plexus::python
