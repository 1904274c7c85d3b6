// Choosing one vertex over the ranks of a distributed run by a figure (the default source's
// degree, a component's size): each rank proposes its best, an all-gather shows every rank all
// of them, and each picks the same. Ties go to the smaller input id, as the single-process
// choices break them, so that the choice depends on neither the vertex order nor the ranks.
#pragma once

#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/dist/communicator.hpp"

namespace plexus::cli {

struct vertex_candidate {
  std::uint64_t figure = 0, input_id = 0;
  vertex_t global = invalid_vertex;  // invalid: no candidate

  /// A larger figure first, then a smaller input id.
  bool beats(const vertex_candidate& other) const {
    if (global == invalid_vertex) return false;
    if (other.global == invalid_vertex) return true;
    return figure != other.figure ? figure > other.figure : input_id < other.input_id;
  }
};

/// Collective: the best of every rank's `mine`, on every rank.
inline vertex_candidate best_over_ranks(dist::communicator& comm, vertex_candidate mine) {
  for (const vertex_candidate& c : comm.all_gather(mine))
    if (c.beats(mine)) mine = c;
  return mine;
}

}  // namespace plexus::cli
