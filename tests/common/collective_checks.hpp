// Checks of every collective of a dist::communicator, written once and run by each rank on
// every transport: the threads communicator at 1..4 ranks (tests/dist/), the self
// communicator, and MPI under mpirun (tests/mpi/). Each rank's data is a function of its rank,
// so each rank knows exactly what it must receive.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "plexus/dist/communicator.hpp"

namespace plexus_test {

/// What rank `from` sends to rank `to` in the all_to_all_v checks: (from + to) % 3 values.
inline std::vector<std::uint64_t> message(int from, int to) {
  std::vector<std::uint64_t> values(static_cast<std::size_t>((from + to) % 3));
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<std::uint64_t>(from) * 1000000 + to * 1000 + i;
  return values;
}

inline void check_collectives(plexus::dist::communicator& comm) {
  using plexus::dist::reduce_op;
  const int p = comm.size(), r = comm.rank();
  ASSERT_GE(p, 1);
  ASSERT_TRUE(r >= 0 && r < p);
  const std::uint64_t before = comm.operations();
  comm.barrier();
  EXPECT_EQ(comm.operations(), before + 1);

  for (int root = 0; root < p; ++root) {
    std::vector<std::int32_t> data(static_cast<std::size_t>(p + 3), -1);
    if (r == root)
      for (std::size_t i = 0; i < data.size(); ++i) data[i] = root * 100 + static_cast<std::int32_t>(i);
    comm.broadcast(std::span<std::int32_t>(data), root);
    for (std::size_t i = 0; i < data.size(); ++i)
      EXPECT_EQ(data[i], root * 100 + static_cast<std::int32_t>(i));
  }

  // Sums, minima, maxima and or over every type a loop decides on.
  const std::vector<std::uint64_t> mine{static_cast<std::uint64_t>(r), 1, std::uint64_t{1} << r, 7};
  std::vector<std::uint64_t> sums(mine.size()), ors(mine.size());
  comm.all_reduce<std::uint64_t>(mine, sums, reduce_op::sum);
  comm.all_reduce<std::uint64_t>(mine, ors, reduce_op::bit_or);
  const std::uint64_t all_bits = (std::uint64_t{1} << p) - 1;
  std::uint64_t ranks_or = 0;
  for (int s = 0; s < p; ++s) ranks_or |= static_cast<std::uint64_t>(s);
  const auto count = static_cast<std::uint64_t>(p);
  EXPECT_EQ(sums, (std::vector<std::uint64_t>{count * (count - 1) / 2, count, all_bits, 7 * count}));
  EXPECT_EQ(ors, (std::vector<std::uint64_t>{ranks_or, 1, all_bits, 7}));
  EXPECT_EQ(comm.all_reduce<std::int32_t>(-r, reduce_op::min), -(p - 1));
  EXPECT_EQ(comm.all_reduce<std::int64_t>(r, reduce_op::max), p - 1);
  EXPECT_EQ(comm.all_reduce<double>(0.5 * r, reduce_op::sum), 0.25 * p * (p - 1));
  EXPECT_EQ(comm.all_reduce<float>(static_cast<float>(r), reduce_op::max), static_cast<float>(p - 1));
  EXPECT_EQ(comm.all_reduce<std::uint8_t>(r == p - 1 ? 1 : 0, reduce_op::bit_or), 1);
  std::vector<std::uint32_t> in_place{static_cast<std::uint32_t>(r), 2};
  comm.all_reduce<std::uint32_t>(std::span<std::uint32_t>(in_place), reduce_op::max);
  EXPECT_EQ(in_place, (std::vector<std::uint32_t>{static_cast<std::uint32_t>(p - 1), 2}));

  const std::vector<std::int32_t> ranks = comm.all_gather<std::int32_t>(r);
  for (int s = 0; s < p; ++s) EXPECT_EQ(ranks[static_cast<std::size_t>(s)], s);
  const std::vector<std::uint32_t> pair{static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(2 * r)};
  std::vector<std::uint32_t> pairs(2 * static_cast<std::size_t>(p));
  comm.all_gather<std::uint32_t>(pair, pairs);
  for (int s = 0; s < p; ++s) {
    EXPECT_EQ(pairs[2 * static_cast<std::size_t>(s)], static_cast<std::uint32_t>(s));
    EXPECT_EQ(pairs[2 * static_cast<std::size_t>(s) + 1], static_cast<std::uint32_t>(2 * s));
  }

  // Rank s contributes s values (rank 0 none).
  std::vector<std::uint64_t> own(static_cast<std::size_t>(r));
  for (std::size_t i = 0; i < own.size(); ++i) own[i] = static_cast<std::uint64_t>(r) * 10 + i;
  std::vector<std::size_t> counts;
  const auto gathered = comm.all_gather_v<std::uint64_t>(own, &counts);
  std::vector<std::uint64_t> expected;
  for (int s = 0; s < p; ++s) {
    EXPECT_EQ(counts[static_cast<std::size_t>(s)], static_cast<std::size_t>(s));
    for (int i = 0; i < s; ++i) expected.push_back(static_cast<std::uint64_t>(s) * 10 + i);
  }
  EXPECT_EQ(std::vector<std::uint64_t>(gathered.begin(), gathered.end()), expected);

  // Personalised exchanges, with sizes known on both sides and with a counts round.
  std::vector<std::uint64_t> send;
  std::vector<std::size_t> send_counts, recv_counts;
  std::vector<std::uint64_t> from_all;
  for (int s = 0; s < p; ++s) {
    const auto out = message(r, s);
    send.insert(send.end(), out.begin(), out.end());
    send_counts.push_back(out.size());
    const auto in = message(s, r);
    from_all.insert(from_all.end(), in.begin(), in.end());
    recv_counts.push_back(in.size());
  }
  std::vector<std::uint64_t> received(from_all.size());
  comm.all_to_all_v<std::uint64_t>(send, send_counts, received, recv_counts);
  EXPECT_EQ(received, from_all);
  std::vector<std::size_t> came;
  const auto counted = comm.all_to_all_v<std::uint64_t>(send, send_counts, &came);
  EXPECT_EQ(std::vector<std::uint64_t>(counted.begin(), counted.end()), from_all);
  EXPECT_EQ(came, recv_counts);
}

}  // namespace plexus_test
