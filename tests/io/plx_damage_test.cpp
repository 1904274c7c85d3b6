// .plx cache: rejection of damaged files (flipped bytes in each section, truncation, wrong
// magic, future versions, lying headers, structurally invalid arrays with valid checksums)
// with the documented plexus::error instead of a crash or a huge allocation.
#include <gtest/gtest.h>

#include <string>

#include "plexus/core/error.hpp"
#include "plexus/io/plx.hpp"
#include "plx_test_support.hpp"

namespace {

using namespace plexus_plx_test;
TEST_F(plx_test, flipped_byte_in_each_section_is_a_checksum_mismatch) {
  const std::string good = slurp(full_graph_file());
  const char* names[] = {"offsets", "indices", "weights", "reverse offsets", "reverse indices", "reverse weights",
                         "original ids"};
  for (int slot = 0; slot < 7; ++slot) {
    const section s = section_at(good, slot);
    for (std::uint64_t at : {s.offset, s.offset + s.bytes / 2, s.offset + s.bytes - 1}) {
      std::string bad = good;
      bad[at] = static_cast<char>(bad[at] ^ 0x10);
      SCOPED_TRACE(std::string(names[slot]) + " byte " + std::to_string(at));
      expect_rejected(bad, plexus::error_kind::parse, std::string("checksum mismatch in section ") + names[slot]);
    }
  }
}

TEST_F(plx_test, flipped_byte_in_header_is_a_header_checksum_mismatch) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t at : {16u, 24u, 40u, 70u, 200u, 300u, 380u}) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x01);
    SCOPED_TRACE(at);
    expect_rejected(bad, plexus::error_kind::parse, "checksum mismatch in header");
  }
}

TEST_F(plx_test, truncated_files_are_reported_with_sizes) {
  const std::string good = slurp(full_graph_file());
  const std::string full = std::to_string(good.size());
  expect_rejected(good.substr(0, 0), plexus::error_kind::parse, "empty file (0 bytes), not a .plx cache");
  expect_rejected(good.substr(0, 5), plexus::error_kind::parse, "not a .plx file");
  expect_rejected(good.substr(0, 100), plexus::error_kind::parse, "truncated .plx file: expected 384 bytes, found 100");
  for (std::size_t keep : {kHeaderBytes, kHeaderBytes + 1, good.size() / 2, good.size() - 1}) {
    SCOPED_TRACE(keep);
    expect_rejected(good.substr(0, keep), plexus::error_kind::parse,
                    "truncated .plx file: expected " + full + " bytes, found " + std::to_string(keep) +
                        "; rebuild it from its source with plexus convert");
  }
}

TEST_F(plx_test, trailing_bytes_are_refused) {
  expect_rejected(slurp(full_graph_file()) + "x", plexus::error_kind::parse, "unexpected trailing data");
}

TEST_F(plx_test, wrong_magic_is_refused) {
  std::string bad = slurp(full_graph_file());
  bad[0] = 'Q';
  expect_rejected(bad, plexus::error_kind::parse, "not a .plx file (it does not start with the .plx magic)");
  expect_rejected("%%MatrixMarket matrix coordinate pattern general\n", plexus::error_kind::parse,
                  "if it is a text file, name its format with --format");
}

TEST_F(plx_test, future_version_is_refused_by_name) {
  std::string bad = slurp(full_graph_file());
  put<std::uint32_t>(bad, 8, plexus::io::plx_version + 1);
  expect_rejected(bad, plexus::error_kind::unsupported,
                  "format version " + std::to_string(plexus::io::plx_version + 1) + " is newer than this build reads");
  // Even with a consistent header checksum.
  rehash(bad);
  expect_rejected(bad, plexus::error_kind::unsupported, "is newer than this build reads");
}

TEST_F(plx_test, huge_counts_are_refused_before_allocating) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t field : {32u, 40u}) {  // num_vertices, num_entries
    for (std::uint64_t lie : {std::uint64_t{1} << 31, std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
      std::string bad = good;
      put<std::uint64_t>(bad, field, lie);
      rehash(bad);
      SCOPED_TRACE(std::to_string(field) + " " + std::to_string(lie));
      const fs::path p = dir_ / "lie.plx";
      spit(p, bad);
      try {
        plexus::io::read_plx_graph(p);
        ADD_FAILURE() << "accepted";
      } catch (const plexus::error& e) {
        // out_of_memory would mean it tried to allocate what the header claimed.
        EXPECT_EQ(e.kind(), plexus::error_kind::parse) << e.what();
      }
    }
  }
}

TEST_F(plx_test, small_count_lies_are_refused) {
  const std::string good = slurp(full_graph_file());
  for (std::size_t field : {32u, 40u}) {
    for (int delta : {-1, 1}) {
      std::string bad = good;
      put<std::uint64_t>(bad, field, get<std::uint64_t>(bad, field) + delta);
      rehash(bad);
      SCOPED_TRACE(std::to_string(field) + " " + std::to_string(delta));
      expect_rejected(bad, plexus::error_kind::parse, "does not match the header counts");
    }
  }
}

TEST_F(plx_test, structural_errors_behind_valid_checksums) {
  const std::string good = slurp(full_graph_file());
  const section offsets = section_at(good, 0);
  const section indices = section_at(good, 1);
  {
    std::string bad = good;
    put<vertex_t>(bad, indices.offset + 4 * 3, 50);  // n == 50
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "offsets/indices: entry 3 is vertex 50, not below 50");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset + 8 * 10, get<edge_t>(bad, offsets.offset + 8 * 11) + 1);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "offsets decrease after row 10");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset + 8 * 50, 399);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "last offset 399 differs from the entry count 400");
  }
  {
    std::string bad = good;
    put<edge_t>(bad, offsets.offset, 1);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "first offset is not 0");
  }
  {
    std::string bad = good;
    put<vertex_t>(bad, section_at(good, 4).offset + 4 * 399, 0xffffffffu);
    rehash(bad);
    expect_rejected(bad, plexus::error_kind::parse, "reverse offsets/indices: entry 399 is vertex 4294967295");
  }
}

TEST_F(plx_test, hypergraph_damage_is_detected) {
  plexus::io::write_plx(small_hypergraph(true, true), dir_ / "h.plx");
  const std::string good = slurp(dir_ / "h.plx");
  EXPECT_EQ(good.substr(0, 8), "PLEXUSHG");
  const char* names[] = {"vertex offsets", "vertex incidence", "hyperedge offsets", "pins", "edge weights",
                         "vertex weights", "original ids"};
  for (int slot = 0; slot < 7; ++slot) {
    std::string bad = good;
    const section s = section_at(good, slot);
    bad[s.offset + s.bytes - 1] ^= 0x40;
    spit(dir_ / "bad.plx", bad);
    try {
      plexus::io::read_plx_hypergraph(dir_ / "bad.plx");
      ADD_FAILURE() << names[slot];
    } catch (const plexus::error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("checksum mismatch in section ") + names[slot]),
                std::string::npos)
          << e.what();
    }
  }
  std::string bad = good;
  put<vertex_t>(bad, section_at(good, 3).offset, 6);  // a pin equal to the vertex count
  rehash(bad);
  spit(dir_ / "bad.plx", bad);
  EXPECT_THROW(plexus::io::read_plx_hypergraph(dir_ / "bad.plx"), plexus::error);
}

TEST_F(plx_test, missing_file_is_an_io_error) {
  try {
    plexus::io::read_plx_graph(dir_ / "absent.plx");
    FAIL();
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), plexus::error_kind::io);
    EXPECT_NE(std::string(e.what()).find("absent.plx"), std::string::npos);
  }
  EXPECT_FALSE(plexus::io::is_plx(dir_ / "absent.plx"));
  EXPECT_THROW(plexus::io::read_plx_graph(dir_), plexus::error);  // a folder
}

TEST(plx_checksum, every_single_bit_flip_changes_the_block_hash) {
  std::vector<unsigned char> data(203);  // four lanes, a word tail and a byte tail
  std::mt19937 rng(5);
  for (auto& b : data) b = static_cast<unsigned char>(rng());
  const std::uint64_t h = plexus::io::detail::plx_block_hash(data.data(), data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    for (int bit = 0; bit < 8; ++bit) {
      data[i] ^= static_cast<unsigned char>(1u << bit);
      EXPECT_NE(plexus::io::detail::plx_block_hash(data.data(), data.size()), h) << i << ":" << bit;
      data[i] ^= static_cast<unsigned char>(1u << bit);
    }
  // Zero padding of the tail must not make lengths collide.
  EXPECT_NE(plexus::io::detail::plx_block_hash(data.data(), 201), plexus::io::detail::plx_block_hash(data.data(), 202));
}

}  // namespace
