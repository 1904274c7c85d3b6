// Each rank reading only its part of a .plx file, with the threads communicator at 1..4
// ranks: the ranges and slices equal those of the whole graph read at once, including a file
// whose sections span several checksum blocks; and a damaged, an unsorted, an asymmetric or
// a missing file fails on every rank with the whole-file reader's message (naming the rank
// where one rank found it).
#include "plexus/dist/plx_slice.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "distribution_checks.hpp"
#include "graph_suite_support.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "plexus/io/plx.hpp"
#include "slice_checks.hpp"

namespace plexus::dist {
namespace {

namespace fs = std::filesystem;

class plx_slice_test : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("plexus-plx-slice-" + std::to_string(::getpid()) + "-" +
                                        testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path written(const csr_graph& graph, const std::string& name) const {
    const fs::path path = dir_ / (name + ".plx");
    io::write_plx(graph, path);
    return path;
  }

  /// Every rank reads `path` at `ranks` ranks; each one's slice must be what the whole graph
  /// gives it.
  static void expect_slices_of(const csr_graph& whole, const fs::path& path, int ranks) {
    const vertex_ranges expected = split_by_bytes(whole, ranks);
    std::vector<rank_slice> read(static_cast<std::size_t>(ranks));
    run_threads(ranks, [&](communicator& comm) {
      read[static_cast<std::size_t>(comm.rank())] = read_plx_slice(comm, path);
    });
    for (int r = 0; r < ranks; ++r) {
      SCOPED_TRACE(testing::Message() << "rank " << r << " of " << ranks);
      EXPECT_EQ(read[static_cast<std::size_t>(r)].ranges, expected);
      plexus_test::expect_same_slice(read[static_cast<std::size_t>(r)].slice,
                                     slice_of(whole, expected.first(r), expected.last(r)));
    }
  }

  /// The message every rank throws reading `paths[rank]` at `paths.size()` ranks ("" if
  /// none); every rank must throw the same one.
  static std::string agreed_failure(const std::vector<fs::path>& paths) {
    const int ranks = static_cast<int>(paths.size());
    std::vector<std::string> messages(paths.size());
    run_threads(ranks, [&](communicator& comm) {
      try {
        read_plx_slice(comm, paths[static_cast<std::size_t>(comm.rank())]);
      } catch (const error& e) {
        messages[static_cast<std::size_t>(comm.rank())] = e.what();
      }
    });
    for (const std::string& m : messages) EXPECT_EQ(m, messages[0]);
    return messages[0];
  }

  /// What the whole-file reader says about `path`.
  static std::string whole_file_failure(const fs::path& path) {
    try {
      io::read_plx_graph(path);
    } catch (const error& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_;
};

TEST_F(plx_slice_test, every_test_graph_at_one_to_four_ranks) {
  for (const plexus_test::named_graph& g : plexus_test::distribution_graphs()) {
    SCOPED_TRACE(g.name);
    const fs::path path = written(g.graph, "graph");
    for (int p = 1; p <= 4; ++p) expect_slices_of(g.graph, path, p);
  }
}

TEST_F(plx_slice_test, sections_of_several_checksum_blocks) {
  // 2^15 vertices, near a million arcs: the indices and weights span more than 3 MiB each,
  // so ranks hash blocks that overhang their rows.
  const csr_graph whole = plexus_test::kron(15, false, 1, 16, true);
  ASSERT_GT(whole.num_edges() * sizeof(vertex_t), std::uint64_t{3} << 20);
  const fs::path path = written(whole, "kron15");
  for (int p = 1; p <= 4; ++p) expect_slices_of(whole, path, p);
  csr_graph directed = plexus_test::kron(14, true, 1, 16, true);
  const fs::path directed_path = written(directed, "kron14d");
  for (int p = 2; p <= 3; ++p) expect_slices_of(directed, directed_path, p);
}

TEST_F(plx_slice_test, load_plx_gives_the_distribution_of_the_whole_graph) {
  const csr_graph whole = plexus_test::kron(10, true, 1, 16);
  const fs::path path = written(whole, "kron10d");
  for (int p = 1; p <= 4; ++p) {
    std::vector<rank_graph> parts(static_cast<std::size_t>(p));
    run_threads(
        p, [&](communicator& comm) { parts[static_cast<std::size_t>(comm.rank())] = load_plx(comm, path); });
    plexus_test::check_distribution(whole, parts);
  }
}

TEST_F(plx_slice_test, a_damaged_section_fails_every_rank_as_the_whole_reader_does) {
  const csr_graph whole = plexus_test::kron(12, false, 1, 16, true);
  const fs::path path = written(whole, "damaged");
  {
    // A byte of the weights, the last section.
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-5, std::ios::end);
    file.put('\x7f');
  }
  const std::string expected = whole_file_failure(path);
  ASSERT_NE(expected.find("checksum mismatch in section weights"), std::string::npos) << expected;
  for (int p = 1; p <= 4; ++p)
    EXPECT_EQ(agreed_failure(std::vector<fs::path>(static_cast<std::size_t>(p), path)), expected);
}

TEST_F(plx_slice_test, an_unsorted_row_is_named_by_the_rank_that_holds_it) {
  // Vertex 6's list out of order, in a file whose checksums are right.
  csr_arrays out;
  out.offsets = {0, 1, 2, 3, 4, 5, 6, 8, 8};
  out.indices = {1, 0, 3, 2, 5, 4, 3, 1};
  const fs::path path = written(csr_graph(std::move(out), true), "unsorted");
  const std::string whole = whole_file_failure(path);
  ASSERT_NE(whole.find("row 6 is not sorted"), std::string::npos) << whole;
  EXPECT_EQ(agreed_failure({path}), whole);
  // At 3 ranks vertex 6 is the last rank's.
  EXPECT_EQ(agreed_failure({path, path, path}), "rank 2: " + whole);
}

TEST_F(plx_slice_test, asymmetric_undirected_lists_fail_every_rank) {
  csr_arrays out;
  out.offsets = {0, 1, 2, 3};
  out.indices = {1, 0, 0};  // 2 lists 0, but 0 does not list 2
  const fs::path path = written(csr_graph(std::move(out), false), "asymmetric");
  ASSERT_NE(whole_file_failure(path).find("is undirected, but row"), std::string::npos);
  for (int p = 1; p <= 3; ++p) {
    const std::string message = agreed_failure(std::vector<fs::path>(static_cast<std::size_t>(p), path));
    EXPECT_NE(message.find("the graph is undirected, but some row does not hold the arcs into its vertex"),
              std::string::npos)
        << message;
  }
}

TEST_F(plx_slice_test, a_file_missing_on_one_rank_fails_every_rank_naming_it) {
  const fs::path path = written(plexus_test::kron(8, false, 1, 4), "present");
  const fs::path missing = dir_ / "missing.plx";
  EXPECT_EQ(agreed_failure({path, missing, path}),
            "rank 1: " + missing.string() + ": cannot open: No such file or directory");
  EXPECT_EQ(agreed_failure({path, path, missing, missing}),
            "rank 2: " + missing.string() + ": cannot open: No such file or directory");
}

}  // namespace
}  // namespace plexus::dist
