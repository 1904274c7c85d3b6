// Runs a line parser over a text buffer in parallel, one chunk of whole lines per thread.
//
// Each chunk fills its own Result (thread-local vectors), so the hot loop shares nothing;
// the caller concatenates the results in chunk order, which keeps the output identical to a
// serial parse. Exceptions cannot leave an OpenMP region, so each chunk records its first
// problem in a chunk_error and the earliest one in the file is thrown afterwards.
#pragma once

#include <exception>
#include <new>
#include <string>
#include <vector>

#include "text_input.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {

/// Calls parse(first, last, result, error) for every chunk of lines of [begin, text.end())
/// and returns the per-chunk results in file order. `parse` reports a problem through
/// error.set(offset, message) and stops; plexus::error and std::bad_alloc thrown inside are
/// captured and rethrown on the calling thread.
template <class Result, class ParseChunk>
std::vector<Result> parse_chunks(const text_buffer& text, std::size_t begin, int num_threads, ParseChunk&& parse) {
  const int parts = chunk_count(text.size() - begin, num_threads);
  const std::vector<line_range> ranges = split_lines(text.view(), begin, parts);
  std::vector<Result> results(ranges.size());
  std::vector<chunk_error> errors(ranges.size());
  std::vector<std::exception_ptr> exceptions(ranges.size());
  const long n = static_cast<long>(ranges.size());
#pragma omp parallel for schedule(static, 1) num_threads(parts)
  for (long i = 0; i < n; ++i) {
    try {
      parse(text.begin() + ranges[i].begin, text.begin() + ranges[i].end, results[i], errors[i]);
    } catch (...) {
      exceptions[i] = std::current_exception();
    }
  }
  // Parse errors first (earliest in the file), then anything else a chunk threw.
  rethrow_first(text, errors);
  for (const auto& e : exceptions)
    if (e) std::rethrow_exception(e);
  return results;
}

}  // namespace plexus::io::detail
