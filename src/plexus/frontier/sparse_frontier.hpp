// sparse_frontier: a frontier stored as a list of vertex ids (a queue), with its length kept
// in the back end's memory so kernels append without a host round trip.
//
// Appends go through view_type::push (warp-aggregated atomic on GPUs) or reserve (one atomic
// per batch on the host). The count may exceed the capacity when a caller pushes more than
// it allocated; such pushes are dropped and size() reports the overflow as an error rather
// than returning a truncated frontier. Order of ids is unspecified.
//
// Beside the count the frontier keeps a second device counter, the tally, which kernels may
// add to while they push (BFS adds the degree of each id it pushes: the "scout count" of
// Beamer's direction-optimizing BFS). size_and_tally() reads both in one transfer, so a
// traversal step costs a single host round trip; clear() zeroes both without one. The tally
// is a spread counter (exec::atomic_add_spread): on the host each thread adds to its own
// cache line, as one shared word cost more than the reads of the ids found.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/spread_counter.hpp"

namespace plexus {

template <class Space>
class sparse_frontier {
 public:
  using count_type = unsigned long long;

  /// Trivially copyable handle used inside kernels and lambdas.
  struct view_type {
    vertex_t* items;
    count_type* count;
    count_type* tally;
    count_type capacity;

    PLEXUS_HOST_DEVICE void push(vertex_t v) const {
      const count_type slot = exec::atomic_increment_aggregated(count);
      if (slot < capacity) items[slot] = v;
    }
    /// Claims `k` consecutive slots; returns the first. Slots at or past capacity are invalid.
    PLEXUS_HOST_DEVICE count_type reserve(count_type k) const { return exec::atomic_add(count, k); }
    PLEXUS_HOST_DEVICE void add_tally(count_type k) const { exec::atomic_add_spread(tally, k); }
  };

  sparse_frontier() = default;
  explicit sparse_frontier(std::size_t capacity) : items_(capacity), count_(kCountAt + 1) { clear(); }

  std::size_t capacity() const { return items_.size(); }
  /// Number of ids (reads the device counter: a synchronisation on device back ends).
  std::size_t size() const { return checked_size(count_.get(kCountAt)); }
  /// A count read from count_data() by other means, checked against the capacity as size()
  /// checks it.
  std::size_t checked_size(count_type n) const {
    if (n > items_.size())
      throw error(error_kind::internal, "sparse frontier overflow: " + std::to_string(n) +
                                            " pushes into capacity " + std::to_string(items_.size()));
    return static_cast<std::size_t>(n);
  }
  /// {size(), tally} in one transfer (a synchronisation on device back ends).
  std::pair<std::size_t, count_type> size_and_tally() const {
    const host_vector<count_type> words = count_.to_host();
    return {checked_size(words[kCountAt]), exec::spread_counter<Space>::sum(words.data())};
  }
  bool empty() const { return size() == 0; }
  /// Empties the frontier and zeroes the tally; asynchronous on device back ends.
  void clear() { count_.zero(); }
  /// Declares that the first n items were written directly through data().
  void set_size(std::size_t n) { count_.set(kCountAt, n); }

  vertex_t* data() { return items_.data(); }
  const vertex_t* data() const { return items_.data(); }
  count_type* count_data() { return count_.data() + kCountAt; }
  const count_type* count_data() const { return count_.data() + kCountAt; }
  view_type view() { return view_type{items_.data(), count_data(), count_.data(), items_.size()}; }

  /// Replaces the contents by `ids` (host memory); they must fit the capacity.
  void assign(std::span<const vertex_t> ids) {
    if (ids.size() > items_.size())
      throw error(error_kind::invalid_argument, "sparse frontier: " + std::to_string(ids.size()) +
                                                    " ids exceed capacity " + std::to_string(items_.size()));
    items_.write(0, ids);
    set_size(ids.size());
  }
  /// The ids, copied to host memory.
  host_vector<vertex_t> to_host() const { return items_.to_host(size()); }
  void swap(sparse_frontier& other) noexcept {
    items_.swap(other.items_);
    count_.swap(other.count_);
  }

 private:
  // The tally's words, then the count (on its own cache line on the host).
  static constexpr std::size_t kCountAt = Space::spread_words;
  exec::buffer<Space, vertex_t> items_;
  exec::buffer<Space, count_type> count_;
};

}  // namespace plexus
