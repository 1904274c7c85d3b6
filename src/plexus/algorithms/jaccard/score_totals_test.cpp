// score_totals: the mean of Jaccard scores does not depend on the order they are added in,
// nor on how they are split between threads, and stays within one part in 2^52 of the sum.
#include "plexus/algorithms/jaccard/score_totals.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace plexus {
namespace {

std::vector<double> random_scores(std::size_t count) {
  std::mt19937_64 generator(7);
  std::uniform_real_distribution<double> score(0.0, 1.0);
  std::vector<double> scores(count);
  for (double& s : scores) s = score(generator);
  scores[0] = 1.0;
  scores[1] = 0.0;
  scores[2] = 1.0 / 3.0;
  return scores;
}

TEST(score_totals, the_mean_is_one_value_in_every_order_and_split) {
  std::vector<double> scores = random_scores(100000);
  score_totals in_order;
  for (double s : scores) in_order.add(s);

  std::shuffle(scores.begin(), scores.end(), std::mt19937_64(11));
  score_totals halves[2];
  for (std::size_t i = 0; i < scores.size(); ++i) halves[i % 2].add(scores[i]);
  halves[1].merge(halves[0]);

  EXPECT_EQ(halves[1].mean(), in_order.mean());
  EXPECT_EQ(halves[1].largest(), 1.0);
  EXPECT_EQ(halves[1].count(), scores.size());
  const double naive = std::accumulate(scores.begin(), scores.end(), 0.0) / scores.size();
  EXPECT_NEAR(in_order.mean(), naive, 1e-12);
}

TEST(score_totals, no_scores_have_mean_and_largest_zero) {
  const score_totals none;
  EXPECT_EQ(none.mean(), 0.0);
  EXPECT_EQ(none.largest(), 0.0);
  EXPECT_EQ(none.count(), 0u);
}

}  // namespace
}  // namespace plexus
