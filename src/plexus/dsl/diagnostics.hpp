// Diagnostics of the DSL compiler: every problem found in a program, each at its place.
//
// A run collects them all (the parser recovers after an error, the checker goes on) and
// prints each as compilers do:
//
//   bfs.sp:12:17: error: unknown property 'levl' of node 'w'
//       w.levl = v.level + 1;
//         ^~~~
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

enum class severity { error, warning };

struct diagnostic {
  severity level = severity::error;
  source_range range;
  std::string message;
};

class diagnostics {
 public:
  explicit diagnostics(const source_file& file) : file_(&file) {}

  void error(source_range at, std::string message) { add(severity::error, at, std::move(message)); }
  void warning(source_range at, std::string message) { add(severity::warning, at, std::move(message)); }

  const source_file& file() const { return *file_; }
  const std::vector<diagnostic>& all() const { return all_; }
  std::size_t errors() const { return errors_; }
  bool has_errors() const { return errors_ > 0; }

  /// "file:line:column: error: message".
  std::string headline(const diagnostic& d) const;
  /// The headline, the source line and a caret under the range (one line of it).
  std::string render(const diagnostic& d) const;
  /// Every diagnostic rendered, in the order found.
  std::string render_all() const;

 private:
  void add(severity level, source_range at, std::string message);

  const source_file* file_;
  std::vector<diagnostic> all_;
  std::size_t errors_ = 0;
};

}  // namespace plexus::dsl
