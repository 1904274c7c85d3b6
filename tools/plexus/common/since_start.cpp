// The program's clock; see since_start.hpp.
#include "since_start.hpp"

#include "plexus/core/timer.hpp"

namespace plexus::cli {

namespace {

// Started with the program's other namespace-scope objects, before main (GCC and Clang
// initialise those of an executable before main rather than at their first use).
const timer program_clock;

}  // namespace

double seconds_since_start() {
  return program_clock.seconds();
}

}  // namespace plexus::cli
