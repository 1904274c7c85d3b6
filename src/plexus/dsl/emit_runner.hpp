// The main() that runs one compiled function for `plexus dsl run --device` (runtime/runner.hpp
// says what it reads and writes): appended to the function's header (emit_cpp.hpp), it is a
// program of its own, built against the installed or built Plexus.
#pragma once

#include <string>

#include "plexus/dsl/ast.hpp"

namespace plexus::dsl {

/// The runner of `f` on the execution space named `space` ("::plexus::exec::cuda", ...).
std::string emit_runner(const function& f, const std::string& space);

}  // namespace plexus::dsl
