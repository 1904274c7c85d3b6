// One rank's partition and its agreed exchange plans (partition.hpp).
#include "plexus/dist/partition.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "plexus/core/error.hpp"
#include "plexus/dist/agree.hpp"

namespace plexus::dist {

vertex_t align_to_ghost_block(std::uint64_t n) {
  const std::uint64_t aligned = (n + kGhostAlignment - 1) / kGhostAlignment * kGhostAlignment;
  if (aligned > max_vertices)
    throw error(
        error_kind::unsupported,
        fmt::format("a rank's owned and ghost vertices with their padding ({}) exceed 32-bit local ids",
                    aligned));
  return static_cast<vertex_t>(aligned);
}

partition partition::build(communicator& comm, const vertex_ranges& ranges, const graph_slice& slice) {
  const int r = comm.rank(), p = comm.size();
  partition part;
  part.rank_ = r;
  part.ranges_ = ranges;
  const auto ranks = static_cast<std::size_t>(p);
  std::vector<std::size_t> send_counts(ranks, 0);
  // What this rank finds alone is agreed on before the exchange, so that no peer waits in it.
  agreed(comm, [&] {
    if (ranges.ranks() != p)
      throw error(error_kind::invalid_argument,
                  fmt::format("partition: {} ranges for {} ranks", ranges.ranks(), p));
    if (slice.first != ranges.first(r) || slice.num_owned() != ranges.count(r) ||
        slice.num_vertices != ranges.num_vertices())
      throw error(error_kind::invalid_argument,
                  fmt::format("partition: rank {} holds rows [{}, {}), its range is [{}, {})", r, slice.first,
                              slice.last(), ranges.first(r), ranges.last(r)));
    part.lookup_ = ghost_lookup(slice);
    part.ghosts_ = part.lookup_.ascending();
    // Ghost blocks, one per owner in rank order, each starting on a whole bitmap word.
    part.block_begin_.assign(ranks + 1, 0);
    part.plans_.assign(ranks, peer_plan{});
    for (std::size_t s = 0; s < ranks; ++s) {
      const auto end =
          std::lower_bound(part.ghosts_.begin(), part.ghosts_.end(), ranges.last(static_cast<int>(s)));
      part.block_begin_[s + 1] = static_cast<std::size_t>(end - part.ghosts_.begin());
      send_counts[s] = part.block_begin_[s + 1] - part.block_begin_[s];
    }
    vertex_t next = align_to_ghost_block(ranges.count(r));
    for (std::size_t s = 0; s < ranks; ++s) {
      if (send_counts[s] == 0) continue;
      part.plans_[s].recv_first = next;
      part.plans_[s].recv_count = static_cast<vertex_t>(send_counts[s]);
      next = align_to_ghost_block(std::uint64_t{next} + send_counts[s]);
    }
    part.num_local_ = next;
  });

  // Each owner learns which of its vertices every peer holds: that list, in that order, is
  // its send list to the peer.
  std::vector<std::size_t> recv_counts;
  const host_vector<vertex_t> wanted = comm.all_to_all_v<vertex_t>(part.ghosts_, send_counts, &recv_counts);
  std::size_t at = 0;
  for (std::size_t s = 0; s < ranks; ++s) {
    host_vector<vertex_t>& send = part.plans_[s].send;
    send.resize(recv_counts[s]);
    for (std::size_t i = 0; i < recv_counts[s]; ++i, ++at) {
      const vertex_t global = wanted[at];
      if (!part.owns(global))
        throw error(error_kind::internal,
                    fmt::format("partition: rank {} asks rank {} for vertex {}, not its own", s, r, global));
      send[i] = global - part.first_owned();
    }
  }
  return part;
}

std::size_t partition::send_list_length() const {
  std::size_t total = 0;
  for (const peer_plan& plan : plans_) total += plan.send.size();
  return total;
}

vertex_t partition::local_id(vertex_t global) const {
  if (owns(global)) return global - first_owned();
  const std::size_t i = lookup_.position(global);
  if (i == ghost_lookup::npos) return invalid_vertex;
  // The owner from the global id, not from ghosts_[i]: one read fewer per arc.
  const auto s = static_cast<std::size_t>(owner(global));
  return plans_[s].recv_first + static_cast<vertex_t>(i - block_begin_[s]);
}

vertex_t partition::ghost_local_id(std::size_t i) const {
  const auto s = static_cast<std::size_t>(owner(ghosts_[i]));
  return plans_[s].recv_first + static_cast<vertex_t>(i - block_begin_[s]);
}

vertex_t partition::global_id(vertex_t local) const {
  if (local < num_owned()) return first_owned() + local;
  for (std::size_t s = 0; s < plans_.size(); ++s) {
    const peer_plan& plan = plans_[s];
    if (local - plan.recv_first < plan.recv_count)
      return ghosts_[block_begin_[s] + (local - plan.recv_first)];
  }
  return invalid_vertex;
}

}  // namespace plexus::dist
