// The Plexus back end: C++ for a lowered program (ir.hpp), one function template per DSL
// function, over the execution space, calling Plexus's operators and exec primitives and the
// few helpers of dsl/runtime/runtime.hpp. The same text builds for the host, CUDA and HIP, as
// the library's algorithms do; it names no vendor.
//
//   template <class Space>
//   RESULT NAME(const Space& space, const plexus::dsl::runtime::graph& g, PARAMETERS...);
//
// Parameters keep the program's order: scalars by value (int: std::int32_t, long:
// std::int64_t, float, double, bool, node: vertex_t), a propNode<T> as a pointer to n values in
// the space's memory (bool: unsigned, 0 or 1) that the function leaves holding the property's
// last values, a SetN as a std::span<const vertex_t> in host memory; a propEdge reads the
// graph's weights and takes no parameter. RESULT is the type of the returned value, or void.
#pragma once

#include <string>
#include <vector>

#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/ir.hpp"
#include "plexus/dsl/schedule.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

/// The header for the lowered `functions` of `tree` (checked into `types`), tuned by `plan`
/// (schedule.hpp); `file` names the program in the header's first line and in errors
/// (plexus::error(unsupported) for what the back end cannot emit, with its line and column;
/// plexus::error(invalid_argument) for a schedule naming no label of the program, or asking
/// of a statement what it cannot do).
std::string emit_cpp(const program& tree, const checked_program& types, const source_file& file,
                     const std::vector<ir::function_ir>& functions, const schedule& plan = {});

}  // namespace plexus::dsl
