// The DSL's lexer: source text to tokens.
//
// Unlike StarPlat's lexer, a minus sign is always its own token (the parser makes negative
// numbers), so `x-1` reads as `x - 1`; `%`, `/=`, `&&=` and `||=` are tokens; `//` and `/* */`
// comments are skipped. A character that starts no token and a malformed number are
// reported and skipped, so one run reports every lexical error. The parser takes the tokens
// one at a time as it goes, so a program of any size needs no more than its text in memory.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/source.hpp"
#include "plexus/dsl/token.hpp"

namespace plexus::dsl {

class lexer {
 public:
  lexer(const source_file& file, diagnostics& problems) : text_(file.text()), problems_(problems) {}

  /// The next token; token_kind::end (again and again) after the last. Problems on the way
  /// go to the diagnostics.
  token next();

 private:
  std::string_view text_;
  diagnostics& problems_;
  std::uint32_t at_ = 0;
};

/// Every token of `file`, ending with one token_kind::end (or where the diagnostics stopped);
/// problems go to `problems`.
std::vector<token> tokenize(const source_file& file, diagnostics& problems);

/// Whether `word` is reserved (design notes §1.2, including the dynamic-graph words).
bool is_reserved(std::string_view word);

}  // namespace plexus::dsl
