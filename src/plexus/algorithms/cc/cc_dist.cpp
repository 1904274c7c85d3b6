// Public connected_components_distributed(): the options checked alike on every rank, the keys
// chosen, and dispatch to the back end of the local graph (the loop is cc_dist_loop.hpp).
#include "plexus/algorithms/cc/cc_dist.hpp"

#include <cstdint>
#include <vector>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus {

namespace detail {
// The loop of cc_dist_loop.hpp, compiled once per back end from cc_dist_instances.hpp.
template <class Space>
cc_dist_result cc_dist_run(dist::communicator&, const dist::partition&, const device_graph&,
                           std::span<const std::uint64_t>, bool, const cc_options&);
}  // namespace detail

namespace {

/// Whether the original ids ascend with the global ids over all ranks (true where no rank has
/// any): then a component's smallest global id is its smallest original id. One all_gather.
bool original_ids_ascend(dist::communicator& comm, const dist::partition& part,
                         std::span<const std::uint64_t> original_ids) {
  struct owned_ids {
    std::uint64_t first = 0, last = 0;
    std::uint8_t any = 0, ascending = 1;
  };
  owned_ids mine;
  if (part.num_owned() > 0) {
    mine.any = 1;
    mine.ascending = ids_ascending(original_ids) ? 1 : 0;
    mine.first = original_ids.empty() ? part.first_owned() : original_ids.front();
    mine.last = original_ids.empty() ? part.first_owned() + part.num_owned() - 1 : original_ids.back();
  }
  const std::vector<owned_ids> all = comm.all_gather(mine);
  bool any_before = false;
  std::uint64_t last_before = 0;
  for (const owned_ids& rank : all) {
    if (!rank.any) continue;
    if (!rank.ascending || (any_before && rank.first <= last_before)) return false;
    any_before = true;
    last_before = rank.last;
  }
  return true;
}

}  // namespace

cc_dist_result connected_components_distributed(dist::communicator& comm, const dist::partition& part,
                                                const device_graph& graph,
                                                std::span<const std::uint64_t> original_ids,
                                                const cc_options& options) {
  // The bounds are each rank's own: the labels do not depend on them.
  const cc_options bounded = dist::agreed(comm, [&] {
    if (!original_ids.empty() && original_ids.size() != part.num_owned())
      throw error(error_kind::invalid_argument,
                  "connected components: the original ids do not name the owned vertices");
    return checked_cc_options(graph.host_graph(), options);
  });
  const bool by_global_id = original_ids_ascend(comm, part, original_ids);
  return backends::dispatch(graph.where(), [&]<class Space>() {
    return detail::cc_dist_run<Space>(comm, part, graph, original_ids, by_global_id, bounded);
  });
}

}  // namespace plexus
