// Execution spaces: the types that algorithm templates are instantiated over.
//
// exec::host runs with OpenMP on host memory; exec::cuda runs CUDA kernels on device memory.
// Each space has a folder with the same file names (host/scan.hpp, cuda/scan.cuh) holding
// its buffer, for_each, reduce, scan, compact, atomics and stopwatch. exec/exec.hpp pulls in
// the space the current compiler builds: plain C++ translation units get host, nvcc gets cuda.
#pragma once

#include <cstddef>

namespace plexus::exec {

class host;  // exec/host/space.hpp
class cuda;  // exec/cuda/space.cuh

/// Owning, move-only array of `T` in the memory of `Space` (host/buffer.hpp, cuda/buffer.cuh).
template <class Space, class T>
class buffer;

/// Times device work of `Space` (host: wall clock; cuda: events on the space's stream).
template <class Space>
class stopwatch;

/// Reduction operators usable on every back end.
struct plus {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
struct minimum {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
struct maximum {
  template <class T>
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};

}  // namespace plexus::exec
