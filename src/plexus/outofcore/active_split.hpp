// The split that starts every out-of-core iteration (OneGraph §3.1): the active vertices
// whose lists the device holds (static work = Active AND Static) and those whose lists must be
// fetched (on-demand work = Active AND NOT Static), each compacted into a list of vertex ids.
// Where long lists past the static region are read in place over the bus (engine_options::
// zero_copy_degree), a third set, Active AND Long, is split off the on-demand work.
//
// Every set is a bitmap of 64-bit words. One pass counts each word's members of every kind,
// an exclusive scan (64-bit) per kind gives every word its place in its list, and a second
// pass writes the ids in increasing order; the host reads the sizes back in one transfer. The
// cost is two passes over n / 64 words, where a per-vertex flag array (Ascetic's byte per
// vertex) would be read n times.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/exec/bit.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::outofcore {

using bitmap_word = unsigned long long;

/// The split's scratch, sized for a graph of `num_vertices`.
template <class Space>
class active_split {
 public:
  explicit active_split(vertex_t num_vertices)
      : words_((static_cast<std::size_t>(num_vertices) + 63) / 64),
        counts_(3 * (words_ + 1)),
        places_(3 * (words_ + 1)),
        totals_(3) {}

  /// Splits `active` by `resident` (both n / 64 words) into `static_ids` and the fetched ids,
  /// in increasing id order; the host reads the sizes back. With `long_lists` (bits of
  /// non-resident vertices whose lists are read in place; nullptr: none), those active vertices
  /// are left out of the fetched ids and written, in increasing order, to the last
  /// long_size() places of `on_demand_ids`, whose room is `on_demand_room` ids: the fetched ids
  /// fill it from the front, so the two never overlap.
  void run(const Space& space, const bitmap_word* active, const bitmap_word* resident, const bitmap_word* long_lists,
           vertex_t* static_ids, vertex_t* on_demand_ids, std::size_t on_demand_room) {
    const std::size_t words = words_;
    std::uint64_t* static_count = counts_.data();
    std::uint64_t* on_demand_count = counts_.data() + words + 1;
    std::uint64_t* long_count = counts_.data() + 2 * (words + 1);
    exec::for_each(space, words + 1, PLEXUS_LAMBDA(std::size_t i) {
      const bitmap_word a = i < words ? active[i] : 0;
      const bitmap_word s = i < words ? resident[i] : 0;
      const bitmap_word l = i < words && long_lists ? long_lists[i] : 0;
      static_count[i] = static_cast<std::uint64_t>(exec::popcount(a & s));
      on_demand_count[i] = static_cast<std::uint64_t>(exec::popcount(a & ~s & ~l));
      long_count[i] = static_cast<std::uint64_t>(exec::popcount(a & l));
    });
    std::uint64_t* static_place = places_.data();
    std::uint64_t* on_demand_place = places_.data() + words + 1;
    std::uint64_t* long_place = places_.data() + 2 * (words + 1);
    exec::exclusive_scan(space, static_count, static_place, words + 1);
    exec::exclusive_scan(space, on_demand_count, on_demand_place, words + 1);
    if (long_lists) exec::exclusive_scan(space, long_count, long_place, words + 1);
    const std::uint64_t room = on_demand_room;
    exec::for_each(space, words, PLEXUS_LAMBDA(std::size_t i) {
      const bitmap_word a = active[i];
      const bitmap_word s = resident[i];
      const bitmap_word l = long_lists ? long_lists[i] : 0;
      bitmap_word mine = a & s;
      for (std::uint64_t k = static_place[i]; mine != 0; mine &= mine - 1, ++k)
        static_ids[k] = static_cast<vertex_t>(i * 64 + static_cast<std::size_t>(exec::lowest_bit(mine)));
      mine = a & ~s & ~l;
      for (std::uint64_t k = on_demand_place[i]; mine != 0; mine &= mine - 1, ++k)
        on_demand_ids[k] = static_cast<vertex_t>(i * 64 + static_cast<std::size_t>(exec::lowest_bit(mine)));
      if (long_lists) {
        mine = a & l;
        for (std::uint64_t k = room - long_place[words] + long_place[i]; mine != 0; mine &= mine - 1, ++k)
          on_demand_ids[k] = static_cast<vertex_t>(i * 64 + static_cast<std::size_t>(exec::lowest_bit(mine)));
      }
    });
    std::uint64_t* totals = totals_.data();
    const bool with_long = long_lists != nullptr;
    exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) {
      totals[0] = static_place[words];
      totals[1] = on_demand_place[words];
      totals[2] = with_long ? long_place[words] : 0;
    });
    const host_vector<std::uint64_t> read = totals_.to_host();
    static_size_ = read[0];
    on_demand_size_ = read[1];
    long_size_ = read[2];
  }

  std::size_t static_size() const { return static_size_; }
  /// The active lists to fetch.
  std::size_t on_demand_size() const { return on_demand_size_; }
  /// The active lists read in place over the bus.
  std::size_t long_size() const { return long_size_; }

 private:
  std::size_t words_;
  exec::buffer<Space, std::uint64_t> counts_, places_, totals_;
  std::size_t static_size_ = 0, on_demand_size_ = 0, long_size_ = 0;
};

}  // namespace plexus::outofcore
