// The DSL's parser; see parser.hpp for the grammar.
#include "plexus/dsl/parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plexus/dsl/expression_parser.hpp"
#include "plexus/dsl/lexer.hpp"
#include "plexus/dsl/token_cursor.hpp"
#include "plexus/dsl/type_parser.hpp"

namespace plexus::dsl {

namespace {

constexpr std::string_view kDynamicWords[] = {"Dynamic", "Incremental", "Decremental", "Batch", "OnAdd", "OnDelete",
                                              "updates"};
constexpr std::string_view kCompoundOperators[] = {"+=", "-=", "*=", "/=", "|=", "&=", "&&=", "||="};

// Functions and statements; types go to type_parser, expressions to expression_parser.
class parser : token_cursor {
 public:
  parser(const source_file& file, diagnostics& problems) : token_cursor(file, problems) {}

  program run() {
    program out;
    while (peek().kind != token_kind::end) {
      try {
        out.functions.push_back(parse_function());
      } catch (const syntax_error&) {
        // Resume at the next function.
        while (peek().kind != token_kind::end && !peek().is_keyword("function") && !peek().is_keyword("Static")) next();
      }
    }
    return out;
  }

 private:
  /// Whether `t` can only start a statement: a type or a statement keyword.
  static bool starts_statement(const token& t) {
    static constexpr std::string_view words[] = {"if", "while", "do", "for", "forall", "fixedPoint", "iterateInBFS",
                                                 "return"};
    return type_parser::starts(t) || (t.kind == token_kind::keyword && one_of(t.text, words));
  }

  /// Skips the rest of a broken statement that began at token `start`: past its ';', or up to
  /// the '}' closing the block it is in (braces opened on the way are skipped whole), or up to
  /// a line that starts with a type or a statement keyword (the ';' before it was forgotten).
  void recover(std::size_t start) {
    if (position() == start && peek().kind != token_kind::end && !peek().is_symbol("}")) next();
    int depth = 0;
    while (peek().kind != token_kind::end) {
      if (depth == 0 && starts_statement(peek()) && starts_line(peek())) return;
      if (peek().is_symbol("{")) {
        ++depth;
      } else if (peek().is_symbol("}")) {
        if (depth == 0) return;
        --depth;
        if (depth == 0) {
          next();
          return;
        }
      } else if (peek().is_symbol(";") && depth == 0) {
        next();
        return;
      }
      next();
    }
  }

  // ---- functions and types ----
  function parse_function() {
    const token start = peek();
    if (start.kind == token_kind::keyword && one_of(start.text, kDynamicWords))
      fail(start.range, fmt::format("'{}' belongs to dynamic graphs, which are not supported", start.text));
    if (!start.is_keyword("function") && !start.is_keyword("Static")) fail_expected("'function'");
    next();
    function f;
    const token name = expect_identifier("for the function");
    f.name = std::string(name.text);
    f.name_range = name.range;
    expect_symbol("(", "after the function's name");
    if (!peek().is_symbol(")")) {
      do f.parameters.push_back(parse_parameter());
      while (accept_symbol(","));
    }
    expect_symbol(")", "to close the parameters");
    f.body = parse_block("to open the function's body");
    f.range = span(start.range, previous().range);
    return f;
  }

  parameter parse_parameter() {
    parameter p;
    p.type = type_parser(*this).parse();
    const token name = expect_identifier("for the parameter");
    p.name = std::string(name.text);
    if (accept_symbol("(")) {
      p.graph = std::string(expect_identifier("of the parameter's graph").text);
      expect_symbol(")", "after the parameter's graph");
    }
    p.range = span(p.type.range, previous().range);
    return p;
  }

  // ---- statements ----
  std::vector<statement_ptr> parse_block(std::string_view why) {
    expect_symbol("{", why);
    std::vector<statement_ptr> body;
    while (!peek().is_symbol("}") && peek().kind != token_kind::end) {
      const std::size_t start = position();
      try {
        body.push_back(parse_statement());
      } catch (const syntax_error&) {
        recover(start);
      }
    }
    expect_symbol("}", "to close the block");
    return body;
  }

  statement_ptr make(statement_kind kind, source_range start) {
    auto s = std::make_unique<statement>();
    s->kind = kind;
    s->range = start;
    return s;
  }
  void finish(statement& s) { s.range = span(s.range, previous().range); }

  statement_ptr parse_statement() {
    const nesting level(*this);
    const token t = peek();
    if (t.is_symbol("{")) {
      auto s = make(statement_kind::block, t.range);
      s->body = parse_block("to open the block");
      finish(*s);
      return s;
    }
    if (t.is_symbol("<")) return parse_multi_assignment();
    if (t.is_symbol("@")) {
      // A schedule label (GraphIt's separation of algorithm and schedule): `@name` before a
      // statement, which `--schedule name:...` then tunes.
      next();
      const token name = expect_identifier("to name the schedule label");
      statement_ptr s = parse_statement();
      s->label = std::string(name.text);
      s->label_range = name.range;
      return s;
    }
    if (type_parser::starts(t)) return parse_declaration();
    if (t.kind == token_kind::keyword) {
      if (t.is_keyword("if")) return parse_if();
      if (t.is_keyword("while")) return parse_while();
      if (t.is_keyword("do")) return parse_do_while();
      if (t.is_keyword("forall") || t.is_keyword("for")) return parse_loop();
      if (t.is_keyword("fixedPoint")) return parse_fixed_point();
      if (t.is_keyword("iterateInBFS")) return parse_bfs();
      if (t.is_keyword("return")) {
        auto s = make(statement_kind::return_, next().range);
        s->value = parse_expression();
        expect_symbol(";", "to end the return statement");
        finish(*s);
        return s;
      }
      if (t.is_keyword("iterateInReverse"))
        fail(t.range, "'iterateInReverse' must follow the block of an 'iterateInBFS'");
      if (t.is_keyword("else")) fail(t.range, "'else' without an 'if'");
      if (one_of(t.text, kDynamicWords))
        fail(t.range, fmt::format("'{}' belongs to dynamic graphs, which are not supported", t.text));
    }
    return parse_simple();
  }

  statement_ptr parse_declaration() {
    auto s = make(statement_kind::declaration, peek().range);
    s->type = std::make_unique<type_ref>(type_parser(*this).parse());
    const token name = expect_identifier("for the declared variable");
    s->name = std::string(name.text);
    s->name_range = name.range;
    if (accept_symbol("=")) s->value = parse_expression();
    expect_symbol(";", "to end the declaration");
    finish(*s);
    return s;
  }

  static bool assignable(const expression& e) {
    return e.kind == expression_kind::name || e.kind == expression_kind::member || e.kind == expression_kind::index;
  }

  // An assignment, an update or a call.
  statement_ptr parse_simple() {
    const source_range start = peek().range;
    expression_ptr e = parse_expression();
    const token t = peek();
    statement_ptr s;
    if (t.is_symbol("=") || (t.kind == token_kind::symbol && one_of(t.text, kCompoundOperators)) ||
        t.is_symbol("++") || t.is_symbol("--")) {
      if (!assignable(*e)) fail(e->range, fmt::format("cannot assign to this expression: '{}' needs a variable, a property or an element", t.text));
      next();
      if (t.is_symbol("=")) {
        s = make(statement_kind::assignment, start);
      } else if (t.is_symbol("++") || t.is_symbol("--")) {
        s = make(statement_kind::step, start);
        s->op = std::string(t.text);
      } else {
        s = make(statement_kind::compound, start);
        s->op = std::string(t.text);
      }
      s->target = std::move(e);
      if (s->kind != statement_kind::step) s->value = parse_expression();
    } else if (e->kind == expression_kind::call) {
      s = make(statement_kind::call, start);
      s->value = std::move(e);
    } else {
      fail_expected("'=', an update such as '+=' or '++', or a call");
    }
    expect_symbol(";", "to end the statement");
    finish(*s);
    return s;
  }

  statement_ptr parse_multi_assignment() {
    auto s = make(statement_kind::multi_assignment, next().range);
    do {
      expression_ptr target = parse_expression(kAdditive);
      if (!assignable(*target)) fail(target->range, "cannot assign to this expression in a multiple assignment");
      s->targets.push_back(std::move(target));
    } while (accept_symbol(","));
    expect_closing_angle("to close the assigned variables");
    expect_symbol("=", "in a multiple assignment");
    expect_symbol("<", "to open the assigned values");
    do s->values.push_back(parse_expression(kAdditive));
    while (accept_symbol(","));
    expect_closing_angle("to close the assigned values");
    expect_symbol(";", "to end the multiple assignment");
    finish(*s);
    return s;
  }

  expression_ptr parse_condition(std::string_view keyword) {
    expect_symbol("(", fmt::format("after '{}'", keyword));
    expression_ptr e = parse_expression();
    expect_symbol(")", fmt::format("to close the condition of '{}'", keyword));
    return e;
  }

  /// An if, and the arms of its else-if ladder one after another: each arm is the whole else
  /// branch of the one before (as if nested), but read in a loop, since a ladder's length is
  /// not nesting.
  statement_ptr parse_if() {
    statement_ptr first = make(statement_kind::if_, next().range);
    std::vector<statement*> arms;
    for (statement* arm = first.get();;) {
      arm->condition = parse_condition("if");
      arm->body.push_back(parse_statement());
      arms.push_back(arm);
      if (!peek().is_keyword("else")) break;
      next();
      if (!peek().is_keyword("if")) {
        arm->else_body.push_back(parse_statement());
        break;
      }
      arm->else_body.push_back(make(statement_kind::if_, next().range));
      arm = arm->else_body.back().get();
    }
    for (statement* arm : arms) finish(*arm);  // every arm ends where the ladder ends
    return first;
  }

  statement_ptr parse_while() {
    auto s = make(statement_kind::while_, next().range);
    s->condition = parse_condition("while");
    s->body.push_back(parse_statement());
    finish(*s);
    return s;
  }

  statement_ptr parse_do_while() {
    auto s = make(statement_kind::do_while, next().range);
    s->body = parse_block("after 'do'");
    expect_keyword("while", "after the body of 'do'");
    s->condition = parse_condition("while");
    expect_symbol(";", "to end the do-while loop");
    finish(*s);
    return s;
  }

  // "(" ID "in" domain, up to ")" or "from".
  void parse_iterator(statement& s, std::string_view keyword) {
    expect_symbol("(", fmt::format("after '{}'", keyword));
    const token name = expect_identifier(fmt::format("for the iterator of '{}'", keyword));
    s.name = std::string(name.text);
    s.name_range = name.range;
    expect_keyword("in", "after the iterator");
    s.domain = parse_expression();
  }

  statement_ptr parse_loop() {
    const token keyword = next();
    auto s = make(keyword.is_keyword("forall") ? statement_kind::forall : statement_kind::for_, keyword.range);
    parse_iterator(*s, keyword.text);
    expect_symbol(")", fmt::format("to close the head of '{}'", keyword.text));
    s->body = parse_block(fmt::format("to open the body of '{}'", keyword.text));
    finish(*s);
    return s;
  }

  statement_ptr parse_fixed_point() {
    auto s = make(statement_kind::fixed_point, next().range);
    expect_keyword("until", "after 'fixedPoint'");
    expect_symbol("(", "after 'until'");
    const token flag = expect_identifier("for the flag of 'fixedPoint'");
    s->name = std::string(flag.text);
    s->name_range = flag.range;
    expect_symbol(":", "after the flag of 'fixedPoint'");
    s->condition = parse_expression();
    expect_symbol(")", "to close the head of 'fixedPoint'");
    s->body = parse_block("to open the body of 'fixedPoint'");
    finish(*s);
    return s;
  }

  statement_ptr parse_bfs() {
    auto s = make(statement_kind::bfs, next().range);
    parse_iterator(*s, "iterateInBFS");
    expect_keyword("from", "after the vertices of 'iterateInBFS'");
    s->value = parse_expression();
    expect_symbol(")", "to close the head of 'iterateInBFS'");
    s->body = parse_block("to open the body of 'iterateInBFS'");
    if (peek().is_keyword("iterateInReverse")) {
      s->has_reverse = true;
      s->reverse_range = next().range;
      if (accept_symbol("(")) {
        s->condition = parse_expression();
        expect_symbol(")", "to close the condition of 'iterateInReverse'");
      }
      s->else_body = parse_block("to open the body of 'iterateInReverse'");
    }
    finish(*s);
    return s;
  }

  expression_ptr parse_expression(int weakest = 1) { return expressions_.parse(weakest); }

  expression_parser expressions_{*this};
};

}  // namespace

program parse(const source_file& file, diagnostics& problems) {
  try {
    return parser(file, problems).run();
  } catch (const diagnostics::stop&) {
    return {};  // too many errors: the tree would not be read
  }
}

}  // namespace plexus::dsl
