// The mean and the largest of Jaccard scores, the same whatever order the scores are added in.
//
// A run lists every undirected edge once in input order but may add its scores row by row on
// several threads, and in another internal vertex order (--order degree) the rows come in
// another order. Floating-point sums depend on that order; these do not: each score (in
// [0, 1]) is rounded to a multiple of 2^-52 and the multiples are added as integers, which is
// exact, so the printed mean is one value for every thread count, vertex order and back end.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace plexus {

class score_totals {
 public:
  void add(double score) {
    units_ += static_cast<std::uint64_t>(std::llround(score * kUnitsPerOne));
    largest_ = std::max(largest_, score);
    ++count_;
  }
  void merge(const score_totals& other) {
    units_ += other.units_;
    largest_ = std::max(largest_, other.largest_);
    count_ += other.count_;
  }
  std::size_t count() const { return count_; }
  double largest() const { return largest_; }
  double mean() const { return count_ ? static_cast<double>(units_) / kUnitsPerOne / count_ : 0.0; }

 private:
  static constexpr double kUnitsPerOne = 0x1p52;  // a score of 1 is 2^52 units, exactly
  unsigned __int128 units_ = 0;                   // room for 2^76 scores of 1
  double largest_ = 0;
  std::size_t count_ = 0;
};

}  // namespace plexus
