// The exchanges between owners and ghosts (dist/ghost_*.hpp) on the threads communicator at 1
// to 4 ranks, over every distribution test graph and Kronecker 12: dense broadcast and
// reduction with each op, the sparse forms with and without values, sparse and dense sets
// (so that both message forms are taken), each direct and staged through host memory; and
// the bytes each round counts.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/dist/ghost_broadcast.hpp"
#include "plexus/dist/ghost_reduce.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/dist/self_communicator.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "tiny_graph.hpp"

namespace plexus::dist {
namespace {

using exec::host;
using word = unsigned long long;

/// Every rank's part of `whole` at `ranks` ranks.
std::vector<rank_graph> distributed(const csr_graph& whole, int ranks) {
  std::vector<rank_graph> parts(static_cast<std::size_t>(ranks));
  run_threads(ranks, [&](communicator& comm) {
    parts[static_cast<std::size_t>(comm.rank())] = distribute(comm, whole);
  });
  return parts;
}

/// A value standing for (rank, global id), distinct for each pair.
double value_of(int rank, vertex_t global) {
  return static_cast<double>(global) * 8 + rank + 0.25;
}

/// Whether `global` is in the test set of `density` (every k-th vertex, by a hash).
bool chosen(vertex_t global, int rank, unsigned every) {
  return ((global * 2654435761u) ^ (static_cast<unsigned>(rank) * 40503u)) % every == 0;
}

/// f(r, owned local id, global id) for every vertex this rank owns and rank r holds as a
/// ghost, ranks in order.
template <class F>
void for_each_ghost_copy(communicator& comm, const partition& part, F&& f) {
  std::vector<std::size_t> counts;
  const host_vector<vertex_t> ghosts = comm.all_gather_v<vertex_t>(part.ghosts(), &counts);
  std::size_t at = 0;
  for (int r = 0; r < comm.size(); ++r)
    for (std::size_t i = 0; i < counts[static_cast<std::size_t>(r)]; ++i, ++at)
      if (part.owns(ghosts[at])) f(r, part.local_id(ghosts[at]), ghosts[at]);
}

std::vector<csr_graph> test_graphs() {
  std::vector<csr_graph> graphs;
  for (plexus_test::named_graph& g : plexus_test::distribution_graphs()) graphs.push_back(std::move(g.graph));
  graphs.push_back(plexus_test::kron(12, false));
  return graphs;
}

/// Runs body(comm, part, staged) for every test graph at 1..4 ranks, direct and staged.
template <class Body>
void for_every_distribution(Body&& body) {
  for (const csr_graph& whole : test_graphs())
    for (int p = 1; p <= 4; ++p) {
      const std::vector<rank_graph> parts = distributed(whole, p);
      for (const bool staged : {false, true}) {
        SCOPED_TRACE(testing::Message()
                     << whole.num_vertices() << " vertices, " << p << " ranks" << (staged ? ", staged" : ""));
        run_threads(p, [&](communicator& comm) {
          body(comm, parts[static_cast<std::size_t>(comm.rank())].part, staged);
        });
      }
    }
}

TEST(ghost_exchange, broadcast_copies_owned_values_into_every_ghost_copy) {
  for_every_distribution([](communicator& comm, const partition& part, bool staged) {
    ghost_exchange<host> exchange(comm, part, staged);
    std::vector<double> values(part.num_local(), -1);
    for (vertex_t v = 0; v < part.num_owned(); ++v) values[v] = value_of(0, part.global_id(v));
    broadcast_to_ghosts(exchange, values.data());
    for (vertex_t v = 0; v < part.num_local(); ++v) {
      const vertex_t global = part.global_id(v);
      EXPECT_EQ(values[v], global == invalid_vertex ? -1 : value_of(0, global)) << "local " << v;
    }
    EXPECT_EQ(exchange.stats().bytes_sent, part.ranks() == 1 ? 0 : part.send_list_length() * sizeof(double));
  });
}

TEST(ghost_exchange, broadcast_through_slots_reads_and_writes_each_vertex_at_its_slot) {
  for_every_distribution([](communicator& comm, const partition& part, bool staged) {
    ghost_exchange<host> exchange(comm, part, staged);
    // Vertex v's value lives at slot n - 1 - v.
    const vertex_t n = part.num_local();
    std::vector<vertex_t> slot(n);
    for (vertex_t v = 0; v < n; ++v) slot[v] = n - 1 - v;
    std::vector<double> values(n, -1);
    for (vertex_t v = 0; v < part.num_owned(); ++v) values[slot[v]] = value_of(0, part.global_id(v));
    broadcast_to_ghosts(exchange, values.data(), slot.data());
    for (vertex_t v = 0; v < n; ++v) {
      const vertex_t global = part.global_id(v);
      EXPECT_EQ(values[slot[v]], global == invalid_vertex ? -1 : value_of(0, global)) << "local " << v;
    }
  });
}

TEST(ghost_exchange, reduce_combines_ghost_values_into_owners_in_rank_order) {
  for (const reduce_op op : {reduce_op::sum, reduce_op::min, reduce_op::max, reduce_op::bit_or}) {
    SCOPED_TRACE(to_string(op));
    for_every_distribution([op](communicator& comm, const partition& part, bool staged) {
      ghost_exchange<host> exchange(comm, part, staged);
      // Owned entries start from rank 0's value, ghost copies hold their rank's value.
      std::vector<std::uint64_t> values(part.num_local(), 0);
      std::vector<double> reals(part.num_local(), 0);
      for (vertex_t v = 0; v < part.num_local(); ++v) {
        const vertex_t global = part.global_id(v);
        if (global == invalid_vertex) continue;
        const int rank = v < part.num_owned() ? 0 : comm.rank();
        reals[v] = value_of(rank, global);
        values[v] = std::uint64_t{1} << (rank * 8 + global % 8);
      }
      // What each owned vertex must end with: its own value combined with every peer's that
      // holds it, in rank order.
      const std::vector<std::uint64_t> before = values;
      const std::vector<double> reals_before = reals;
      reduce_to_owners(exchange, values.data(), op);
      if (op != reduce_op::bit_or) reduce_to_owners(exchange, reals.data(), op);
      std::vector<std::uint64_t> expected(before.begin(), before.begin() + part.num_owned());
      std::vector<double> expected_reals(reals_before.begin(), reals_before.begin() + part.num_owned());
      for_each_ghost_copy(comm, part, [&](int r, vertex_t v, vertex_t global) {
        const std::uint64_t bits = std::uint64_t{1} << (r * 8 + global % 8);
        const double real = value_of(r, global);
        switch (op) {
          case reduce_op::sum:
            expected[v] += bits;
            expected_reals[v] += real;
            break;
          case reduce_op::min:
            expected[v] = std::min(expected[v], bits);
            expected_reals[v] = std::min(expected_reals[v], real);
            break;
          case reduce_op::max:
            expected[v] = std::max(expected[v], bits);
            expected_reals[v] = std::max(expected_reals[v], real);
            break;
          case reduce_op::bit_or:
            expected[v] |= bits;
            break;
        }
      });
      for (vertex_t v = 0; v < part.num_owned(); ++v) {
        EXPECT_EQ(values[v], expected[v]) << "owned " << v;
        if (op != reduce_op::bit_or) {
          EXPECT_EQ(reals[v], expected_reals[v]) << "owned " << v;
        }
      }
      for (vertex_t v = part.num_owned(); v < part.num_local(); ++v) EXPECT_EQ(values[v], before[v]);
    });
  }
}

TEST(ghost_exchange, reduce_refuses_or_on_reals) {
  self_communicator comm;
  const partition part;
  ghost_exchange<host> exchange(comm, part, false);
  double value = 0;
  EXPECT_THROW(reduce_to_owners(exchange, &value, reduce_op::bit_or), error);
}

/// Sparse sets of every density: one in 1 (every vertex, sent as bitmaps), one in 7, one in
/// 101 and one in 100000 (nearly empty, sent as offsets).
constexpr unsigned kDensities[] = {1, 7, 101, 100000};

TEST(ghost_exchange, a_set_broadcast_replaces_every_ghost_block_by_the_owners_members) {
  for (const unsigned every : kDensities) {
    SCOPED_TRACE(every);
    for_every_distribution([every](communicator& comm, const partition& part, bool staged) {
      ghost_exchange<host> exchange(comm, part, staged);
      std::vector<word> bits((part.num_local() + 63) / 64, 0);
      const auto set = [&](vertex_t v) { bits[v / 64] |= 1ull << (v % 64); };
      for (vertex_t v = 0; v < part.num_owned(); ++v)
        if (chosen(part.global_id(v), 0, every)) set(v);
      // Stale ghost bits from an earlier round must go.
      for (vertex_t v = part.num_owned(); v < part.num_local(); ++v)
        if (v % 3 == 0) set(v);
      std::vector<double> values(part.num_local(), -1);
      for (vertex_t v = 0; v < part.num_owned(); ++v)
        if (chosen(part.global_id(v), 0, every)) values[v] = value_of(0, part.global_id(v));
      std::vector<word> changed = bits;
      broadcast_set_to_ghosts(exchange, bits.data());
      broadcast_changed_to_ghosts(exchange, changed.data(), values.data());
      EXPECT_EQ(bits, changed);
      for (vertex_t v = 0; v < part.num_local(); ++v) {
        const vertex_t global = part.global_id(v);
        if (global == invalid_vertex) continue;  // padding: no list names it
        const bool expected = chosen(global, 0, every);
        EXPECT_EQ(((bits[v / 64] >> (v % 64)) & 1) != 0, expected) << "local " << v;
        if (v >= part.num_owned()) {
          EXPECT_EQ(values[v], expected ? value_of(0, global) : -1) << "local " << v;
        }
      }
    });
  }
}

TEST(ghost_exchange, a_set_reduction_hands_each_owner_its_ghost_members) {
  for (const unsigned every : kDensities) {
    SCOPED_TRACE(every);
    for_every_distribution([every](communicator& comm, const partition& part, bool staged) {
      ghost_exchange<host> exchange(comm, part, staged);
      std::vector<word> bits((part.num_local() + 63) / 64, 0);
      std::vector<double> values(part.num_local(), 0);
      for (vertex_t v = part.num_owned(); v < part.num_local(); ++v) {
        const vertex_t global = part.global_id(v);
        if (global == invalid_vertex || !chosen(global, comm.rank(), every)) continue;
        bits[v / 64] |= 1ull << (v % 64);
        values[v] = value_of(comm.rank(), global);
      }
      std::vector<std::atomic<int>> calls(part.num_owned());
      std::vector<std::atomic<std::uint64_t>> totals(part.num_owned());
      reduce_set_to_owners(exchange, bits.data(), [&](vertex_t v) { ++calls[v]; });
      reduce_changed_to_owners(exchange, bits.data(), values.data(),
                               [&](vertex_t v, double x) { totals[v] += static_cast<std::uint64_t>(x * 4); });
      // Expected: every rank that holds v as a ghost and chose it.
      std::vector<int> expected(part.num_owned(), 0);
      std::vector<std::uint64_t> expected_totals(part.num_owned(), 0);
      for_each_ghost_copy(comm, part, [&](int r, vertex_t v, vertex_t global) {
        if (!chosen(global, r, every)) return;
        ++expected[v];
        expected_totals[v] += static_cast<std::uint64_t>(value_of(r, global) * 4);
      });
      for (vertex_t v = 0; v < part.num_owned(); ++v) {
        EXPECT_EQ(calls[v].load(), expected[v]) << "owned " << v;
        EXPECT_EQ(totals[v].load(), expected_totals[v]) << "owned " << v;
      }
    });
  }
}

TEST(ghost_exchange, each_peer_gets_the_smaller_form_of_its_set) {
  // Two ranks of a path of 256 vertices 0-128, 1-129, ...: each holds the other's 128 as
  // ghosts. One member costs 4 bytes as an offset; all 128 cost 16 bytes as a bitmap (512 as
  // offsets). Every round also sends one count (8 bytes).
  std::vector<test::arc> arcs;
  for (vertex_t v = 0; v < 128; ++v) arcs.push_back({v, v + 128});
  const std::vector<rank_graph> parts = distributed(test::tiny_graph(256, arcs, false), 2);
  run_threads(2, [&](communicator& comm) {
    const partition& part = parts[static_cast<std::size_t>(comm.rank())].part;
    ASSERT_EQ(part.send_list_length(), 128u);
    ghost_exchange<host> exchange(comm, part);
    std::vector<word> bits((part.num_local() + 63) / 64, 0);
    bits[0] = 1;
    broadcast_set_to_ghosts(exchange, bits.data());
    EXPECT_EQ(exchange.stats().bytes_sent, 8u + 4u);
    bits[0] = bits[1] = ~0ull;
    broadcast_set_to_ghosts(exchange, bits.data());
    EXPECT_EQ(exchange.stats().bytes_sent, 8u + 4u + 8u + 16u);
    EXPECT_EQ(exchange.stats().rounds, 2u);
  });
}

}  // namespace
}  // namespace plexus::dist
