// Back-end states in words (see backend_status.hpp).
#include "backend_status.hpp"

namespace plexus::cli {

std::string backend_status(backend b) {
  if (!backend_compiled(b)) return "left out of this build";
  return backend_available(b) ? "available" : "compiled, no device present";
}

}  // namespace plexus::cli
