// Statistics over a bench's trials; see bench_statistics.hpp.
#include "bench_statistics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace plexus::cli {

double trial_series::quantile(double q) const {
  if (values_.empty()) return 0.0;
  std::vector<double> sorted = values_;
  std::sort(sorted.begin(), sorted.end());
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

double trial_series::mean() const {
  double sum = 0;
  std::size_t count = 0;
  for (const double value : values_) {
    // A rate of 0 is a run too short to time; it has no reciprocal and is left out.
    if (rate_ && !(value > 0)) continue;
    sum += rate_ ? 1 / value : value;
    ++count;
  }
  if (count == 0 || !(sum > 0)) return 0.0;
  return rate_ ? static_cast<double>(count) / sum : sum / static_cast<double>(count);
}

std::string trial_series::text() const {
  const auto shown = [&](double value) { return fmt::format("{:.6g}{}", value, unit_); };
  return fmt::format("median {}, min {}, max {}, IQR {}, {} {}", shown(quantile(0.5)), shown(quantile(0)),
                     shown(quantile(1)), shown(quantile(0.75) - quantile(0.25)),
                     rate_ ? "harmonic mean" : "mean", shown(mean()));
}

nlohmann::ordered_json trial_series::json() const {
  nlohmann::ordered_json j;
  j["median"] = quantile(0.5);
  j["min"] = quantile(0);
  j["max"] = quantile(1);
  j["q1"] = quantile(0.25);
  j["q3"] = quantile(0.75);
  j["iqr"] = quantile(0.75) - quantile(0.25);
  j[rate_ ? "harmonic_mean" : "mean"] = mean();
  j["count"] = values_.size();
  return j;
}

}  // namespace plexus::cli
