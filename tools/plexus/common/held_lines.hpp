// Report lines held back until a command can no longer fail for a wrong command line.
//
// `plexus run` checks some options only once its input is loaded: a source that is no vertex
// of the graph, an option the variant chosen ignores, a delta too small for the weights, the
// balance an algorithm parses. Printed as they came, the "Graph:" and "Load Time:" lines would
// stand on standard output before such a usage error, and a script reading them would take a
// refused command for a report. So the lines are held in memory while the command may still
// be refused: released once it runs to its report (or fails while running, exit status 1, where
// what loaded is worth seeing), dropped when it is refused (exit status 2), so that standard
// output stays empty and standard error holds the one error line.
#pragma once

#include <cstddef>
#include <cstdio>

namespace plexus::cli {

class held_lines {
 public:
  /// Lines bound for `to` (null: none are printed, under --quiet or --json).
  explicit held_lines(std::FILE* to);
  ~held_lines();
  held_lines(const held_lines&) = delete;
  held_lines& operator=(const held_lines&) = delete;

  /// Where to print a line now: the memory that holds them, then `to` once released; null
  /// when nothing is printed.
  std::FILE* stream() const { return held_ != nullptr ? held_ : to_; }
  /// Prints what is held to `to`, and lets every later line through at once.
  void release();

 private:
  std::FILE* to_;
  std::FILE* held_ = nullptr;
  char* text_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace plexus::cli
