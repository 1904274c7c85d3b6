// A rank's part of a distributed graph (rank_graph.hpp).
#include "plexus/dist/rank_graph.hpp"

#include <utility>

#include "plexus/dist/agree.hpp"
#include "plexus/dist/local_graph.hpp"

namespace plexus::dist {

rank_graph assemble(communicator& comm, const vertex_ranges& ranges, graph_slice slice, list_order order) {
  rank_graph result;
  result.part = partition::build(comm, ranges, slice);
  result.graph = agreed(comm, [&] { return local_graph(result.part, slice, order); });
  result.original_ids = std::move(slice.original_ids);
  result.weighted = slice.weighted;
  return result;
}

rank_graph distribute(communicator& comm, const csr_graph& whole, list_order order) {
  const vertex_ranges ranges = split_by_bytes(whole, comm.size());
  graph_slice slice =
      agreed(comm, [&] { return slice_of(whole, ranges.first(comm.rank()), ranges.last(comm.rank())); });
  return assemble(comm, ranges, std::move(slice), order);
}

}  // namespace plexus::dist
