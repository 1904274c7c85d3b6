// The helpers of distributed_run.hpp that every distributed algorithm's adaptor shares.
#include "plexus/cli/distributed_run.hpp"

#include <algorithm>
#include <vector>

#include "plexus/dist/gather.hpp"

namespace plexus::cli {

io::vertex_names owned_names(const dist::rank_graph& graph) {
  return io::vertex_names(graph.part.num_owned(), graph.original_ids, graph.part.first_owned());
}

host_vector<std::uint64_t> gather_input_ids(dist::communicator& comm, const dist::rank_graph& graph) {
  return dist::gather_to_root<std::uint64_t>(comm, graph.original_ids);
}

host_vector<std::uint64_t> input_ids_of(dist::communicator& comm, const dist::rank_graph& graph,
                                        std::span<const vertex_t> globals) {
  const dist::partition& part = graph.part;
  const std::size_t p = static_cast<std::size_t>(comm.size());
  // Requests grouped by owner, in rank order; where[i] is the position of globals[i]'s request.
  std::vector<std::size_t> counts(p, 0);
  for (const vertex_t v : globals) ++counts[static_cast<std::size_t>(part.owner(v))];
  std::vector<std::size_t> next(p, 0);
  for (std::size_t r = 1; r < p; ++r) next[r] = next[r - 1] + counts[r - 1];
  host_vector<vertex_t> requests(globals.size());
  std::vector<std::size_t> where(globals.size());
  for (std::size_t i = 0; i < globals.size(); ++i) {
    where[i] = next[static_cast<std::size_t>(part.owner(globals[i]))]++;
    requests[where[i]] = globals[i];
  }
  std::vector<std::size_t> asked_counts;
  const host_vector<vertex_t> asked = comm.all_to_all_v<vertex_t>(requests, counts, &asked_counts);
  const io::vertex_names names = owned_names(graph);
  host_vector<std::uint64_t> answers(asked.size());
  for (std::size_t i = 0; i < asked.size(); ++i)
    answers[i] = names.original_id(asked[i] - part.first_owned());
  host_vector<std::uint64_t> answered(globals.size());
  comm.all_to_all_v<std::uint64_t>(answers, asked_counts, answered, counts);
  host_vector<std::uint64_t> ids(globals.size());
  for (std::size_t i = 0; i < globals.size(); ++i) ids[i] = answered[where[i]];
  return ids;
}

std::uint64_t input_id_of(dist::communicator& comm, const dist::rank_graph& graph, vertex_t v) {
  const dist::partition& part = graph.part;
  const std::uint64_t mine = part.owns(v) ? owned_names(graph).original_id(v - part.first_owned()) : 0;
  return comm.all_reduce<std::uint64_t>(mine, dist::reduce_op::max);
}

std::vector<ranked_vertex> top_candidates(dist::communicator& comm, const dist::rank_graph& graph,
                                          std::span<const double> owned, std::size_t count) {
  // Each rank's own best `count` hold the best `count` of all.
  const io::vertex_names names = owned_names(graph);
  std::vector<ranked_vertex> mine;
  for (vertex_t v = 0; v < owned.size(); ++v) mine.push_back({owned[v], names.original_id(v)});
  const auto before = [](const ranked_vertex& a, const ranked_vertex& b) {
    return a.value != b.value ? a.value > b.value : a.id < b.id;
  };
  const std::size_t kept = std::min(count, mine.size());
  std::partial_sort(mine.begin(), mine.begin() + static_cast<std::ptrdiff_t>(kept), mine.end(), before);
  mine.resize(kept);
  const host_vector<ranked_vertex> every = comm.all_gather_v<ranked_vertex>(mine);
  return std::vector<ranked_vertex>(every.begin(), every.end());
}

}  // namespace plexus::cli
