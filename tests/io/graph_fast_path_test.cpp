// The 32-bit fast path of the id-list and Matrix Market readers against an independent
// reference: files of a few MB (so 1, 2 and 3 threads split them into different chunks)
// with comment and blank lines scattered through the data (gaps in the output slices),
// CRLF line ends, sparse and dense id ranges (both renumbering methods), mirrored
// undirected arcs and decimal weights. The reference parses line by line with
// std::istringstream / strtod and renumbers through a std::map.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "graph_test_files.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::arc;
using test::arcs_of;

struct reference_arcs {
  std::vector<std::uint64_t> src, dst;
  std::vector<double> weights;
};

// Data lines of an id list: "u v [w]"; '#', '%' and blank lines skipped.
reference_arcs reference_parse(const std::string& text, bool weighted) {
  reference_arcs r;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#' || line[first] == '%') continue;
    std::istringstream fields(line);
    std::string u, v, w;
    fields >> u >> v;
    r.src.push_back(std::stoull(u));
    r.dst.push_back(std::stoull(v));
    if (weighted) {
      fields >> w;
      r.weights.push_back(std::strtod(w.c_str(), nullptr));
    }
  }
  return r;
}

// Expected arcs: renumbered through a map when compacting, mirrored after the originals.
std::vector<arc> expected_arcs(const reference_arcs& r, bool compact, bool mirror, std::uint64_t base,
                               std::vector<std::uint64_t>* original_ids) {
  std::map<std::uint64_t, std::uint32_t> ids;
  for (std::size_t i = 0; i < r.src.size(); ++i) ids[r.src[i]] = ids[r.dst[i]] = 0;
  std::uint32_t next = 0;
  for (auto& [id, v] : ids) {
    v = next++;
    if (original_ids != nullptr) original_ids->push_back(id);
  }
  const auto map = [&](std::uint64_t id) { return compact ? ids[id] : static_cast<std::uint32_t>(id - base); };
  std::vector<arc> out;
  for (std::size_t i = 0; i < r.src.size(); ++i) {
    out.emplace_back(map(r.src[i]), map(r.dst[i]), r.weights.empty() ? 0.0f : static_cast<float>(r.weights[i]));
  }
  if (mirror) {
    for (std::size_t i = 0; i < r.src.size(); ++i) {
      if (r.src[i] == r.dst[i]) continue;
      out.emplace_back(map(r.dst[i]), map(r.src[i]), r.weights.empty() ? 0.0f : static_cast<float>(r.weights[i]));
    }
  }
  return out;
}

struct lcg {
  std::uint64_t x;
  std::uint64_t next() {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x >> 17;
  }
};

// About `lines` arc lines with ids below `range` (+ offset), comments and blank lines
// every few hundred lines, CRLF on some lines, an unterminated last line.
std::string make_list(std::size_t lines, std::uint64_t range, std::uint64_t offset, bool weighted, std::uint64_t seed) {
  lcg r{seed};
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    if (r.next() % 397 == 0) text += "# a comment line inside the data\n";
    if (r.next() % 541 == 0) text += "\n   \n";
    text += std::to_string(offset + r.next() % range);
    text += (i % 3 == 0) ? "\t" : " ";
    text += std::to_string(offset + r.next() % range);
    if (weighted) {
      const std::uint64_t w = r.next();
      text += ' ';
      if (w % 4 == 0) text += "-";
      text += std::to_string(w % 1000) + "." + std::to_string(w % 97);
      if (w % 11 == 0) text += "e-3";  // exponents take fast_float's path
    }
    text += (i % 7 == 0) ? "\r\n" : "\n";
  }
  text.pop_back();
  if (text.back() == '\r') text.pop_back();
  return text;
}

class graph_fast_path : public ::testing::Test {
 protected:
  test::graph_temp_dir dir;

  void check(const std::string& name, const std::string& text, bool weighted, bool compact, std::uint64_t base,
             read_options options = {}, bool mirror = false) {
    const auto path = dir.write(name, text);
    const reference_arcs r = reference_parse(text, weighted);
    std::vector<std::uint64_t> original_ids;
    const std::vector<arc> want = expected_arcs(r, compact, mirror, base, &original_ids);
    options.compact_ids = compact;
    for (int threads : {1, 2, 3}) {
      options.num_threads = threads;
      const edge_list e = read_edge_list(path, options);
      ASSERT_EQ(e.size(), want.size()) << name << " threads " << threads;
      EXPECT_TRUE(arcs_of(e) == want) << name << " threads " << threads;
      if (compact) {
        EXPECT_EQ(std::vector<std::uint64_t>(e.original_ids.begin(), e.original_ids.end()), original_ids) << name;
        EXPECT_EQ(e.num_vertices, original_ids.size());
      } else {
        // Ids are kept as the file writes them: a 1-based file keeps its 1-based ids.
        EXPECT_EQ(e.original_ids.empty(), base == 0) << name;
        if (base != 0) {
          EXPECT_EQ(e.original_ids.back(), original_ids.back()) << name;
        }
        EXPECT_EQ(e.num_vertices, original_ids.back() + 1 - base);
      }
    }
  }
};

TEST_F(graph_fast_path, el_dense_ids_renumbered_and_kept) {
  const std::string text = make_list(250000, 60000, 0, false, 1);
  check("dense.el", text, false, true, 0);
  check("dense.el", text, false, false, 0);
}

TEST_F(graph_fast_path, snap_sparse_ids_take_the_sorting_renumbering) {
  // 200k arcs over ids spread across 2^31: the bitmap would be far larger than the arcs.
  const std::string text = "# Directed graph\n" + make_list(200000, std::uint64_t{1} << 31, 5, false, 2);
  check("sparse.txt", text, false, true, 0);
}

TEST_F(graph_fast_path, snap_undirected_read_as_directed_is_mirrored) {
  const std::string text = "# Undirected graph\n" + make_list(150000, 40000, 1000, false, 3) + "\n7 7\n";
  read_options directed;
  directed.directed = true;
  check("undirected.txt", text, false, true, 0, directed, /*mirror=*/true);
}

TEST_F(graph_fast_path, wel_decimal_weights_match_strtod) {
  const std::string text = make_list(200000, 50000, 0, true, 4);
  check("w.wel", text, true, false, 0);
  check("w.wel", text, true, true, 0);
}

TEST_F(graph_fast_path, konect_one_based_weighted) {
  const std::string text = "% asym positive\n" + make_list(150000, 30000, 1, true, 5);
  check("out.test", text, true, false, 1);
}

TEST_F(graph_fast_path, matrix_market_symmetric_real_mirrored_when_directed) {
  lcg r{6};
  const std::uint64_t n = 20000;
  std::string body;
  std::string plain;  // the same entries as a 1-based weighted id list, for the reference
  const std::size_t nnz = 200000;
  for (std::size_t i = 0; i < nnz; ++i) {
    const std::string line = std::to_string(1 + r.next() % n) + " " + std::to_string(1 + r.next() % n) + " " +
                             std::to_string(r.next() % 5000) + ".25\n";
    body += line;
    plain += line;
    if (i % 1000 == 0) body += "% comment\n";
  }
  const std::string text = "%%MatrixMarket matrix coordinate real symmetric\n" + std::to_string(n) + " " +
                           std::to_string(n) + " " + std::to_string(nnz) + "\n" + body;
  const auto path = dir.write("m.mtx", text);
  const reference_arcs ref = reference_parse(plain, true);
  const std::vector<arc> want = expected_arcs(ref, false, true, 1, nullptr);
  read_options options;
  options.directed = true;
  for (int threads : {1, 2, 3}) {
    options.num_threads = threads;
    const edge_list e = read_edge_list(path, options);
    EXPECT_EQ(e.num_vertices, n);
    EXPECT_TRUE(e.directed);
    EXPECT_TRUE(arcs_of(e) == want) << "threads " << threads;
  }
}

TEST_F(graph_fast_path, errors_in_a_later_chunk_keep_their_line) {
  std::string text = make_list(200000, 1000, 0, false, 7);
  text += "\n5 six\n";
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  const auto path = dir.write("bad.el", text);
  for (int threads : {1, 2, 3}) {
    read_options options;
    options.num_threads = threads;
    test::expect_error_at([&] { read_edge_list(path, options); }, path, lines - 1, "target vertex id 'six'");
  }
}

}  // namespace
}  // namespace plexus::io
