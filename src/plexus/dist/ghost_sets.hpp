// The sparse exchanges between owners and ghosts: sets of vertices (a frontier, the vertices a
// round changed), with or without a value each, sent per peer as sorted offsets into the list
// the two ranks share or as that list's bitmap, whichever is smaller this round
// (set_messages.hpp). Bitmaps are over local ids, 64 to a word (bitmap_frontier's words).
//
//   broadcast_set_to_ghosts(x, bits)             owners to ghosts: each rank's owned members
//                                                 of its send lists become, on each peer, the
//                                                 set bits of its ghost block of this rank
//                                                 (the block's bits are replaced);
//   reduce_set_to_owners(x, bits, on_member)      ghosts to owners: for every ghost whose bit
//                                                 is set, its owner calls on_member(owned id),
//                                                 once per rank that holds it;
//   broadcast_changed_to_ghosts(x, bits, values) as the first, each member's value written
//                                                 into its ghost copies too;
//   reduce_changed_to_owners(x, bits, values, on_value)
//                                                 as the second, with on_value(owned id, the
//                                                 ghost's value).
// on_member and on_value are device functions called concurrently, for one vertex too when
// several peers send it. Every call is one round: a round of counts, then the messages, then
// (with values) the values of the members in offset order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/set_messages.hpp"

namespace plexus::dist {

namespace detail {

template <class Space>
list_bits send_list_bits(const ghost_exchange<Space>& exchange, const set_word* bits, int s) {
  return {bits, exchange.send_ids() + exchange.send_begin(s), 0};
}

template <class Space>
list_bits ghost_block_bits(const ghost_exchange<Space>& exchange, const set_word* bits, int s) {
  return {bits, nullptr, exchange.recv_first(s)};
}

/// What a sparse round's receiver holds: the members each peer sent and their messages.
template <class Space>
struct received_sets {
  std::vector<std::size_t> members, units;
  exec::buffer<Space, std::uint32_t> message;
};

/// The receiver's side of an owners-to-ghosts round: each peer's ghost block of `bits`
/// replaced by the set it sent (a bitmap copied word for word, offsets set bit by bit).
template <class Space>
void replace_ghost_bits(ghost_exchange<Space>& exchange, const received_sets<Space>& in, set_word* bits) {
  const Space& space = exchange.space();
  std::size_t at = 0;
  for (int s = 0; s < exchange.ranks(); ++s) {
    const std::size_t count = exchange.recv_count(s), members = in.members[static_cast<std::size_t>(s)];
    const std::size_t words = (count + 63) / 64;
    set_word* block = bits + exchange.recv_first(s) / 64;
    const std::uint32_t* message = in.message.data() + at;
    if (members < bitmap_units(count)) {
      exec::for_each(
          space, words, PLEXUS_LAMBDA(std::size_t w) { block[w] = 0; });
      exec::for_each(
          space, members, PLEXUS_LAMBDA(std::size_t j) {
            exec::atomic_or(&block[message[j] >> 6], 1ull << (message[j] & 63));
          });
    } else {
      exec::for_each(
          space, words,
          PLEXUS_LAMBDA(std::size_t w) { block[w] = message[2 * w] | (set_word(message[2 * w + 1]) << 32); });
    }
    at += in.units[static_cast<std::size_t>(s)];
  }
}

/// One sparse round in one direction, owners to ghosts or ghosts to owners: the lists this
/// rank encodes for its peers (send lists, or its ghost blocks), the round of counts and the
/// messages, on construction; the values and the members' visit on request.
template <class Space>
class sparse_round {
 public:
  sparse_round(ghost_exchange<Space>& exchange, bool to_ghosts, const set_word* bits, bool with_values)
      : to_ghosts_(to_ghosts) {
    out_counts_ = to_ghosts ? exchange.send_counts() : exchange.ghost_counts();
    in_counts_ = to_ghosts ? exchange.ghost_counts() : exchange.send_counts();
    std::vector<list_bits> lists;
    for (std::size_t s = 0; s < out_counts_.size(); ++s)
      lists.push_back(list(exchange, bits, static_cast<int>(s)));
    sent_ = encode_sets(exchange.space(), out_counts_, lists, with_values);
    in.members = exchange.exchange_counts(sent_.members);
    std::size_t total = 0;
    for (std::size_t s = 0; s < in.members.size(); ++s) {
      in.units.push_back(set_units(in.members[s], in_counts_[s]));
      total += in.units.back();
    }
    in.message.resize(total);
    exchange.transfer(sent_.message, sent_.units, in.message, in.units);
  }

  received_sets<Space> in;

  /// Membership of this rank's list to peer s.
  list_bits list(const ghost_exchange<Space>& exchange, const set_word* bits, int s) const {
    return to_ghosts_ ? send_list_bits(exchange, bits, s) : ghost_block_bits(exchange, bits, s);
  }

  /// values[local id] of each peer's members, sent along in offset order; what the peers
  /// sent, in the order visit_members numbers the members.
  template <class T>
  exec::buffer<Space, T> send_values(ghost_exchange<Space>& exchange, const set_word* bits,
                                     const T* values) const {
    const Space& space = exchange.space();
    std::size_t total_out = 0, total_in = 0;
    for (std::size_t s = 0; s < in.members.size(); ++s) {
      total_out += sent_.members[s];
      total_in += in.members[s];
    }
    exec::buffer<Space, T> out(total_out), received(total_in);
    std::size_t at = 0;
    for (int s = 0; s < exchange.ranks(); ++s) {
      const list_bits members = list(exchange, bits, s);
      const std::uint32_t* offsets = sent_.offsets.data() + at;
      T* gathered = out.data() + at;
      exec::for_each(
          space, sent_.members[static_cast<std::size_t>(s)],
          PLEXUS_LAMBDA(std::size_t j) { gathered[j] = values[members.local(offsets[j])]; });
      at += sent_.members[static_cast<std::size_t>(s)];
    }
    exchange.transfer(out, sent_.members, received, in.members);
    return received;
  }

  /// visit(local id, j) for the j-th member received (peers in rank order, each peer's in
  /// offset order): the owned vertex a ghost of a peer names, or this rank's ghost copy of a
  /// peer's owned vertex.
  template <class Visit>
  void visit_members(ghost_exchange<Space>& exchange, Visit visit) const {
    const Space& space = exchange.space();
    const exec::buffer<Space, std::uint32_t> offsets =
        decode_offsets(space, in.message, in.members, in_counts_);
    std::size_t at = 0;
    for (int s = 0; s < exchange.ranks(); ++s) {
      const list_bits target =
          to_ghosts_ ? ghost_block_bits(exchange, nullptr, s) : send_list_bits(exchange, nullptr, s);
      const std::uint32_t* offset = offsets.data() + at;
      exec::for_each(
          space, in.members[static_cast<std::size_t>(s)],
          PLEXUS_LAMBDA(std::size_t j) { visit(target.local(offset[j]), at + j); });
      at += in.members[static_cast<std::size_t>(s)];
    }
    space.synchronize();
  }

 private:
  bool to_ghosts_;
  std::vector<std::size_t> out_counts_, in_counts_;
  set_messages<Space> sent_;
};

}  // namespace detail

template <class Space>
void broadcast_set_to_ghosts(ghost_exchange<Space>& exchange, unsigned long long* bits) {
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const detail::sparse_round<Space> round(exchange, true, bits, false);
  detail::replace_ghost_bits(exchange, round.in, bits);
  exchange.space().synchronize();
}

template <class Space, class T>
void broadcast_changed_to_ghosts(ghost_exchange<Space>& exchange, unsigned long long* bits, T* values) {
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const detail::sparse_round<Space> round(exchange, true, bits, true);
  const exec::buffer<Space, T> received = round.send_values(exchange, bits, values);
  detail::replace_ghost_bits(exchange, round.in, bits);
  const T* value = received.data();
  round.visit_members(
      exchange, PLEXUS_LAMBDA(vertex_t ghost, std::size_t j) { values[ghost] = value[j]; });
}

template <class Space, class F>
void reduce_set_to_owners(ghost_exchange<Space>& exchange, const unsigned long long* bits, F on_member) {
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const detail::sparse_round<Space> round(exchange, false, bits, false);
  round.visit_members(
      exchange, PLEXUS_LAMBDA(vertex_t owned, std::size_t) { on_member(owned); });
}

template <class Space, class T, class F>
void reduce_changed_to_owners(ghost_exchange<Space>& exchange, const unsigned long long* bits,
                              const T* values, F on_value) {
  if (exchange.ranks() == 1) return;
  const typename ghost_exchange<Space>::round counted(exchange);
  const detail::sparse_round<Space> round(exchange, false, bits, true);
  const exec::buffer<Space, T> received = round.send_values(exchange, bits, values);
  const T* value = received.data();
  round.visit_members(
      exchange, PLEXUS_LAMBDA(vertex_t owned, std::size_t j) { on_value(owned, value[j]); });
}

}  // namespace plexus::dist
