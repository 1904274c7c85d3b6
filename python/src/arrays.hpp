// Library vectors as NumPy arrays without a copy: the vector moves into a capsule that the
// array keeps alive, so a result outlives the graph and the call that made it.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"

namespace plexus::python {

/// A new one-dimensional array of n values. The strides are given, not derived from the
/// dtype: pybind11 before 2.12 reads a dtype's item size where NumPy 1 keeps it, and under
/// NumPy 2 (the GPU machines' Python) derived strides come out wrong.
template <class T>
pybind11::array_t<T> fresh_array(std::size_t n) {
  return pybind11::array_t<T>({static_cast<pybind11::ssize_t>(n)},
                              {static_cast<pybind11::ssize_t>(sizeof(T))});
}

/// Vertex ids with invalid_vertex as -1: what NumPy users test for.
inline pybind11::array_t<std::int64_t> signed_ids(const host_vector<vertex_t>& ids) {
  pybind11::array_t<std::int64_t> out = fresh_array<std::int64_t>(ids.size());
  std::int64_t* to = out.mutable_data();
  for (std::size_t i = 0; i < ids.size(); ++i) to[i] = ids[i] == invalid_vertex ? -1 : std::int64_t{ids[i]};
  return out;
}

/// A read-only view of one of a graph's arrays, kept alive by the graph's Python object.
template <class T>
pybind11::array_t<T> view_of(std::span<const T> values, const pybind11::object& owner) {
  pybind11::array_t<T> array({static_cast<pybind11::ssize_t>(values.size())},
                             {static_cast<pybind11::ssize_t>(sizeof(T))}, values.data(), owner);
  pybind11::detail::array_proxy(array.ptr())->flags &= ~pybind11::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return array;
}

template <class T>
pybind11::array_t<T> adopt(host_vector<T>&& values) {
  auto* owned = new host_vector<T>(std::move(values));
  pybind11::capsule base(owned, [](void* p) { delete static_cast<host_vector<T>*>(p); });
  return pybind11::array_t<T>({static_cast<pybind11::ssize_t>(owned->size())}, {sizeof(T)}, owned->data(),
                              base);
}

}  // namespace plexus::python
