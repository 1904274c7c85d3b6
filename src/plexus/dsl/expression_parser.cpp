// The DSL's expressions by Pratt parsing; see expression_parser.hpp.
#include "plexus/dsl/expression_parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string_view>
#include <utility>

namespace plexus::dsl {

namespace {

constexpr std::string_view kReductions[] = {"Min", "Max", "Sum", "Count", "Product"};

/// The binding power of a binary operator; 0 for a token that is none.
int binding_power(const token& t) {
  if (t.kind != token_kind::symbol) return 0;
  const std::string_view s = t.text;
  if (s == "||") return 1;
  if (s == "&&") return 2;
  if (s == "==" || s == "!=") return 3;
  if (s == "<" || s == ">" || s == "<=" || s == ">=") return 4;
  if (s == "+" || s == "-") return 5;
  if (s == "*" || s == "/" || s == "%") return 6;
  return 0;
}

}  // namespace

expression_ptr expression_parser::make_expression(expression_kind kind, source_range range, std::string text) {
  auto e = std::make_unique<expression>();
  e->kind = kind;
  e->range = range;
  e->text = std::move(text);
  return e;
}

expression_ptr expression_parser::parse(int weakest) {
  expression_ptr left = parse_unary();
  for (int power = binding_power(in_.peek()); power >= weakest; power = binding_power(in_.peek())) {
    const token op = in_.next();
    expression_ptr right = parse(power + 1);
    auto e = make_expression(expression_kind::binary, span(left->range, right->range), std::string(op.text));
    e->operands.push_back(std::move(left));
    e->operands.push_back(std::move(right));
    settle_depth(*e, op.range);
    left = std::move(e);
  }
  return left;
}

expression_ptr expression_parser::parse_unary() {
  const token_cursor::nesting level(in_);
  const token t = in_.peek();
  if (!t.is_symbol("!") && !t.is_symbol("-") && !t.is_symbol("+")) return parse_postfix(parse_primary());
  in_.next();
  expression_ptr operand = parse_unary();
  const source_range range = span(t.range, operand->range);
  // A sign on a literal is part of it: -INF, -1, -0.5.
  if (t.text != "!") {
    if (operand->kind == expression_kind::infinity || operand->kind == expression_kind::integer ||
        operand->kind == expression_kind::floating) {
      if (t.text == "-") {
        operand->negative = !operand->negative;
        operand->integer = -operand->integer;
        operand->floating = -operand->floating;
        operand->text = operand->text.starts_with('-') ? operand->text.substr(1) : "-" + operand->text;
      }
      operand->range = range;
      return operand;
    }
  }
  auto e = make_expression(expression_kind::unary, range, std::string(t.text));
  e->operands.push_back(std::move(operand));
  settle_depth(*e, t.range);
  return e;
}

expression_ptr expression_parser::parse_primary() {
  const token t = in_.peek();
  switch (t.kind) {
    case token_kind::integer: {
      in_.next();
      auto e = make_expression(expression_kind::integer, t.range, std::string(t.text));
      const auto [end, problem] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), e->integer);
      if (problem != std::errc() || end != t.text.data() + t.text.size())
        in_.fail(t.range, fmt::format("integer '{}' does not fit in 64 bits", t.text));
      return e;
    }
    case token_kind::floating: {
      in_.next();
      auto e = make_expression(expression_kind::floating, t.range, std::string(t.text));
      e->floating = std::strtod(e->text.c_str(), nullptr);
      return e;
    }
    case token_kind::identifier:
      in_.next();
      return make_expression(expression_kind::name, t.range, std::string(t.text));
    case token_kind::keyword:
      if (t.is_keyword("True") || t.is_keyword("False")) {
        in_.next();
        auto e = make_expression(expression_kind::boolean, t.range, std::string(t.text));
        e->boolean = t.is_keyword("True");
        return e;
      }
      if (t.is_keyword("INF")) {
        in_.next();
        return make_expression(expression_kind::infinity, t.range, "INF");
      }
      if (one_of(t.text, kReductions)) {
        in_.next();
        auto e = make_expression(expression_kind::reduction, t.range, std::string(t.text));
        in_.expect_symbol("(", fmt::format("after '{}'", t.text));
        parse_arguments(*e);
        e->range = span(t.range, in_.previous().range);
        settle_depth(*e, t.range);
        return e;
      }
      break;
    case token_kind::symbol:
      if (t.is_symbol("(")) {
        in_.next();
        expression_ptr inner = parse();
        in_.expect_symbol(")", "to close the parenthesis");
        inner->range = span(t.range, in_.previous().range);
        return inner;
      }
      break;
    case token_kind::end:
      break;
  }
  in_.fail_expected("an expression");
}

void expression_parser::settle_depth(expression& e, source_range at) {
  int deepest = 0;
  for (const expression_ptr& operand : e.operands) deepest = std::max(deepest, operand->depth);
  e.depth = deepest + 1;
  if (e.depth > kDeepest)
    in_.fail(at,
             fmt::format("an expression deeper than {} levels (each operator, call or '.' is one): split it "
                         "with variables",
                         kDeepest));
}

void expression_parser::parse_arguments(expression& call) {
  if (in_.accept_symbol(")")) return;
  do {
    if (in_.peek().kind == token_kind::identifier && in_.peek_after().is_symbol("=")) {
      const token name = in_.next();
      in_.next();
      expression_ptr value = parse();
      auto e = make_expression(expression_kind::named_argument, span(name.range, value->range), std::string(name.text));
      e->operands.push_back(std::move(value));
      settle_depth(*e, name.range);
      call.operands.push_back(std::move(e));
    } else {
      call.operands.push_back(parse());
    }
  } while (in_.accept_symbol(","));
  in_.expect_symbol(")", "to close the arguments");
}

expression_ptr expression_parser::parse_postfix(expression_ptr e) {
  for (;;) {
    if (in_.accept_symbol(".")) {
      if (in_.peek().is_keyword("filter")) {
        in_.next();
        in_.expect_symbol("(", "after 'filter'");
        auto f = make_expression(expression_kind::filter, e->range, "filter");
        f->operands.push_back(std::move(e));
        f->operands.push_back(parse());
        in_.expect_symbol(")", "to close the filter");
        f->range = span(f->range, in_.previous().range);
        settle_depth(*f, f->range);
        e = std::move(f);
        continue;
      }
      const token name = in_.expect_identifier("after '.'");
      auto m = make_expression(expression_kind::member, span(e->range, name.range), std::string(name.text));
      m->operands.push_back(std::move(e));
      settle_depth(*m, name.range);
      e = std::move(m);
    } else if (in_.peek().is_symbol("(")) {
      if (e->kind != expression_kind::name && e->kind != expression_kind::member)
        in_.fail(in_.peek().range, "only functions and methods can be called");
      in_.next();
      auto c = make_expression(expression_kind::call, e->range);
      c->operands.push_back(std::move(e));
      parse_arguments(*c);
      c->range = span(c->range, in_.previous().range);
      settle_depth(*c, c->range);
      e = std::move(c);
    } else if (in_.accept_symbol("[")) {
      auto i = make_expression(expression_kind::index, e->range);
      i->operands.push_back(std::move(e));
      i->operands.push_back(parse());
      in_.expect_symbol("]", "to close the index");
      i->range = span(i->range, in_.previous().range);
      settle_depth(*i, i->range);
      e = std::move(i);
    } else {
      return e;
    }
  }
}

}  // namespace plexus::dsl
