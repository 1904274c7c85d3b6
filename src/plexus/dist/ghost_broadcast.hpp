// broadcast_to_ghosts: every owner's values copied out to the ghost copies other ranks hold.
//
// values[v] over local ids: each rank sends the values of its send list to each peer (gathered
// into one message, in the peer's ghost block order) and writes what each peer sends into its
// ghost block of that peer. Owned values are left as they are; padding is not touched. One
// personalised exchange of sizeof(T) bytes per send-list entry (ghost_exchange.hpp).
// With `slot`, the value of local id v lives at values[slot[v]] (a layout that packs hot
// values together, as PageRank's hub-clustered contributions do).
#pragma once

#include <cstddef>
#include <numeric>
#include <vector>

#include "plexus/dist/ghost_exchange.hpp"

namespace plexus::dist {

template <class Space, class T>
void broadcast_to_ghosts(ghost_exchange<Space>& exchange, T* values, const vertex_t* slot = nullptr) {
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const Space& space = exchange.space();
  const std::vector<std::size_t> send_counts = exchange.send_counts(), recv_counts = exchange.ghost_counts();
  const std::size_t sent = std::reduce(send_counts.begin(), send_counts.end());
  const std::size_t received = std::reduce(recv_counts.begin(), recv_counts.end());
  exec::buffer<Space, T>& send = exchange.template scratch<T>(scratch_use::send, sent);
  exec::buffer<Space, T>& recv = exchange.template scratch<T>(scratch_use::receive, received);
  T* out = send.data();
  const vertex_t* ids = exchange.send_ids();
  exec::for_each(
      space, sent, PLEXUS_LAMBDA(std::size_t i) { out[i] = values[slot ? slot[ids[i]] : ids[i]]; });
  exchange.transfer(send, send_counts, recv, recv_counts);
  const T* in = recv.data();
  std::size_t at = 0;
  for (int s = 0; s < exchange.ranks(); ++s) {
    const vertex_t first = exchange.recv_first(s);
    const T* from = in + at;
    exec::for_each(
        space, exchange.recv_count(s), PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = first + static_cast<vertex_t>(i);
          values[slot ? slot[v] : v] = from[i];
        });
    at += exchange.recv_count(s);
  }
  space.synchronize();
}

}  // namespace plexus::dist
