// token_cursor: the parser's place in a program's tokens, and how it reports a syntax error:
// the diagnostic, then syntax_error thrown to abandon what was being parsed (parser.cpp
// resumes after the statement). Shared by the statement and the expression parsers. It reads
// the tokens from the lexer as parsing goes, keeping only the previous, the current and the
// next one: tokens are handed out by value.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/lexer.hpp"
#include "plexus/dsl/source.hpp"
#include "plexus/dsl/token.hpp"

namespace plexus::dsl {

// Thrown after a syntax error was reported, to abandon the statement (or function header)
// being parsed; the caller skips to where parsing can resume.
struct syntax_error {};

// Deeper nesting of statements, types or expressions (an expression's operators count, so a
// chain of 200 '+' is as deep as 200 parentheses) is refused rather than left to exhaust the
// stack of every stage that walks the tree. An else-if ladder is not nesting: its arms are
// siblings, however many.
inline constexpr int kDeepest = 200;

template <std::size_t N>
bool one_of(std::string_view word, const std::string_view (&words)[N]) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

class token_cursor {
 public:
  token_cursor(const source_file& file, diagnostics& problems)
      : file_(file), lexer_(file, problems), problems_(problems), current_(lexer_.next()) {}

  // Counts one level of nesting while it lives.
  class nesting {
   public:
    explicit nesting(token_cursor& p) : p_(p) {
      if (p_.depth_ == kDeepest) p_.fail(p_.peek().range, fmt::format("nesting deeper than {} levels", kDeepest));
      ++p_.depth_;
    }
    ~nesting() { --p_.depth_; }
    nesting(const nesting&) = delete;
    nesting& operator=(const nesting&) = delete;

   private:
    token_cursor& p_;
  };

  /// The current token (valid until next()).
  const token& peek() const { return current_; }
  /// The token after the current one.
  const token& peek_after() {
    if (!has_after_) {
      after_ = current_.kind == token_kind::end ? current_ : lexer_.next();
      has_after_ = true;
    }
    return after_;
  }
  /// Moves past the current token, and returns it; the end token stays current.
  token next() {
    const token t = current_;
    if (current_.kind == token_kind::end) return t;
    previous_ = current_;
    current_ = has_after_ ? after_ : lexer_.next();
    has_after_ = false;
    ++consumed_;
    return t;
  }
  const token& previous() const { return previous_; }
  bool accept_symbol(std::string_view s) {
    if (!peek().is_symbol(s)) return false;
    next();
    return true;
  }
  [[noreturn]] void fail(source_range at, std::string message) {
    problems_.error(at, std::move(message));
    throw syntax_error{};
  }
  [[noreturn]] void fail_expected(std::string_view what) {
    fail(peek().range, fmt::format("expected {}, found {}", what, describe(peek())));
  }
  token expect_symbol(std::string_view s, std::string_view why) {
    if (!peek().is_symbol(s)) fail_expected(fmt::format("'{}' {}", s, why));
    return next();
  }
  token expect_keyword(std::string_view word, std::string_view why) {
    if (!peek().is_keyword(word)) fail_expected(fmt::format("'{}' {}", word, why));
    return next();
  }
  token expect_identifier(std::string_view why) {
    if (peek().kind != token_kind::identifier) {
      if (peek().kind == token_kind::keyword)
        fail(peek().range, fmt::format("'{}' is a reserved word and cannot be used as a name", peek().text));
      fail_expected(fmt::format("a name {}", why));
    }
    return next();
  }
  /// Expects '>' where a '>=' token may have run it into a following '=' (`<a, b>=<...>`).
  void expect_closing_angle(std::string_view why) {
    if (peek().is_symbol(">=")) {
      current_.text = current_.text.substr(1);
      current_.range.begin += 1;
      return;
    }
    expect_symbol(">", why);
  }

  /// Whether `t` is the first token of its line.
  bool starts_line(const token& t) const {
    const std::string_view text = file_.text();
    for (std::uint32_t i = t.range.begin; i > 0; --i) {
      if (text[i - 1] == '\n') return true;
      if (text[i - 1] != ' ' && text[i - 1] != '\t' && text[i - 1] != '\r') return false;
    }
    return true;
  }

  /// How many tokens parsing has moved past (to tell whether it moved).
  std::size_t position() const { return consumed_; }

 private:
  const source_file& file_;
  lexer lexer_;
  diagnostics& problems_;
  token previous_, current_, after_;
  bool has_after_ = false;
  std::size_t consumed_ = 0;
  int depth_ = 0;
};

}  // namespace plexus::dsl
