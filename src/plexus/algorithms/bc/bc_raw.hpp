// The unscaled dependency sums of one back end: what bc_loop.hpp computes and betweenness()
// (bc.cpp) rescales as NetworkX does.
#pragma once

#include "plexus/core/host_vector.hpp"

namespace plexus::detail {

struct betweenness_raw {
  host_vector<double> score;
  int batches = 0;
  double seconds = 0;
};

}  // namespace plexus::detail
