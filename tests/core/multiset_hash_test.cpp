// The keyed multiset hash readers compare halves of a structure with: equal multisets hash
// equal whatever their order, and multisets that differ in one element, a multiplicity or a
// third word hash apart; two hashers draw different keys.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "plexus/core/multiset_hash.hpp"

namespace plexus {
namespace {

using element = std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>;

std::uint64_t sum(const multiset_hash& hash, const std::vector<element>& elements) {
  std::uint64_t total = 0;
  for (const auto& [a, b, c] : elements) total += hash(a, b, c);
  return total;
}

TEST(multiset_hash, equal_multisets_in_any_order_hash_equal_and_others_do_not) {
  std::mt19937_64 random(7);
  std::vector<element> elements;
  for (int i = 0; i < 1000; ++i)
    elements.emplace_back(static_cast<std::uint32_t>(random() % 50), static_cast<std::uint32_t>(random() % 50),
                          random() % 3);
  const multiset_hash hash;
  const std::uint64_t reference = sum(hash, elements);
  std::vector<element> shuffled = elements;
  std::shuffle(shuffled.begin(), shuffled.end(), random);
  EXPECT_EQ(sum(hash, shuffled), reference);

  std::vector<element> swapped = elements;  // (a, b) read as (b, a): what an asymmetric list does
  std::swap(std::get<0>(swapped[10]), std::get<1>(swapped[10]));
  if (std::get<0>(swapped[10]) != std::get<1>(swapped[10])) {
    EXPECT_NE(sum(hash, swapped), reference);
  }
  std::vector<element> reweighted = elements;
  std::get<2>(reweighted[20]) += 1;
  EXPECT_NE(sum(hash, reweighted), reference);
  std::vector<element> repeated = elements;  // one element twice, another dropped
  repeated[30] = repeated[31];
  if (repeated[30] != elements[30]) {
    EXPECT_NE(sum(hash, repeated), reference);
  }

  const multiset_hash other;
  EXPECT_NE(other(1, 2, 3), hash(1, 2, 3)) << "two hashers drew the same key";
}

TEST(multiset_hash, a_hasher_made_from_anothers_keys_mixes_alike) {
  const multiset_hash drawn;
  const multiset_hash shared(drawn.keys());
  EXPECT_EQ(shared.keys(), drawn.keys());
  for (std::uint32_t a = 0; a < 50; ++a) EXPECT_EQ(shared(a, 7 * a, a + 1), drawn(a, 7 * a, a + 1));
}

}  // namespace
}  // namespace plexus
