// verify::verdict: what a verifier concludes about an algorithm's output.
//
// A verifier stops at the first violated invariant and describes it in words naming the
// vertex or arc ("vertex 17: depth 3 but parent 5 has depth 1"), so a failing run can be
// diagnosed from one line. Vertices are named by the input's own ids, as on the command line
// and in result files (graph/input_id.hpp), never by the graph's internal numbering.
#pragma once

#include <string>
#include <utility>

namespace plexus::verify {

struct verdict {
  bool ok = true;
  std::string message;  // empty when ok, else the first violated invariant

  explicit operator bool() const { return ok; }
};

inline verdict pass() { return {}; }
inline verdict fail(std::string message) { return {false, std::move(message)}; }

}  // namespace plexus::verify
