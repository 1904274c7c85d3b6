// The tokens of the DSL (design notes §1.2): identifiers, reserved words, numbers and
// punctuation, each with its spelling and its place in the source.
#pragma once

#include <string_view>

#include "plexus/dsl/source.hpp"

namespace plexus::dsl {

enum class token_kind {
  identifier,  // [A-Za-z_][A-Za-z0-9_]*, not reserved
  keyword,     // a reserved word: int, forall, fixedPoint, Min, True, INF, ...
  integer,     // 42
  floating,    // 0.85, 1.5e-3, 3.
  symbol,      // punctuation and operators: + += && < ( ...
  end,         // after the last token
};

struct token {
  token_kind kind = token_kind::end;
  std::string_view text;  // the spelling, a view into the source text
  source_range range;

  bool is(token_kind k, std::string_view spelling) const { return kind == k && text == spelling; }
  bool is_symbol(std::string_view spelling) const { return is(token_kind::symbol, spelling); }
  bool is_keyword(std::string_view spelling) const { return is(token_kind::keyword, spelling); }
};

/// How a diagnostic names a token: "identifier 'x'", "number '12'", "'forall'", "end of file".
std::string describe(const token& t);

}  // namespace plexus::dsl
