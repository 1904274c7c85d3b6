// Distribution under mpirun, at the job's rank count: each rank reading only its slice of a
// .plx file gets the part it gets from the whole graph in memory (partition, plans, local
// graph), and so does each rank building its slice of a Kronecker graph; each part passes the
// checks its rank can make alone (distribution_checks.hpp), and the plans agree between
// processes: what each rank sends to each peer, named by global ids, is that peer's ghost
// block of it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "distribution_checks.hpp"
#include "graph_suite_support.hpp"
#include "mpi_world.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/kronecker_slice.hpp"
#include "plexus/dist/plx_slice.hpp"
#include "plexus/io/plx.hpp"
#include "slice_checks.hpp"

namespace plexus::dist {
namespace {

namespace fs = std::filesystem;

void expect_same_part(const rank_graph& a, const rank_graph& b) {
  const partition &x = a.part, &y = b.part;
  EXPECT_EQ(x.ranges(), y.ranges());
  EXPECT_EQ(x.num_local(), y.num_local());
  EXPECT_TRUE(std::equal(x.ghosts().begin(), x.ghosts().end(), y.ghosts().begin(), y.ghosts().end()));
  for (int s = 0; s < x.ranks(); ++s) {
    EXPECT_EQ(x.plan(s).send, y.plan(s).send) << "to rank " << s;
    EXPECT_EQ(x.plan(s).recv_first, y.plan(s).recv_first) << "from rank " << s;
    EXPECT_EQ(x.plan(s).recv_count, y.plan(s).recv_count) << "from rank " << s;
  }
  EXPECT_EQ(a.weighted, b.weighted);
  EXPECT_TRUE(
      std::equal(a.original_ids.begin(), a.original_ids.end(), b.original_ids.begin(), b.original_ids.end()));
  ASSERT_EQ(a.graph.directed(), b.graph.directed());
  plexus_test::expect_same_lists(a.graph.out(), b.graph.out(), "out-lists");
  ASSERT_EQ(a.graph.has_in_edges(), b.graph.has_in_edges());
  if (a.graph.directed() && a.graph.has_in_edges())
    plexus_test::expect_same_lists(a.graph.in(), b.graph.in(), "in-lists");
}

/// Each rank sends each peer the global ids of its send list to it; the peer compares them
/// with its ghost block of the sender.
void check_plans_across_ranks(communicator& comm, const partition& part) {
  std::vector<vertex_t> send;
  std::vector<std::size_t> counts;
  for (int s = 0; s < comm.size(); ++s) {
    for (const vertex_t local : part.plan(s).send) send.push_back(part.global_id(local));
    counts.push_back(part.plan(s).send.size());
  }
  std::vector<std::size_t> came;
  const host_vector<vertex_t> received = comm.all_to_all_v<vertex_t>(send, counts, &came);
  std::size_t at = 0;
  for (int r = 0; r < comm.size(); ++r) {
    const peer_plan& block = part.plan(r);
    ASSERT_EQ(came[static_cast<std::size_t>(r)], block.recv_count) << "from rank " << r;
    for (vertex_t i = 0; i < block.recv_count; ++i, ++at)
      EXPECT_EQ(received[at], part.global_id(block.recv_first + i)) << "from rank " << r << ", entry " << i;
  }
}

/// A folder every rank sees (the job runs on one host): named after rank 0's process id.
fs::path shared_folder(communicator& comm) {
  std::int64_t pid = ::getpid();
  comm.broadcast(std::span<std::int64_t>(&pid, 1), 0);
  return fs::temp_directory_path() / ("plexus-mpi-" + std::to_string(pid));
}

TEST(mpi_distribution, a_plx_slice_per_rank_gives_the_part_of_the_whole_graph) {
  communicator& world = plexus_test::mpi_world();
  const fs::path folder = shared_folder(world);
  for (const plexus_test::named_graph& g : plexus_test::distribution_graphs()) {
    SCOPED_TRACE(g.name);
    const fs::path path = folder / "graph.plx";
    agreed(world, [&] {
      if (world.rank() != 0) return;
      fs::create_directories(folder);
      io::write_plx(g.graph, path);
    });
    const rank_graph from_file = load_plx(world, path);
    const rank_graph from_whole = distribute(world, g.graph);
    expect_same_part(from_file, from_whole);
    plexus_test::check_rank_part(g.graph, from_file, world.rank(), world.size());
    check_plans_across_ranks(world, from_file.part);
  }
  world.barrier();
  if (world.rank() == 0) fs::remove_all(folder);
}

TEST(mpi_distribution, a_kronecker_slice_per_rank_gives_the_part_of_the_whole_graph) {
  communicator& world = plexus_test::mpi_world();
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const generators::kronecker_options options = plexus_test::kron_options(10, directed, 1, 16, true);
    const csr_graph whole = plexus_test::kron(10, directed, 1, 16, true);
    const rank_graph generated = generate_kronecker(world, options);
    expect_same_part(generated, distribute(world, whole));
    plexus_test::check_rank_part(whole, generated, world.rank(), world.size());
    check_plans_across_ranks(world, generated.part);
  }
}

}  // namespace
}  // namespace plexus::dist
