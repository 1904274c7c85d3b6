// reduce_to_owners: the values ranks hold in their ghost copies combined into the owners'.
//
// values[v] over local ids: each rank sends the values of its ghost block of each peer to that
// peer, which combines them into its own with an op (sum, min, max, or): owned value =
// op(owned value, the value from each peer holding it as a ghost), peers taken in rank order,
// so a floating-point sum is the same on every run. Ghost values are left as they are. One
// personalised exchange of sizeof(T) bytes per ghost (ghost_exchange.hpp).
#pragma once

#include <cstddef>
#include <numeric>
#include <type_traits>
#include <vector>

#include "plexus/dist/ghost_exchange.hpp"

namespace plexus::dist {

namespace detail {

/// One reduce_op as a device function.
template <class T>
struct combine {
  reduce_op op;
  PLEXUS_HOST_DEVICE T operator()(T a, T b) const {
    switch (op) {
      case reduce_op::sum:
        return a + b;
      case reduce_op::min:
        return b < a ? b : a;
      case reduce_op::max:
        return a < b ? b : a;
      case reduce_op::bit_or:
        if constexpr (std::is_integral_v<T>) return a | b;
        break;
    }
    return a;
  }
};

}  // namespace detail

template <class Space, class T>
void reduce_to_owners(ghost_exchange<Space>& exchange, T* values, reduce_op op) {
  if (!std::is_integral_v<T> && op == reduce_op::bit_or)
    throw error(error_kind::invalid_argument, "reduce_to_owners: bit_or needs integers");
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const Space& space = exchange.space();
  const std::vector<std::size_t> send_counts = exchange.ghost_counts(), recv_counts = exchange.send_counts();
  const std::size_t sent = std::reduce(send_counts.begin(), send_counts.end());
  const std::size_t received = std::reduce(recv_counts.begin(), recv_counts.end());
  exec::buffer<Space, T>& send = exchange.template scratch<T>(scratch_use::send, sent);
  exec::buffer<Space, T>& recv = exchange.template scratch<T>(scratch_use::receive, received);
  std::size_t at = 0;
  for (int s = 0; s < exchange.ranks(); ++s) {
    const T* block = values + exchange.recv_first(s);
    T* out = send.data() + at;
    exec::for_each(
        space, exchange.recv_count(s), PLEXUS_LAMBDA(std::size_t i) { out[i] = block[i]; });
    at += exchange.recv_count(s);
  }
  exchange.transfer(send, send_counts, recv, recv_counts);
  // Peer after peer: a send list names each owned vertex once, so no two writes of one pass
  // meet, and every vertex adds its peers' values in rank order.
  const detail::combine<T> apply{op};
  const vertex_t* ids = exchange.send_ids();
  const T* in = recv.data();
  for (int s = 0; s < exchange.ranks(); ++s) {
    const vertex_t* targets = ids + exchange.send_begin(s);
    const T* from = in + exchange.send_begin(s);
    exec::for_each(
        space, exchange.send_count(s),
        PLEXUS_LAMBDA(std::size_t i) { values[targets[i]] = apply(values[targets[i]], from[i]); });
  }
  space.synchronize();
}

}  // namespace plexus::dist
