// The NCCL communicator at the run's rank count, one GPU per rank: every collective on host
// buffers (staged through the GPU) and on device buffers, messages of megabytes checked value
// by value, agreeing on one rank's error, two ranks on one GPU refused, and a collective that a
// peer never joins ending at the deadline.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "collective_checks.hpp"
#include "nccl_world.hpp"
#include "plexus/dist/agree.hpp"

namespace plexus::dist {
namespace {

using namespace std::chrono_literals;
using plexus_test::device_array;

std::size_t rank_of(const communicator& comm) {
  return static_cast<std::size_t>(comm.rank());
}

TEST(nccl_communicator, reaches_the_gpu_and_the_host) {
  communicator& gpus = plexus_test::gpu_world();
  EXPECT_TRUE(gpus.reaches(backend::cuda));
  EXPECT_TRUE(gpus.reaches(backend::host));
  EXPECT_FALSE(gpus.reaches(backend::hip));
  EXPECT_EQ(gpus.size(), plexus_test::host_world().size());
  EXPECT_EQ(gpus.rank(), plexus_test::host_world().rank());
}

TEST(nccl_communicator, every_collective_on_host_buffers) {
  plexus_test::check_collectives(plexus_test::gpu_world());
}

TEST(nccl_communicator, every_collective_on_device_buffers) {
  communicator& gpus = plexus_test::gpu_world();
  const int p = gpus.size(), r = gpus.rank();
  const auto count = static_cast<std::uint64_t>(p);

  for (int root = 0; root < p; ++root) {
    std::vector<std::int32_t> expected(static_cast<std::size_t>(p + 3));
    std::iota(expected.begin(), expected.end(), root * 100);
    device_array<std::int32_t> data(r == root ? expected : std::vector<std::int32_t>(expected.size(), -1));
    gpus.broadcast(data.span(), root);
    EXPECT_EQ(data.download(), expected) << "root " << root;
  }

  const std::vector<std::uint64_t> mine{static_cast<std::uint64_t>(r), 1, std::uint64_t{1} << r, 7};
  device_array<std::uint64_t> in(mine), sums(mine.size()), ors(mine.size()), maxima(mine.size());
  gpus.all_reduce<std::uint64_t>(in.const_span(), sums.span(), reduce_op::sum);
  gpus.all_reduce<std::uint64_t>(in.const_span(), ors.span(), reduce_op::bit_or);
  gpus.all_reduce<std::uint64_t>(in.const_span(), maxima.span(), reduce_op::max);
  const std::uint64_t all_bits = (std::uint64_t{1} << p) - 1;
  EXPECT_EQ(sums.download(),
            (std::vector<std::uint64_t>{count * (count - 1) / 2, count, all_bits, 7 * count}));
  std::uint64_t ranks_or = 0;
  for (int s = 0; s < p; ++s) ranks_or |= static_cast<std::uint64_t>(s);
  EXPECT_EQ(ors.download(), (std::vector<std::uint64_t>{ranks_or, 1, all_bits, 7}));
  EXPECT_EQ(maxima.download(), (std::vector<std::uint64_t>{count - 1, 1, std::uint64_t{1} << (p - 1), 7}));

  // In place on the device; a host input reduced into device memory and the other way round.
  device_array<double> halves(std::vector<double>{0.5 * r, -1.0 * r});
  gpus.all_reduce<double>(halves.span(), reduce_op::min);
  EXPECT_EQ(halves.download(), (std::vector<double>{0.0, -1.0 * (p - 1)}));
  const std::vector<float> host_in{static_cast<float>(r), 2.0f};
  device_array<float> device_out(2);
  gpus.all_reduce<float>(host_in, device_out.span(), reduce_op::sum);
  EXPECT_EQ(device_out.download(), (std::vector<float>{0.5f * p * (p - 1), 2.0f * p}));
  device_array<std::int32_t> device_in(std::vector<std::int32_t>{-r});
  std::vector<std::int32_t> host_out(1);
  gpus.all_reduce<std::int32_t>(device_in.const_span(), host_out, reduce_op::min);
  EXPECT_EQ(host_out[0], -(p - 1));

  // all_gather into device memory, and in place: each rank's input already in its block.
  device_array<std::uint32_t> pair(
      std::vector<std::uint32_t>{static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(2 * r)});
  device_array<std::uint32_t> pairs(2 * static_cast<std::size_t>(p));
  gpus.all_gather<std::uint32_t>(pair.const_span(), pairs.span());
  std::vector<std::uint32_t> expected_pairs;
  for (int s = 0; s < p; ++s)
    expected_pairs.insert(expected_pairs.end(),
                          {static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(2 * s)});
  EXPECT_EQ(pairs.download(), expected_pairs);
  std::vector<std::uint32_t> placed(expected_pairs.size(), 0);
  placed[2 * rank_of(gpus)] = static_cast<std::uint32_t>(r);
  placed[2 * rank_of(gpus) + 1] = static_cast<std::uint32_t>(2 * r);
  device_array<std::uint32_t> in_place(placed);
  gpus.all_gather<std::uint32_t>(in_place.const_span().subspan(2 * rank_of(gpus), 2), in_place.span());
  EXPECT_EQ(in_place.download(), expected_pairs);

  // Blocks of different sizes from device memory (rank s gives s values), gathered to the host.
  std::vector<std::uint64_t> own(rank_of(gpus));
  for (std::size_t i = 0; i < own.size(); ++i) own[i] = static_cast<std::uint64_t>(r) * 10 + i;
  device_array<std::uint64_t> own_on_device(own);
  const auto gathered = gpus.all_gather_v<std::uint64_t>(own_on_device.const_span());
  std::vector<std::uint64_t> expected_gathered;
  for (int s = 0; s < p; ++s)
    for (int i = 0; i < s; ++i) expected_gathered.push_back(static_cast<std::uint64_t>(s) * 10 + i);
  EXPECT_EQ(std::vector<std::uint64_t>(gathered.begin(), gathered.end()), expected_gathered);

  // A personalised exchange between device buffers.
  std::vector<std::uint64_t> send, from_all;
  std::vector<std::size_t> send_counts, recv_counts;
  for (int s = 0; s < p; ++s) {
    const auto out = plexus_test::message(r, s);
    send.insert(send.end(), out.begin(), out.end());
    send_counts.push_back(out.size());
    const auto back = plexus_test::message(s, r);
    from_all.insert(from_all.end(), back.begin(), back.end());
    recv_counts.push_back(back.size());
  }
  device_array<std::uint64_t> send_on_device(send), received(from_all.size());
  gpus.all_to_all_v<std::uint64_t>(send_on_device.const_span(), send_counts, received.span(), recv_counts);
  EXPECT_EQ(received.download(), from_all);
}

/// The value rank `from` puts at index i of what it sends to rank `to`.
std::uint32_t pattern(int from, int to, std::size_t i) {
  return static_cast<std::uint32_t>(from) * 0x10000000u + static_cast<std::uint32_t>(to) * 0x1000000u +
         static_cast<std::uint32_t>(i);
}

TEST(nccl_communicator, messages_of_megabytes_arrive_whole) {
  communicator& gpus = plexus_test::gpu_world();
  const int p = gpus.size(), r = gpus.rank();
  const std::size_t each = (std::size_t{8} << 20) / sizeof(std::uint32_t);  // 8 MiB per rank
  std::vector<std::uint32_t> mine(each);
  for (std::size_t i = 0; i < each; ++i) mine[i] = pattern(r, 0, i);
  device_array<std::uint32_t> in(mine), out(each * static_cast<std::size_t>(p));
  gpus.all_gather<std::uint32_t>(in.const_span(), out.span());
  const std::vector<std::uint32_t> all = out.download();
  for (int s = 0; s < p; ++s)
    for (std::size_t i = 0; i < each; ++i)
      ASSERT_EQ(all[static_cast<std::size_t>(s) * each + i], pattern(s, 0, i))
          << "rank " << s << " value " << i;

  // 3 MiB to each peer plus a few values more to the next one, so that sizes differ.
  const std::size_t base = (std::size_t{3} << 20) / sizeof(std::uint32_t);
  const auto to_peer = [&](int from, int to) { return base + ((from + 1) % p == to ? 5 : 0); };
  std::vector<std::uint32_t> send;
  std::vector<std::size_t> send_counts, recv_counts;
  for (int s = 0; s < p; ++s) {
    for (std::size_t i = 0; i < to_peer(r, s); ++i) send.push_back(pattern(r, s, i));
    send_counts.push_back(to_peer(r, s));
    recv_counts.push_back(to_peer(s, r));
  }
  device_array<std::uint32_t> send_on_device(send),
      received(std::accumulate(recv_counts.begin(), recv_counts.end(), std::size_t{0}));
  gpus.all_to_all_v<std::uint32_t>(send_on_device.const_span(), send_counts, received.span(), recv_counts);
  const std::vector<std::uint32_t> got = received.download();
  std::size_t at = 0;
  for (int s = 0; s < p; ++s)
    for (std::size_t i = 0; i < to_peer(s, r); ++i, ++at)
      ASSERT_EQ(got[at], pattern(s, r, i)) << "from rank " << s << " value " << i;
}

TEST(nccl_communicator, every_rank_throws_the_error_of_the_first_failing_rank) {
  communicator& gpus = plexus_test::gpu_world();
  const int last = gpus.size() - 1;
  try {
    agreed(gpus, [&] {
      if (gpus.rank() == last) throw error(error_kind::io, "g.plx: cannot open");
    });
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.what(), gpus.size() == 1 ? std::string("g.plx: cannot open")
                                         : "rank " + std::to_string(last) + ": g.plx: cannot open");
  }
}

TEST(nccl_communicator, two_ranks_on_one_gpu_are_refused_by_every_rank) {
  communicator& host = plexus_test::host_world();
  if (host.size() == 1) GTEST_SKIP() << "needs a second rank";
  try {
    make_nccl_communicator(host, 0);
    FAIL() << "every rank on GPU 0 was accepted";
  } catch (const error& e) {
    EXPECT_NE(std::string(e.what()).find("ranks 0 and 1 both drive GPU-"), std::string::npos) << e.what();
  }
  backends::gpu_runtime<exec::cuda>::select_device(plexus_test::gpu_of_this_rank());
}

TEST(nccl_communicator, a_collective_that_a_peer_never_joins_ends_at_the_deadline) {
  communicator& host = plexus_test::host_world();
  if (host.size() == 1) GTEST_SKIP() << "needs a second rank";
  // Short deadlines on a communicator of their own: 2 s on rank 0, which waits alone, 4 s on
  // the others, which come once rank 0 has given up and aborted. (Not shorter: the first
  // collective connects the ranks, which took over 300 ms under mpirun on two H200s.)
  nccl_options options;
  options.timeout = host.rank() == 0 ? 2s : 4s;
  const auto gpus = make_nccl_communicator(host, plexus_test::gpu_of_this_rank(), options);
  gpus->barrier();  // connected: what follows waits for a peer, not for a connection
  if (gpus->rank() == 0) {
    try {
      gpus->barrier();
      FAIL() << "the barrier completed without the other ranks";
    } catch (const error& e) {
      EXPECT_EQ(
          std::string(e.what()),
          "rank 0: barrier #2 did not complete within 2000 ms: a peer failed or called another collective");
    }
    // The communicator is aborted: a later collective fails at once instead of waiting.
    try {
      gpus->barrier();
      FAIL() << "a collective ran on an aborted communicator";
    } catch (const error& e) {
      EXPECT_NE(std::string(e.what()).find("rank 0: barrier #3 cannot run"), std::string::npos) << e.what();
    }
  }
  host.barrier();
  if (gpus->rank() != 0) {
    // Rank 0's barrier #2 may still be on its GPU when this one comes (aborting a communicator
    // does not recall a kernel already launched), so this one may complete; what it may not do
    // is wait past its deadline, and if it fails it names itself.
    try {
      gpus->barrier();
    } catch (const error& e) {
      EXPECT_NE(std::string(e.what()).find("barrier #2"), std::string::npos) << e.what();
    }
  }
  host.barrier();
}

}  // namespace
}  // namespace plexus::dist
