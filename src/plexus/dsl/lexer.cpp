// The DSL's lexer; see lexer.hpp.
#include "plexus/dsl/lexer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <cctype>
#include <string>

namespace plexus::dsl {

namespace {

constexpr std::string_view kReserved[] = {
    // types
    "int", "long", "float", "double", "bool", "node", "edge", "Graph", "dirGraph", "propNode", "propEdge", "SetN",
    "SetE", "list", "updates", "container", "nodeMap", "Heap", "Map",
    // statements
    "function", "return", "if", "else", "while", "do", "for", "forall", "in", "fixedPoint", "until", "iterateInBFS",
    "iterateInReverse", "from", "filter",
    // reductions
    "Min", "Max", "Sum", "Count", "Product", "And", "Or",
    // literals
    "True", "False", "INF",
    // dynamic graphs
    "Static", "Dynamic", "Incremental", "Decremental", "Batch", "OnAdd", "OnDelete"};

// Longest first, so that "&&=" wins over "&&" and "&&" over "&".
constexpr std::string_view kSymbols[] = {
    "&&=", "||=", "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "|=", "&=", "++", "--", "+", "-", "*",
    "/",   "%",   "!",  "<",  ">",  "=",  ".",  ",",  ";",  ":",  "(",  ")",  "{",  "}",  "[",  "]",  "&",  "|", "?",
    "@"};

bool starts_identifier(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool continues_identifier(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

bool is_reserved(std::string_view word) {
  return std::find(std::begin(kReserved), std::end(kReserved), word) != std::end(kReserved);
}

std::string describe(const token& t) {
  switch (t.kind) {
    case token_kind::identifier:
      return fmt::format("identifier '{}'", t.text);
    case token_kind::integer:
    case token_kind::floating:
      return fmt::format("number '{}'", t.text);
    case token_kind::end:
      return "end of file";
    default:
      return fmt::format("'{}'", t.text);
  }
}

token lexer::next() {
  const std::string_view text = text_;
  std::uint32_t& i = at_;
  const auto at = [&](std::uint32_t k) { return k < text.size() ? text[k] : '\0'; };
  const auto made = [&](token_kind kind, std::uint32_t begin) {
    return token{kind, text.substr(begin, i - begin), {begin, i}};
  };
  while (i < text.size()) {
    const char c = text[i];
    const std::uint32_t begin = i;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && at(i + 1) == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '/' && at(i + 1) == '*') {
      const std::size_t close = text.find("*/", i + 2);
      if (close == std::string_view::npos) {
        i = static_cast<std::uint32_t>(text.size());
        problems_.error({begin, begin + 2}, "unterminated comment: '/*' without '*/'");
      } else {
        i = static_cast<std::uint32_t>(close + 2);
      }
    } else if (starts_identifier(c)) {
      while (continues_identifier(at(i))) ++i;
      return made(is_reserved(text.substr(begin, i - begin)) ? token_kind::keyword : token_kind::identifier,
                  begin);
    } else if (is_digit(c) || (c == '.' && is_digit(at(i + 1)))) {
      bool floating = false;
      while (is_digit(at(i))) ++i;
      if (at(i) == '.' && !starts_identifier(at(i + 1))) {
        floating = true;
        ++i;
        while (is_digit(at(i))) ++i;
      }
      if ((at(i) == 'e' || at(i) == 'E') &&
          (is_digit(at(i + 1)) || ((at(i + 1) == '+' || at(i + 1) == '-') && is_digit(at(i + 2))))) {
        floating = true;
        i += 2;
        while (is_digit(at(i))) ++i;
      }
      if (continues_identifier(at(i))) {
        while (continues_identifier(at(i))) ++i;
        problems_.error({begin, i}, fmt::format("malformed number '{}'", text.substr(begin, i - begin)));
        continue;
      }
      return made(floating ? token_kind::floating : token_kind::integer, begin);
    } else {
      const auto symbol = std::find_if(std::begin(kSymbols), std::end(kSymbols),
                                       [&](std::string_view s) { return text.substr(i, s.size()) == s; });
      if (symbol == std::end(kSymbols)) {
        const unsigned char byte = static_cast<unsigned char>(c);
        ++i;
        problems_.error({begin, begin + 1}, std::isprint(byte)
                                                ? fmt::format("unexpected character '{}'", c)
                                                : fmt::format("unexpected byte 0x{:02x}", byte));
        continue;
      }
      i += static_cast<std::uint32_t>(symbol->size());
      return made(token_kind::symbol, begin);
    }
  }
  return made(token_kind::end, i);
}

std::vector<token> tokenize(const source_file& file, diagnostics& problems) {
  lexer in(file, problems);
  std::vector<token> tokens;
  try {
    do tokens.push_back(in.next());
    while (tokens.back().kind != token_kind::end);
  } catch (const diagnostics::stop&) {
    tokens.push_back({token_kind::end, std::string_view(), {0, 0}});
  }
  return tokens;
}

}  // namespace plexus::dsl
