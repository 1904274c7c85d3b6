// Every reader names the line that is wrong: one bad line at a known position, after comment
// and blank lines or none, in files small enough for one thread and large enough that
// several threads parse them; and weights that a 32-bit float cannot hold, by every reader
// that reads weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

#include "graph_test_files.hpp"
#include "plexus/io/detail/text_input.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::io {
namespace {

using test::expect_error_at;

struct line_case {
  const char* name;                      // file name (its extension picks the reader)
  std::string header;                    // lines before the data (their count is added to the line number)
  std::function<std::string(int)> good;  // data line i, with its '\n'
  std::string bad;                       // the wrong line, with its '\n'
  std::string fragment;                  // what the message must say
  std::string comment;                   // a comment line this format accepts
  bool counted = false;                  // the header declares the data line count
};

/// A file of `lines` data lines whose line `bad_at` (0-based among the data lines) is the bad
/// one, with comment and blank lines after the header and among the data when `noise`;
/// returns the text and the expected 1-based line number of the bad line.
std::pair<std::string, std::size_t> make_file(const line_case& c, int lines, int bad_at, bool noise) {
  std::string text = c.header;
  if (c.counted) text.replace(text.find("COUNT"), 5, std::to_string(lines));
  if (noise) text += c.comment;
  std::size_t line_no = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  std::size_t bad_line = 0;
  for (int i = 0; i < lines; ++i) {
    if (noise && i % 1000 == 7) {
      text += c.comment;
      line_no += static_cast<std::size_t>(std::count(c.comment.begin(), c.comment.end(), '\n'));
    }
    text += i == bad_at ? c.bad : c.good(i);
    ++line_no;
    if (i == bad_at) bad_line = line_no;
  }
  return {text, bad_line};
}

std::vector<line_case> cases() {
  const auto pair_line = [](const char* sep) {
    return [sep](int i) { return std::to_string(i % 97) + sep + std::to_string(i % 89 + 1) + "\n"; };
  };
  return {
      {"g.el", "", pair_line(" "), "5 x\n", "target vertex id 'x'", "# note\n\n"},
      {"g.el", "", pair_line(" "), "5 6 7\n", "unexpected extra column '7'", "# note\n\n"},
      {"g.wel", "", [](int i) { return std::to_string(i % 97) + " 1 " + std::to_string(i % 5 + 1) + "\n"; },
       "5 6\n", "missing weight", "# note\n\n"},
      {"g.wel", "", [](int i) { return std::to_string(i % 97) + " 1 2\n"; }, "5 6 x\n", "weight 'x'",
       "% note\n"},
      {"g.wel", "", [](int i) { return std::to_string(i % 97) + " 1 2\n"; }, "5\n",
       "missing target vertex id", "\n"},
      {"g.txt", "# Directed graph\n", pair_line("\t"), "5\tx\n", "target vertex id 'x'", "# note\n\n"},
      {"g.csv", "SRC,DST,W\n", [](int i) { return std::to_string(i % 97) + ",1,2\n"; }, "5,6\n",
       "missing weight", "# note\n"},
      {"g.konect", "% asym weighted\n", [](int i) { return std::to_string(i % 97 + 1) + " 1 2\n"; },
       "0 1 2\n", "ids in this format start at 1", "% note\n\n"},
      {"g.e", "", pair_line(" "), "5 x\n", "target vertex id 'x'", "# note\n"},
      {"g.e", "", [](int i) { return std::to_string(i % 97) + " 1 2\n"; }, "5 6\n", "missing weight",
       "# note\n"},
      {"g.mtx", "%%MatrixMarket matrix coordinate real general\n100 100 COUNT\n",
       [](int i) { return std::to_string(i % 97 + 1) + " 1 2\n"; }, "5\n", "missing column index",
       "% note\n\n", true},
      {"g.mtx", "%%MatrixMarket matrix coordinate real general\n100 100 COUNT\n",
       [](int i) { return std::to_string(i % 97 + 1) + " 1 2\n"; }, "5 6 inf\n", "value 'inf' is not finite",
       "% note\n", true},
      {"g.gr", "p sp 100 COUNT\n", [](int i) { return "a " + std::to_string(i % 97 + 1) + " 1 3\n"; },
       "a 5 6\n", "missing arc length", "c note\n\n", true},
      {"g.gr", "p sp 100 COUNT\n", [](int i) { return "a " + std::to_string(i % 97 + 1) + " 1 3\n"; },
       "a 5 x 1\n", "arc head 'x'", "c note\n", true},
  };
}

TEST(read_graph, errors_name_the_line_that_is_wrong) {
  test::graph_temp_dir dir;
  for (const line_case& c : cases()) {
    for (const bool noise : {false, true}) {
      // Small: one chunk; large: several chunks, the bad line in a late one.
      // (The first data line is not among the bad ones: for an optional weight column it is
      // the line that decides the column, so a line after it is the one that differs.)
      for (const auto& [lines, bad_at] : {std::pair{5, 1}, std::pair{5, 4}, std::pair{400000, 333333}}) {
        const auto [text, line] = make_file(c, lines, bad_at, noise);
        const auto path = dir.write(c.name, text);
        read_options options;
        options.num_threads = 4;
        SCOPED_TRACE(std::string(c.name) + " " + c.bad + (noise ? " with comments" : "") + " lines " +
                     std::to_string(lines));
        expect_error_at([&] { read_edge_list(path, options); }, path, line, c.fragment);
      }
    }
  }
}

TEST(read_graph, optional_weight_missing_at_a_chunk_start_is_named_there) {
  // A line without the weight column that starts a parallel chunk: the file's first line
  // decides the column, so that very line is wrong, not the next one.
  test::graph_temp_dir dir;
  std::string text;
  for (int i = 0; i < 600000; ++i) text += std::to_string(10 + i % 90) + ",1,2\n";  // lines of 7 bytes
  const int threads = 4;
  const auto ranges = detail::split_lines(text, 0, detail::chunk_count(text.size(), threads));
  ASSERT_GE(ranges.size(), 3u);
  const std::size_t at = ranges[2].begin;
  text.replace(at, 7, text.substr(at, 4) + "  \n");  // "NN,1  \n": same length, no weight
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + at, '\n'));
  const auto path = dir.write("g.csv", text);
  read_options options;
  options.num_threads = threads;
  expect_error_at([&] { read_edge_list(path, options); }, path, line, "missing weight (earlier lines have");
}

TEST(read_graph, short_bad_lines_are_named_before_a_count_mismatch) {
  // Minimal lines make the file smaller than its declared count could fill; the malformed
  // line is still what is reported, not the header.
  test::graph_temp_dir dir;
  const auto gr = dir.write("g.gr", "c x\np sp 3 3\na 1 2 5\na 2 3\na 3 1 5\n");
  expect_error_at([&] { read_edge_list(gr); }, gr, 4, "missing arc length");
  const auto mtx =
      dir.write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2\n3 1\n");
  expect_error_at([&] { read_edge_list(mtx); }, mtx, 4, "missing column index");
  const auto metis = dir.write("g.graph", "3 9\n2 x\n1\n\n");
  expect_error_at([&] { read_edge_list(metis); }, metis, 2, "neighbour id 'x'");
  // Truncation itself still names the shortfall.
  const auto cut = dir.write("c.gr", "p sp 3 3\na 1 2 5\n");
  expect_error_at([&] { read_edge_list(cut); }, cut, 1, "'p' line declares 3 arcs but the file holds only 1");
}

TEST(read_graph, weights_beyond_a_float_are_rejected_with_their_line) {
  test::graph_temp_dir dir;
  // Every spelling fast_float accepts for an infinity or NaN, and finite values past FLT_MAX.
  for (const char* weight : {"1e39", "-1e39", "3.5e38", "1e400", "inf", "-inf", "+inf", "Infinity", "INF",
                             "nan", "NaN", "-nan", "+nan"}) {
    const std::string w = weight;
    SCOPED_TRACE(w);
    const auto wel = dir.write("g.wel", "0 1 1\n1 2 " + w + "\n");
    expect_error_at([&] { read_edge_list(wel); }, wel, 2, w);
    const auto csv = dir.write("g.csv", "0,1,2\n\n1,2," + w + "\n");
    expect_error_at([&] { read_edge_list(csv); }, csv, 3, w);
    const auto konect = dir.write("g.konect", "% asym weighted\n1 2 " + w + "\n");
    expect_error_at([&] { read_edge_list(konect); }, konect, 2, w);
    read_options third;
    third.weight_column = 3;
    const auto snap = dir.write("g.txt", "0 1 " + w + "\n");
    expect_error_at([&] { read_edge_list(snap, third); }, snap, 1, w);
    const auto mtx =
        dir.write("g.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 " + w + "\n");
    expect_error_at([&] { read_edge_list(mtx); }, mtx, 3, w);
    // GML reads a bare word as a key, so only signed or numeric spellings are values there.
    if (w[0] == '+' || w[0] == '-' || (w[0] >= '0' && w[0] <= '9')) {
      const auto gml =
          dir.write("g.gml", "graph [\n node [ id 0 ] node [ id 1 ]\n edge [ source 0 target 1 weight " + w +
                                 " ]\n]\n");
      expect_error_at([&] { read_edge_list(gml); }, gml, 3, w);
    }
  }
  // Negative weights are legal input (signed networks).
  const edge_list signed_edges = read_edge_list(dir.write("s.csv", "0,1,-10\n1,2,3.4e38\n"));
  EXPECT_EQ(signed_edges.weights[0], -10.0f);
}

}  // namespace
}  // namespace plexus::io
