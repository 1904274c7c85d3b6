// Diagnostics of the DSL compiler: every problem found in a program, each at its place.
//
// A run collects them (the parser recovers after an error, the checker goes on) and prints
// each as compilers do:
//
//   bfs.sp:12:17: error: unknown property 'levl' of node 'w'
//       w.levl = v.level + 1;
//         ^~~~
//
// As compilers cap theirs (clang's -ferror-limit), a run stops at the error after the
// kMaxErrors-th: error() then throws diagnostics::stop, which parse() and check() catch, and
// the report ends with "too many errors; stopping". What a diagnostic prints is bounded
// whatever the program holds: a long message keeps its start and end, a long line shows the
// columns around the caret between "...", and control bytes and bytes that are not UTF-8 are
// written \xHH.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

/// The errors one run reports before it stops.
inline constexpr std::size_t kMaxErrors = 20;

enum class severity { error, warning };

struct diagnostic {
  severity level = severity::error;
  source_range range;
  std::string message;
};

class diagnostics {
 public:
  /// Thrown by error() once kMaxErrors errors were reported: reading the program stops.
  struct stop {};

  explicit diagnostics(const source_file& file) : file_(&file) {}

  void error(source_range at, std::string message);
  void warning(source_range at, std::string message) { add(severity::warning, at, std::move(message)); }

  const source_file& file() const { return *file_; }
  const std::vector<diagnostic>& all() const { return all_; }
  std::size_t errors() const { return errors_; }
  bool has_errors() const { return errors_ > 0; }
  /// Whether more errors were found than kMaxErrors (the run stopped at the first beyond).
  bool stopped() const { return stopped_; }

  /// "file:line:column: error: message".
  std::string headline(const diagnostic& d) const;
  /// The headline, the source line (or the columns around the caret of a long one) and a
  /// caret under the range.
  std::string render(const diagnostic& d) const;
  /// Every diagnostic rendered, in the order found, then "file: too many errors; stopping"
  /// when the run stopped.
  std::string render_all() const;
  /// "file: 3 errors", or "file: more than 20 errors" when the run stopped.
  std::string summary() const;

 private:
  void add(severity level, source_range at, std::string message);

  const source_file* file_;
  std::vector<diagnostic> all_;
  std::size_t errors_ = 0;
  bool stopped_ = false;
};

}  // namespace plexus::dsl
