// Answers kept for comparing engines; see run_answer.hpp.
#include "plexus/cli/run_answer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace plexus::cli {

namespace {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

std::uint64_t fnv1a(std::span<const std::byte> bytes, std::uint64_t hash = kFnvOffset) {
  for (std::byte b : bytes) hash = (hash ^ static_cast<std::uint64_t>(b)) * kFnvPrime;
  return hash;
}

}  // namespace

run_answer exact_answer(std::span<const std::byte> bytes) {
  constexpr std::size_t kBlocks = 1024;
  std::vector<std::uint64_t> block_hash(kBlocks);
#pragma omp parallel for schedule(dynamic, 8)
  for (std::size_t b = 0; b < kBlocks; ++b) {
    const std::size_t begin = bytes.size() * b / kBlocks, end = bytes.size() * (b + 1) / kBlocks;
    block_hash[b] = fnv1a(bytes.subspan(begin, end - begin));
  }
  run_answer answer;
  answer.digest = fnv1a(std::as_bytes(std::span<const std::uint64_t>(block_hash)));
  answer.digest = fnv1a(std::as_bytes(std::span<const std::uint64_t>(&answer.digest, 1)), bytes.size());
  return answer;
}

run_answer approximate_answer(std::span<const double> values, double tolerance) {
  run_answer answer;
  answer.values.assign(values.begin(), values.end());
  answer.tolerance = tolerance;
  return answer;
}

std::string answer_difference(const run_answer& answer, const run_answer& reference) {
  if (reference.tolerance == 0) {
    if (answer.tolerance != 0 || answer.digest != reference.digest)
      return "differs from the in-memory answer (digests of the values differ)";
    return {};
  }
  if (answer.values.size() != reference.values.size())
    return fmt::format("has {} values where the in-memory answer has {}", answer.values.size(),
                       reference.values.size());
  std::size_t worst = 0;
  double worst_relative = 0;
  for (std::size_t v = 0; v < answer.values.size(); ++v) {
    const double a = answer.values[v], b = reference.values[v];
    const double relative = a == b ? 0.0 : std::abs(a - b) / std::max(std::abs(b), 1e-300);
    if (!(relative <= worst_relative)) {  // NaN counts as the worst
      worst = v;
      worst_relative = std::isnan(relative) ? INFINITY : relative;
    }
  }
  if (worst_relative <= reference.tolerance) return {};
  return fmt::format("differs from the in-memory answer by {:.3g} relative at vertex {} ({:.17g} against {:.17g}), "
                     "more than {:g}",
                     worst_relative, worst, answer.values[worst], reference.values[worst], reference.tolerance);
}

}  // namespace plexus::cli
