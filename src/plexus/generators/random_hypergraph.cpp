// Random hypergraph with power-law hyperedge sizes and optionally skewed vertex popularity.
//
// Sizes: P(size = k) ~ k^-size_exponent on [min_edge_size, max_edge_size], sampled by
// inverse CDF. When the range holds at most kExactSizes values the discrete CDF is tabulated
// and searched, which is exact up to double rounding. Larger ranges use the continuous
// approximation of Clauset, Shalizi, Newman ("Power-law distributions in empirical data",
// SIAM Review 2009, appendix D): draw x from the density ~ x^-exponent on
// [min - 1/2, max + 1/2] and round to the nearest integer.
//
// Pins: vertex_skew = 0 draws every pin uniformly from [0, num_vertices). vertex_skew = s > 0
// gives vertex v a popularity ~ (v + 1)^-s (Zipf-like, popular vertices at small ids), drawn
// by the continuous inverse CDF on [1, num_vertices + 1) and truncated to a rank.
//
// A hyperedge may list a vertex more than once (pins are drawn independently, so a hyperedge
// keeps the size it drew); build_hypergraph's remove_repeated_pins (on by default) collapses
// repeats. Size h uses the stream keyed by (size seed, h) and pin p the stream keyed by
// (pin seed, p), so the output is identical for a seed whatever the thread count.
#include "plexus/generators/random_hypergraph.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "plexus/graph/csr_assembly.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"

namespace plexus::generators {
namespace {

constexpr std::uint64_t kExactSizes = 1 << 16;

[[noreturn]] void invalid(const std::string& what) {
  throw error(error_kind::invalid_argument, "random hypergraph: " + what);
}

/// Inverse CDF of density ~ x^-exponent on [lo, hi), evaluated at u in [0, 1).
double power_law_quantile(double lo, double hi, double exponent, double u) {
  const double one_minus = 1.0 - exponent;
  if (std::fabs(one_minus) < 1e-12) return lo * std::pow(hi / lo, u);
  const double a = std::pow(lo, one_minus), b = std::pow(hi, one_minus);
  return std::pow(a + u * (b - a), 1.0 / one_minus);
}

class size_sampler {
 public:
  size_sampler(vertex_t min_size, vertex_t max_size, double exponent)
      : min_(min_size), max_(max_size), exponent_(exponent) {
    const std::uint64_t range = static_cast<std::uint64_t>(max_size) - min_size + 1;
    if (range > kExactSizes) return;
    cumulative_.resize(range);
    double sum = 0;
    for (std::uint64_t i = 0; i < range; ++i) {
      sum += std::pow(static_cast<double>(min_size + i), -exponent);
      cumulative_[i] = sum;
    }
  }

  vertex_t operator()(double u) const {
    if (!cumulative_.empty()) {
      const double target = u * cumulative_.back();
      const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), target);
      const auto i = static_cast<std::uint64_t>(std::min<std::ptrdiff_t>(
          it - cumulative_.begin(), static_cast<std::ptrdiff_t>(cumulative_.size()) - 1));
      return static_cast<vertex_t>(min_ + i);
    }
    const double x = power_law_quantile(min_ - 0.5, max_ + 0.5, exponent_, u);
    const double k = std::clamp(std::floor(x + 0.5), static_cast<double>(min_), static_cast<double>(max_));
    return static_cast<vertex_t>(k);
  }

 private:
  vertex_t min_, max_;
  double exponent_;
  std::vector<double> cumulative_;  // cumulative_[i] = sum of k^-exponent for k <= min + i
};

/// Mean of the size law on [min_size, max_size] (see size_sampler).
double mean_size(vertex_t min_size, vertex_t max_size, double exponent) {
  const std::uint64_t range = static_cast<std::uint64_t>(max_size) - min_size + 1;
  if (range <= kExactSizes) {
    double weight = 0, weighted_size = 0;
    for (std::uint64_t k = min_size; k <= max_size; ++k) {
      weight += std::pow(static_cast<double>(k), -exponent);
      weighted_size += std::pow(static_cast<double>(k), 1 - exponent);
    }
    return weighted_size / weight;
  }
  // The continuous law on [lo, hi): mean = integral x^(1-a) / integral x^-a.
  const double lo = min_size - 0.5, hi = max_size + 0.5;
  const auto integral = [&](double power) {  // of x^power over [lo, hi)
    return std::fabs(power + 1) < 1e-12 ? std::log(hi / lo)
                                        : (std::pow(hi, power + 1) - std::pow(lo, power + 1)) / (power + 1);
  };
  return integral(1 - exponent) / integral(-exponent);
}

}  // namespace

double expected_pins(const random_hypergraph_options& options) {
  if (options.min_edge_size < 1 || options.min_edge_size > options.max_edge_size) return 0;
  return static_cast<double>(options.num_hyperedges) *
         mean_size(options.min_edge_size, options.max_edge_size, options.size_exponent);
}

incidence_list random_hypergraph(const random_hypergraph_options& options) {
  const vertex_t n = options.num_vertices;
  const hyperedge_t num_edges = options.num_hyperedges;
  const vertex_t min_size = options.min_edge_size, max_size = options.max_edge_size;
  if (min_size < 1) invalid("the smallest hyperedge size must be at least 1");
  if (min_size > max_size)
    invalid("the smallest hyperedge size " + std::to_string(min_size) + " exceeds the largest, " +
            std::to_string(max_size));
  if (n == 0 && num_edges > 0) invalid("hyperedges requested on a hypergraph with no vertices");
  if (!std::isfinite(options.size_exponent)) invalid("the hyperedge size exponent must be finite");
  if (!(options.vertex_skew >= 0) || !std::isfinite(options.vertex_skew))
    invalid("the vertex skew must be finite and non-negative");

  const size_sampler draw_size(min_size, max_size, options.size_exponent);
  const std::uint64_t size_seed = mix64(options.seed ^ 0xb7e151628aed2a6bull);
  const std::uint64_t pin_seed = mix64(options.seed ^ 0x3c6ef372fe94f82bull);

  incidence_list result;
  result.num_vertices = n;
  result.edge_offsets.resize(static_cast<std::size_t>(num_edges) + 1);
#pragma omp parallel for schedule(static)
  for (hyperedge_t h = 0; h < num_edges; ++h) {
    counter_rng rng(size_seed, h);
    result.edge_offsets[h] = draw_size(rng.uniform01());
  }
  result.edge_offsets[num_edges] = 0;
  const edge_t num_pins =
      plexus::detail::exclusive_scan_in_place(result.edge_offsets.data(), result.edge_offsets.size());

  result.pins.resize(num_pins);
  const double skew = options.vertex_skew;
  vertex_t* pins = result.pins.data();
  if (skew == 0) {
#pragma omp parallel for schedule(static)
    for (edge_t p = 0; p < num_pins; ++p) {
      counter_rng rng(pin_seed, p);
      pins[p] = static_cast<vertex_t>(rng.uniform(n));
    }
  } else {
    const double top = static_cast<double>(n) + 1.0;
#pragma omp parallel for schedule(static)
    for (edge_t p = 0; p < num_pins; ++p) {
      counter_rng rng(pin_seed, p);
      const double x = power_law_quantile(1.0, top, skew, rng.uniform01());
      const double rank = std::clamp(std::floor(x) - 1.0, 0.0, static_cast<double>(n - 1));
      pins[p] = static_cast<vertex_t>(rank);
    }
  }
  return result;
}

random_hypergraph_options skewed_hypergraph_options(double pins) {
  random_hypergraph_options o;
  o.num_vertices = static_cast<vertex_t>(std::max(1.0, pins / 16));
  o.min_edge_size = 2;
  o.max_edge_size = std::max<vertex_t>(o.min_edge_size, std::min<vertex_t>(10000, o.num_vertices));
  o.size_exponent = 1.6;
  o.seed = 1;
  o.num_hyperedges = static_cast<hyperedge_t>(
      std::max(1.0, std::round(pins / mean_size(o.min_edge_size, o.max_edge_size, o.size_exponent))));
  return o;
}

}  // namespace plexus::generators
