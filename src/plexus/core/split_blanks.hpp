// Splitting a line of text into its words: the Matrix Market banner and the outputs a compiled
// DSL program writes back (dsl/jit/compiled_run.cpp) are read this way.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace plexus {

/// The words of `line`, split at blanks (space, tab, carriage return, vertical tab, form
/// feed); empty words are left out.
inline std::vector<std::string_view> split_blanks(std::string_view line) {
  constexpr std::string_view kBlanks = " \t\r\v\f";
  std::vector<std::string_view> words;
  for (std::size_t start = line.find_first_not_of(kBlanks); start != std::string_view::npos;) {
    const std::size_t end = std::min(line.find_first_of(kBlanks, start), line.size());
    words.push_back(line.substr(start, end - start));
    start = line.find_first_not_of(kBlanks, end);
  }
  return words;
}

}  // namespace plexus
