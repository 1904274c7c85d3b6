// Kronecker / R-MAT generator (Chakrabarti, Zhan, Faloutsos, "R-MAT: A recursive model for
// graph mining", SDM 2004), with the Graph500 parameters (graph500.org specification, section
// 3: a=0.57, b=0.19, c=0.19, d=0.05, 2^scale vertices, edge_factor * 2^scale arcs, vertex ids
// permuted). Plain R-MAT: the quadrant probabilities are the same at every level.
//
// Arc e descends `scale` levels of the adjacency matrix; at each level a 16-bit slice of arc
// e's counter-based stream picks a quadrant (top-left a, top-right b, bottom-left c,
// bottom-right d), setting one bit of the source and one of the destination. One 64-bit draw
// serves four levels, so a scale-20 arc costs five draws rather than twenty. The slice is
// compared with the cumulative probabilities a, a+b, a+b+c rounded to multiples of 2^-16, so
// each quadrant's probability is off by at most 2^-16 (1.5e-5, against a, b, c given to two
// digits by Graph500). Every arc is a function of (seed, e) alone, so the edge list is
// identical for a seed whatever the thread count. Ids are then passed through a seeded
// bijection of [0, 2^scale) so that the high-degree vertices (R-MAT concentrates them at
// small ids) are spread over the id space.
#include "plexus/generators/kronecker.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "integer_weights.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"

namespace plexus::generators {
namespace {

[[noreturn]] void invalid(const std::string& what) {
  throw error(error_kind::invalid_argument, "kronecker: " + what);
}

/// A seeded bijection of the `bits`-bit integers: each step (xor or add a constant, multiply
/// by an odd constant modulo 2^bits, x ^= x >> shift with shift >= 1) is invertible on that
/// range, so the composition is a permutation of [0, 2^bits).
class id_scrambler {
 public:
  id_scrambler(std::uint64_t seed, int bits)
      : mask_(bits >= 64 ? ~0ull : (1ull << bits) - 1), shift_(bits / 2 > 0 ? bits / 2 : 1) {
    const std::uint64_t key = mix64(seed ^ 0x243f6a8885a308d3ull);
    k1_ = mix64(key + 1);
    k2_ = mix64(key + 2);
    m1_ = mix64(key + 3) | 1;
    m2_ = mix64(key + 4) | 1;
  }

  vertex_t operator()(std::uint64_t x) const {
    x = ((x ^ k1_) * m1_) & mask_;
    x ^= x >> shift_;
    x = ((x + k2_) * m2_) & mask_;
    x ^= x >> shift_;
    x = (x * m1_) & mask_;
    return static_cast<vertex_t>(x);
  }

 private:
  std::uint64_t mask_;
  int shift_;
  std::uint64_t k1_ = 0, k2_ = 0, m1_ = 1, m2_ = 1;
};

/// Checks the options; returns the number of arcs they ask for.
edge_t checked_arcs(const kronecker_options& options) {
  const int scale = options.scale;
  // 2^32 vertices would not fit vertex_t (ids must stay below invalid_vertex).
  if (scale < 0 || scale > 31) invalid("scale " + std::to_string(scale) + " is outside [0, 31]");
  if (options.edge_factor < 0)
    invalid("the edge factor " + std::to_string(options.edge_factor) + " is negative");
  const double a = options.a, b = options.b, c = options.c;
  if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1.0 + 1e-12))
    invalid("probabilities a, b, c must be non-negative with a + b + c <= 1");
  const auto edge_factor = static_cast<std::uint64_t>(options.edge_factor);
  if (edge_factor > std::numeric_limits<edge_t>::max() >> scale) invalid("too many arcs");
  return edge_factor << scale;
}

}  // namespace

edge_t kronecker_arcs(const kronecker_options& options) { return checked_arcs(options); }

edge_list kronecker(const kronecker_options& options) { return kronecker(options, 0, checked_arcs(options)); }

edge_list kronecker(const kronecker_options& options, edge_t first, edge_t last) {
  const edge_t total = checked_arcs(options);
  if (first > last || last > total)
    invalid("arcs [" + std::to_string(first) + ", " + std::to_string(last) + ") are not among the " +
            std::to_string(total) + " arcs");
  const int scale = options.scale;
  const double a = options.a, b = options.b, c = options.c;
  const edge_t m = last - first;
  detail::integer_weights weights(options.min_weight, options.max_weight, "kronecker");

  // Quadrant thresholds on a 16-bit uniform slice r: r < t_a picks a, r < t_ab picks b,
  // r < t_abc picks c, else d. Rounded to nearest; p = 1 gives 2^16, above every slice.
  constexpr double kTwo16 = 65536.0;
  const auto threshold = [&](double p) {
    return static_cast<std::uint32_t>(std::llround(std::fmin(p, 1.0) * kTwo16));
  };
  const std::uint32_t t_a = threshold(a), t_ab = threshold(a + b), t_abc = threshold(a + b + c);
  constexpr int kLevelsPerDraw = 4;

  edge_list edges;
  edges.num_vertices = static_cast<vertex_t>(1ull << scale);
  edges.directed = options.directed;
  edges.src.resize(m);
  edges.dst.resize(m);
  if (options.weighted) edges.weights.resize(m);
  const id_scrambler scramble(options.seed, scale);
  const bool scramble_ids = options.scramble_ids;
  const bool weighted = options.weighted;
  const std::uint64_t seed = options.seed;

#pragma omp parallel for schedule(static)
  for (edge_t e = 0; e < m; ++e) {
    counter_rng rng(seed, first + e);
    std::uint32_t u = 0, v = 0;
    for (int level = 0; level < scale; level += kLevelsPerDraw) {
      std::uint64_t bits = rng.next();
      const int levels = scale - level < kLevelsPerDraw ? scale - level : kLevelsPerDraw;
      for (int i = 0; i < levels; ++i, bits >>= 16) {
        const auto r = static_cast<std::uint32_t>(bits & 0xffffu);
        // row: c or d (lower half); column: b or d (right half). The thresholds are ordered,
        // so the column bit is the parity of the thresholds r reaches.
        const std::uint32_t row = r >= t_ab;
        const std::uint32_t col = (r >= t_a) ^ (r >= t_ab) ^ (r >= t_abc);
        u = (u << 1) | row;
        v = (v << 1) | col;
      }
    }
    edges.src[e] = scramble_ids ? scramble(u) : static_cast<vertex_t>(u);
    edges.dst[e] = scramble_ids ? scramble(v) : static_cast<vertex_t>(v);
    if (weighted) edges.weights[e] = weights.draw(rng);
  }
  return edges;
}

}  // namespace plexus::generators
