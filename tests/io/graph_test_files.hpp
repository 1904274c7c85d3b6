// Temporary folder and file helpers for the graph reader tests.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/edge_list.hpp"

namespace plexus::test {

/// A fresh folder under the system temp folder, removed with everything in it.
class graph_temp_dir {
 public:
  graph_temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "plexus-graph-readers-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~graph_temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

  std::filesystem::path write(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    std::ofstream out(file, std::ios::binary);
    out << content;
    return file;
  }
  std::filesystem::path write_gz(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    gzFile gz = gzopen(file.c_str(), "wb");
    gzwrite(gz, content.data(), static_cast<unsigned>(content.size()));
    gzclose(gz);
    return file;
  }

 private:
  std::filesystem::path path_;
};

using arc = std::tuple<std::uint32_t, std::uint32_t, float>;

/// The arcs of an edge list in file order, weight 0 when unweighted.
inline std::vector<arc> arcs_of(const edge_list& edges) {
  std::vector<arc> out;
  for (std::size_t i = 0; i < edges.src.size(); ++i) {
    out.emplace_back(edges.src[i], edges.dst[i], edges.weighted() ? edges.weights[i] : 0.0f);
  }
  return out;
}

inline std::vector<arc> sorted(std::vector<arc> a) {
  std::sort(a.begin(), a.end());
  return a;
}

/// Runs `read`, expecting a plexus::error whose message starts with "file:line:" and
/// contains `fragment`; returns the message.
template <class Read>
std::string expect_error_at(Read&& read, const std::filesystem::path& file, std::size_t line,
                            const std::string& fragment, error_kind kind = error_kind::parse) {
  try {
    read();
  } catch (const error& e) {
    const std::string message = e.what();
    const std::string prefix = file.string() + (line == 0 ? std::string() : ":" + std::to_string(line)) + ":";
    EXPECT_EQ(message.rfind(prefix, 0), 0u) << "message: " << message << "\nexpected prefix: " << prefix;
    EXPECT_NE(message.find(fragment), std::string::npos) << "message: " << message << "\nexpected: " << fragment;
    EXPECT_EQ(e.kind(), kind) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "message must be one line: " << message;
    return message;
  }
  ADD_FAILURE() << "no error for " << file;
  return {};
}

}  // namespace plexus::test
