// The largest component of a distributed graph; see largest_component_dist.hpp.
#include "plexus/cli/largest_component_dist.hpp"

#include <algorithm>
#include <cstddef>
#include <unordered_map>

#include "plexus/cli/best_over_ranks.hpp"
#include "plexus/cli/distributed_run.hpp"

namespace plexus::cli {

namespace {

/// A rank's count of the vertices of one component, sent to the owner of its label.
struct component_tally {
  vertex_t label = invalid_vertex;
  std::uint32_t startable = 0;  // 1: one of them has an out-arc
  std::uint64_t vertices = 0;
};

}  // namespace

largest_component_part find_largest_component(dist::communicator& comm, const dist::rank_graph& graph,
                                              std::span<const vertex_t> label) {
  const dist::partition& part = graph.part;

  std::unordered_map<vertex_t, component_tally> mine;
  for (vertex_t v = 0; v < part.num_owned(); ++v) {
    component_tally& t = mine[label[v]];
    t.label = label[v];
    ++t.vertices;
    if (graph.graph.degree(v) > 0) t.startable = 1;
  }
  // In label order, which is the order of the labels' owners.
  host_vector<component_tally> send;
  for (const auto& [label, tally] : mine) send.push_back(tally);
  std::sort(send.begin(), send.end(), [](const auto& a, const auto& b) { return a.label < b.label; });
  std::vector<std::size_t> counts(static_cast<std::size_t>(comm.size()), 0);
  for (const component_tally& t : send) ++counts[static_cast<std::size_t>(part.owner(t.label))];
  const host_vector<component_tally> received = comm.all_to_all_v<component_tally>(send, counts);

  std::unordered_map<vertex_t, component_tally> totals;
  for (const component_tally& t : received) {
    component_tally& total = totals[t.label];
    total.label = t.label;
    total.vertices += t.vertices;
    total.startable |= t.startable;
  }
  const io::vertex_names names = owned_names(graph);
  // find_largest_component's order: more vertices, then the smaller input id (the label's).
  vertex_candidate best;
  for (const auto& [label, total] : totals) {
    if (total.startable == 0) continue;  // no traversal starts there, however large
    const vertex_candidate c{total.vertices, names.original_id(label - part.first_owned()), label};
    if (c.beats(best)) best = c;
  }
  best = best_over_ranks(comm, best);

  largest_component_part result;
  result.member.resize(part.num_owned());
  if (best.global == invalid_vertex) return result;
  for (vertex_t v = 0; v < part.num_owned(); ++v) result.member[v] = label[v] == best.global;
  result.size = best.figure;
  return result;
}

}  // namespace plexus::cli
