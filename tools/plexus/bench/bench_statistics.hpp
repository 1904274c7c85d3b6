// The statistics `plexus bench` reports over its trials: for the time and each figure, the
// median, minimum, maximum and interquartile range, and a mean (arithmetic for times and
// amounts, harmonic for rates: for equal work, the work over the mean time). Order statistics
// rather than means lead, because a trial disturbed by the machine moves a mean but not a
// median (Hoefler and Belli, "Scientific Benchmarking of Parallel Computing Systems", SC 2015,
// rule 5).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace plexus::cli {

/// One figure's values over the trials.
class trial_series {
 public:
  /// A time in seconds (rate false) or a rate.
  trial_series(std::string name, std::string key, bool rate)
      : name_(std::move(name)), key_(std::move(key)), rate_(rate), unit_(rate ? "" : " s") {}
  /// A count or a size (bytes, rounds): its arithmetic mean, printed without a unit.
  static trial_series amount(std::string name, std::string key) {
    trial_series series(std::move(name), std::move(key), false);
    series.unit_.clear();
    return series;
  }
  void add(double value) { values_.push_back(value); }

  const std::string& name() const { return name_; }  // "Time", "GTEPS", "Edge Phase GB/s"
  const std::string& key() const { return key_; }    // "seconds", "gteps", ...
  bool rate() const { return rate_; }

  /// The quantile q in [0, 1] by linear interpolation between order statistics (Hyndman and
  /// Fan's definition 7, the default of R and NumPy).
  double quantile(double q) const;
  double mean() const;
  /// "median 0.00123 s, min 0.00100 s, max 0.00200 s, IQR 0.00010 s, mean 0.00130 s".
  std::string text() const;
  /// {"median", "min", "max", "q1", "q3", "iqr", "mean" or "harmonic_mean", "count"}.
  nlohmann::ordered_json json() const;

 private:
  std::string name_, key_;
  bool rate_;
  std::string unit_;  // after each value printed
  std::vector<double> values_;
};

}  // namespace plexus::cli
