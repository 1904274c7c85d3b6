// The DSL's lexer: source text to tokens.
//
// Unlike StarPlat's lexer, a minus sign is always its own token (the parser makes negative
// numbers), so `x-1` reads as `x - 1`; `%`, `/=`, `&&=` and `||=` are tokens; `//` and `/* */`
// comments are skipped. A character that starts no token and a malformed number are
// reported and skipped, so one run reports every lexical error.
#pragma once

#include <vector>

#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/source.hpp"
#include "plexus/dsl/token.hpp"

namespace plexus::dsl {

/// The tokens of `file`, ending with one token_kind::end; problems go to `problems`.
std::vector<token> tokenize(const source_file& file, diagnostics& problems);

/// Whether `word` is reserved (design notes §1.2, including the dynamic-graph words).
bool is_reserved(std::string_view word);

}  // namespace plexus::dsl
