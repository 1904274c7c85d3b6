// Helpers of the DSL tests: a program parsed from a string, and its diagnostics' headlines.
#pragma once

#include <string>
#include <vector>

#include "plexus/dsl/ast.hpp"
#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/parser.hpp"
#include "plexus/dsl/source.hpp"

namespace plexus::dsl::test {

struct parsed {
  source_file file;
  diagnostics problems;
  program tree;

  explicit parsed(std::string text, std::string name = "test.sp") : parsed(source_file(std::move(name), std::move(text))) {}
  explicit parsed(source_file source) : file(std::move(source)), problems(file), tree(parse(file, problems)) {}
  parsed(const parsed&) = delete;
  parsed& operator=(const parsed&) = delete;

  std::vector<std::string> headlines() const {
    std::vector<std::string> out;
    for (const diagnostic& d : problems.all()) out.push_back(problems.headline(d));
    return out;
  }
};

/// A program with one mistake, and the first diagnostic it must get, exactly.
struct invalid_program {
  const char* text;
  const char* first_diagnostic;
};

/// dsl/examples/`name`, read.
inline source_file program_file(const std::string& name) {
  return source_file::read(std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/" + name);
}

/// The first statement of the first function.
inline const statement& first_statement(const program& p) { return *p.functions.at(0).body.at(0); }

}  // namespace plexus::dsl::test
