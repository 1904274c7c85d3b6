// Library vectors as NumPy arrays without a copy: the vector moves into a capsule that the
// array keeps alive, so a result outlives the graph and the call that made it.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <utility>

#include "plexus/core/host_vector.hpp"

namespace plexus::python {

template <class T>
pybind11::array_t<T> adopt(host_vector<T>&& values) {
  auto* owned = new host_vector<T>(std::move(values));
  pybind11::capsule base(owned, [](void* p) { delete static_cast<host_vector<T>*>(p); });
  return pybind11::array_t<T>({static_cast<pybind11::ssize_t>(owned->size())}, {sizeof(T)}, owned->data(),
                              base);
}

}  // namespace plexus::python
