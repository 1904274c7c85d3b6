// The messages of the sparse exchanges (ghost_sets.hpp): per peer and round, a set of
// positions in the list the two ranks share (a send list and the ghost block it fills), sent
// as whichever is smaller: its sorted 32-bit offsets, or the list's bitmap (one bit per
// entry, in 64-bit words). Offsets win below one entry in 32 (4 bytes each against 8 bytes
// per 64 entries), the bitmap above: the choice of distributed BFS codes between sparse and
// dense frontiers (design brief §4.5; Beamer, Buluç, Asanović, Patterson, IPDPS Workshops
// 2013). A tiny round of counts goes first, and tells the receiver which form follows: a
// set of k of c entries came as offsets exactly when k < 2 * ceil(c / 64).
//
// Messages are arrays of 32-bit units: k offsets, or each 64-bit word as its low and high
// halves. Encoding and decoding run on the back end, over buffers in its memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "plexus/dist/ghost_exchange.hpp"

namespace plexus::dist::detail {

using set_word = unsigned long long;

/// 32-bit units of the bitmap of a list of `count` entries.
inline std::size_t bitmap_units(std::size_t count) {
  return 2 * ((count + 63) / 64);
}

/// The units a set of `members` of `count` entries is sent in.
inline std::size_t set_units(std::size_t members, std::size_t count) {
  const std::size_t bitmap = bitmap_units(count);
  return members < bitmap ? members : bitmap;
}

/// Entry i of a shared list is a member when the bit of its local id is set in `words`, its
/// local id being ids[i] (a send list) or first + i (a ghost block).
struct list_bits {
  const set_word* words;
  const vertex_t* ids;
  vertex_t first;

  PLEXUS_HOST_DEVICE vertex_t local(std::size_t i) const {
    return ids ? ids[i] : first + static_cast<vertex_t>(i);
  }
  PLEXUS_HOST_DEVICE bool operator()(std::size_t i) const {
    const vertex_t v = local(i);
    return (words[v >> 6] >> (v & 63)) & 1ull;
  }
};

/// Whether bit i of a bitmap is set.
struct bit_set {
  const set_word* words;
  PLEXUS_HOST_DEVICE bool operator()(std::size_t i) const { return (words[i >> 6] >> (i & 63)) & 1ull; }
};

/// What one rank sends in a sparse round: each peer's message back to back, and, where values
/// travel with the set, each peer's member offsets back to back (sum of members).
template <class Space>
struct set_messages {
  std::vector<std::size_t> members, units;
  exec::buffer<Space, std::uint32_t> message;
  exec::buffer<Space, std::uint32_t> offsets;  // filled only when asked for
};

/// Encodes, for each peer s, the members of its list (of `counts[s]` entries, membership read
/// by `lists[s]`): bitmaps first (a word per 64 entries), their popcounts, then each peer's
/// smaller form. With `with_offsets`, every peer's member offsets too. (The lists come as
/// values, not as a callable: nvcc refuses a caller's lambda type as a template argument of a
/// function that holds device lambdas.)
template <class Space>
set_messages<Space> encode_sets(const Space& space, const std::vector<std::size_t>& counts,
                                const std::vector<list_bits>& lists, bool with_offsets) {
  const std::size_t p = counts.size();
  std::vector<std::size_t> word_begin(p + 1, 0);
  for (std::size_t s = 0; s < p; ++s) word_begin[s + 1] = word_begin[s] + (counts[s] + 63) / 64;
  exec::buffer<Space, set_word> bits(word_begin[p]);
  set_messages<Space> out;
  out.members.assign(p, 0);
  out.units.assign(p, 0);
  for (std::size_t s = 0; s < p; ++s) {
    const std::size_t count = counts[s], words = word_begin[s + 1] - word_begin[s];
    if (count == 0) continue;
    const list_bits member = lists[s];
    set_word* block = bits.data() + word_begin[s];
    exec::for_each(
        space, words, PLEXUS_LAMBDA(std::size_t w) {
          set_word word = 0;
          for (std::size_t b = 0; b < 64 && w * 64 + b < count; ++b)
            if (member(w * 64 + b)) word |= 1ull << b;
          block[w] = word;
        });
    out.members[s] = exec::reduce(
        space, words, std::size_t(0),
        PLEXUS_LAMBDA(std::size_t w) { return static_cast<std::size_t>(exec::popcount(block[w])); },
        exec::plus{});
    out.units[s] = set_units(out.members[s], count);
  }
  std::size_t total_units = 0, total_members = 0;
  for (std::size_t s = 0; s < p; ++s) {
    total_units += out.units[s];
    total_members += out.members[s];
  }
  out.message.resize(total_units);
  if (with_offsets) out.offsets.resize(total_members);
  std::size_t unit_at = 0, member_at = 0;
  for (std::size_t s = 0; s < p; ++s) {
    const std::size_t count = counts[s], words = word_begin[s + 1] - word_begin[s];
    const set_word* block = bits.data() + word_begin[s];
    std::uint32_t* message = out.message.data() + unit_at;
    if (out.members[s] < bitmap_units(count)) {
      exec::compact_indices(space, count, message, bit_set{block});
    } else {
      exec::for_each(
          space, words, PLEXUS_LAMBDA(std::size_t w) {
            message[2 * w] = static_cast<std::uint32_t>(block[w]);
            message[2 * w + 1] = static_cast<std::uint32_t>(block[w] >> 32);
          });
    }
    if (with_offsets) exec::compact_indices(space, count, out.offsets.data() + member_at, bit_set{block});
    unit_at += out.units[s];
    member_at += out.members[s];
  }
  space.synchronize();
  return out;
}

/// The member offsets of each peer's message, back to back: a message of offsets as it came,
/// a bitmap's set bits in increasing order (a popcount per word, a scan, a scatter).
/// `members[s]` and `counts[s]` are the peer's set and list sizes.
template <class Space>
exec::buffer<Space, std::uint32_t> decode_offsets(const Space& space,
                                                  const exec::buffer<Space, std::uint32_t>& message,
                                                  const std::vector<std::size_t>& members,
                                                  const std::vector<std::size_t>& counts) {
  std::size_t total = 0;
  for (const std::size_t k : members) total += k;
  exec::buffer<Space, std::uint32_t> offsets(total);
  std::size_t unit_at = 0, member_at = 0;
  for (std::size_t s = 0; s < members.size(); ++s) {
    const std::uint32_t* in = message.data() + unit_at;
    std::uint32_t* out = offsets.data() + member_at;
    if (members[s] < bitmap_units(counts[s])) {
      exec::for_each(
          space, members[s], PLEXUS_LAMBDA(std::size_t j) { out[j] = in[j]; });
    } else {
      const std::size_t words = bitmap_units(counts[s]) / 2;
      exec::buffer<Space, std::size_t> before(words + 1), position(words + 1);
      std::size_t* pop = before.data();
      exec::for_each(
          space, words + 1, PLEXUS_LAMBDA(std::size_t w) {
            pop[w] =
                w < words
                    ? static_cast<std::size_t>(exec::popcount(in[2 * w] | (set_word(in[2 * w + 1]) << 32)))
                    : 0;
          });
      exec::exclusive_scan(space, before.data(), position.data(), words + 1);
      const std::size_t* at = position.data();
      exec::for_each(
          space, words, PLEXUS_LAMBDA(std::size_t w) {
            std::size_t next = at[w];
            for (set_word word = in [2 * w] | (set_word(in[2 * w + 1]) << 32); word != 0; word &= word - 1)
              out[next++] =
                  static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(exec::lowest_bit(word)));
          });
    }
    unit_at += set_units(members[s], counts[s]);
    member_at += members[s];
  }
  space.synchronize();
  return offsets;
}

}  // namespace plexus::dist::detail
