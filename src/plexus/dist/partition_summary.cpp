// What each rank of a partition holds and exchanges (partition_summary.hpp).
#include "plexus/dist/partition_summary.hpp"

#include "plexus/dist/threads_communicator.hpp"

namespace plexus::dist {

rank_summary summarize(const partition& part, const graph_slice& slice, const byte_model& model) {
  rank_summary s;
  s.first = part.first_owned();
  s.vertices = part.num_owned();
  s.arcs = slice.out.num_edges() + (slice.in ? slice.in->num_edges() : 0);
  s.ghosts = part.num_ghosts();
  s.send_list = part.send_list_length();
  s.local_ids = part.num_local();
  s.model_bytes = model.per_vertex * s.vertices + model.per_arc * s.arcs;
  constexpr std::uint64_t kWordBits = 64, kWordBytes = 8, kContribution = sizeof(double);
  for (const peer_plan& plan : part.plans()) {
    s.peers += !plan.send.empty() || plan.recv_count > 0;
    s.bottom_up_bytes += (plan.send.size() + kWordBits - 1) / kWordBits * kWordBytes;
    s.pagerank_bytes += plan.send.size() * kContribution;
  }
  return s;
}

std::vector<rank_summary> plan_partition(const csr_graph& graph, int ranks) {
  const vertex_ranges ranges = split_by_bytes(graph, ranks);
  const byte_model model = byte_model::of(graph);
  std::vector<rank_summary> summaries(static_cast<std::size_t>(ranks));
  run_threads(ranks, [&](communicator& comm) {
    const int r = comm.rank();
    const graph_slice slice = slice_of(graph, ranges.first(r), ranges.last(r));
    summaries[static_cast<std::size_t>(r)] = summarize(partition::build(comm, ranges, slice), slice, model);
  });
  return summaries;
}

}  // namespace plexus::dist
