// The DSL's lexer (lexer.hpp): tokens with their spellings and places, StarPlat's quirks
// fixed (a minus is always its own token), and lexical errors reported and skipped.
#include "plexus/dsl/lexer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace plexus::dsl {
namespace {

struct lexed {
  source_file file;
  diagnostics problems;
  std::vector<token> tokens;
  explicit lexed(std::string text) : file("lex.sp", std::move(text)), problems(file), tokens(tokenize(file, problems)) {}

  std::vector<token_kind> kinds() const {
    std::vector<token_kind> out;
    for (const token& t : tokens) out.push_back(t.kind);
    return out;
  }
  std::vector<std::string> spellings() const {
    std::vector<std::string> out;
    for (const token& t : tokens)
      if (t.kind != token_kind::end) out.emplace_back(t.text);
    return out;
  }
};

TEST(dsl_lexer, a_minus_is_its_own_token_so_x_minus_1_reads_as_a_subtraction) {
  const lexed l("x-1 y -2.5");
  EXPECT_FALSE(l.problems.has_errors());
  EXPECT_EQ(l.spellings(), (std::vector<std::string>{"x", "-", "1", "y", "-", "2.5"}));
  using enum token_kind;
  EXPECT_EQ(l.kinds(), (std::vector<token_kind>{identifier, symbol, integer, identifier, symbol, floating, end}));
}

TEST(dsl_lexer, reserved_words_numbers_and_the_longest_operators) {
  const lexed l("forall nodes propNode<float> 3. 1e-3 .5 a&&=b || c %= <= ++ x--");
  EXPECT_FALSE(l.problems.has_errors()) << l.problems.render_all();
  EXPECT_EQ(l.spellings(), (std::vector<std::string>{"forall", "nodes", "propNode", "<", "float", ">", "3.", "1e-3",
                                                      ".5", "a", "&&=", "b", "||", "c", "%", "=", "<=", "++", "x",
                                                      "--"}));
  using enum token_kind;
  const std::vector<token_kind> kinds = l.kinds();
  EXPECT_EQ(std::vector<token_kind>(kinds.begin(), kinds.begin() + 9),
            (std::vector<token_kind>{keyword, identifier, keyword, symbol, keyword, symbol, floating, floating,
                                     floating}));
}

TEST(dsl_lexer, comments_are_skipped_and_ranges_point_into_the_text) {
  const lexed l("a // to the end of the line\n/* a block\ncomment */ b");
  EXPECT_EQ(l.spellings(), (std::vector<std::string>{"a", "b"}));
  const line_column b = l.file.position(l.tokens[1].range.begin);
  EXPECT_EQ(b.line, 3u);
  EXPECT_EQ(b.column, 12u);
  EXPECT_EQ(l.tokens.back().kind, token_kind::end);
  EXPECT_EQ(l.tokens.back().range.begin, l.file.text().size());
}

TEST(dsl_lexer, every_lexical_error_is_reported_at_its_place_and_lexing_goes_on) {
  const lexed l("int x = 1 $ 2;\nint y = 12ab;\n# /* never closed");
  std::vector<std::string> headlines;
  for (const diagnostic& d : l.problems.all()) headlines.push_back(l.problems.headline(d));
  EXPECT_EQ(headlines, (std::vector<std::string>{
                           "lex.sp:1:11: error: unexpected character '$'",
                           "lex.sp:2:9: error: malformed number '12ab'",
                           "lex.sp:3:1: error: unexpected character '#'",
                           "lex.sp:3:3: error: unterminated comment: '/*' without '*/'",
                       }));
  EXPECT_EQ(l.spellings(), (std::vector<std::string>{"int", "x", "=", "1", "2", ";", "int", "y", "=", ";"}));
}

TEST(dsl_lexer, a_byte_that_is_not_printable_is_named_by_its_value) {
  const lexed l(std::string("a \x01 b"));
  ASSERT_EQ(l.problems.all().size(), 1u);
  EXPECT_EQ(l.problems.all()[0].message, "unexpected byte 0x01");
}

}  // namespace
}  // namespace plexus::dsl
