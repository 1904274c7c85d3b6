// What every algorithm binding does around its library call: run it without the GIL, and
// open its result's dict with the figures every run reports.
#pragma once

#include <pybind11/pybind11.h>

namespace plexus::python {

/// `run()` without the GIL: other Python threads go on while the library works.
template <class Run>
auto unlocked(Run&& run) {
  pybind11::gil_scoped_release released;
  return run();
}

/// A result's dict, opened with the figures every run reports.
inline pybind11::dict figures(int iterations, double seconds) {
  pybind11::dict out;
  out["iterations"] = iterations;
  out["seconds"] = seconds;
  return out;
}

}  // namespace plexus::python
