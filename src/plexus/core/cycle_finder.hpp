// cycle_finder: the length of the cycle an iteration has entered, found by Brent's algorithm
// (R. P. Brent, "An improved Monte Carlo factorization algorithm", BIT 20(2), 1980) over the
// states it is shown, which it reads only while its caller suspects a cycle; cycle_limit: an
// iteration limit cut to the cycle.
//
// When an iteration's next state is a function of its state alone, a state that recurs repeats
// forever: if the states after t and t - L iterations are equal, the state after M >= t
// iterations is the state after t + (M - t) mod L. A loop with an iteration limit thus stops
// early on the state the limit gives once its run can only go round (PageRank in doubles below
// the tolerance rounding allows, label propagation trading labels back and forth).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "plexus/core/host_vector.hpp"

namespace plexus {

/// How a state's parts agree that the state recurred: a state held whole is its only part.
/// A distributed run holds a part per rank, and passes a function that is true on every rank
/// exactly when every rank's part recurred (an all-reduce).
struct whole_state {
  bool operator()(bool recurred) const { return recurred; }
};

template <class T>
class cycle_finder {
 public:
  /// After an iteration: the length of the cycle that the state `read()` returns closes, or
  /// nullopt. `read` is called only while `suspect` holds; a step without it forgets the states
  /// read so far. `all(recurred)` says whether the whole state recurred when this part did.
  template <class Read, class All = whole_state>
  std::optional<std::uint64_t> step(bool suspect, Read&& read, All&& all = {}) {
    if (!suspect) {
      started_ = false;
      return std::nullopt;
    }
    host_vector<T> now = read();
    if (started_) {
      ++length_;
      if (all(same(now, saved_))) return length_;
      if (length_ < power_) return std::nullopt;
      power_ *= 2;
    } else {
      power_ = 1;
      started_ = true;
    }
    // Brent: the state kept is renewed after 1, 2, 4, ... steps, so a cycle of length L entered
    // after m suspect steps is found within about 2 max(m, L) + L of them.
    saved_ = std::move(now);
    length_ = 0;
    return std::nullopt;
  }

 private:
  /// Bit for bit: a double -0.0 is not 0.0, and two NaNs of one pattern are the same state.
  static bool same(const host_vector<T>& a, const host_vector<T>& b) {
    if constexpr (std::is_floating_point_v<T>) {
      using bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
      return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                        [](T x, T y) { return std::bit_cast<bits>(x) == std::bit_cast<bits>(y); });
    } else {
      return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
  }

  bool started_ = false;
  std::uint64_t length_ = 0, power_ = 1;
  host_vector<T> saved_;
};

/// An iteration limit cut short once the iteration goes round a cycle: after each iteration
/// its caller says whether it suspects one (cycle_finder::step), and a cycle of length L found
/// after t iterations leaves the limit M at t + (M - t) mod L, the iteration that ends on the
/// state M would.
template <class T>
class cycle_limit {
 public:
  explicit cycle_limit(int limit) : limit_(limit) {}
  int value() const { return limit_; }
  /// After the `done`-th iteration, which did not end the run; `read()` returns its state (or
  /// this rank's part of it, `all` as for cycle_finder::step).
  template <class Read, class All = whole_state>
  void after(int done, bool suspect, Read&& read, All&& all = {}) {
    if (found_) return;
    if (const auto length = finder_.step(suspect, read, all)) {
      limit_ = done + static_cast<int>(static_cast<std::uint64_t>(limit_ - done) % *length);
      found_ = true;
    }
  }

 private:
  int limit_;
  bool found_ = false;
  cycle_finder<T> finder_;
};

}  // namespace plexus
