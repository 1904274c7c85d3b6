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

#include "plexus/dsl/lexer.hpp"

namespace plexus::dsl {

namespace {

// Thrown after a syntax error was reported, to abandon the statement (or function header)
// being parsed; the caller skips to where parsing can resume.
struct syntax_error {};

constexpr std::string_view kDynamicWords[] = {"Dynamic", "Incremental", "Decremental", "Batch", "OnAdd", "OnDelete",
                                              "updates"};
constexpr std::string_view kCollectionWords[] = {"list", "container", "nodeMap", "Heap", "Map"};
constexpr std::string_view kTypeWords[] = {"int",      "long",     "float", "double", "bool", "node", "edge",
                                           "Graph",    "dirGraph", "propNode", "propEdge", "SetN", "SetE"};
constexpr std::string_view kReductions[] = {"Min", "Max", "Sum", "Count", "Product"};
constexpr std::string_view kCompoundOperators[] = {"+=", "-=", "*=", "/=", "|=", "&=", "&&=", "||="};

template <std::size_t N>
bool one_of(std::string_view word, const std::string_view (&words)[N]) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

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
constexpr int kAdditive = 5;  // elements of a multi-assignment bind tighter than '<' and '>'
// Deeper nesting of statements or expressions is refused rather than left to exhaust the stack.
constexpr int kDeepest = 200;

class parser {
 public:
  parser(const source_file& file, std::vector<token> tokens, diagnostics& problems)
      : file_(file), tokens_(std::move(tokens)), problems_(problems) {}

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
  // Counts one level of nesting while it lives.
  class nesting {
   public:
    explicit nesting(parser& p) : p_(p) {
      if (p_.depth_ == kDeepest) p_.fail(p_.peek().range, fmt::format("nesting deeper than {} levels", kDeepest));
      ++p_.depth_;
    }
    ~nesting() { --p_.depth_; }
    nesting(const nesting&) = delete;
    nesting& operator=(const nesting&) = delete;

   private:
    parser& p_;
  };

  // ---- tokens ----
  const token& peek(std::size_t ahead = 0) const { return tokens_[std::min(at_ + ahead, tokens_.size() - 1)]; }
  const token& next() {
    const token& t = tokens_[at_];
    if (at_ + 1 < tokens_.size()) ++at_;
    return t;
  }
  const token& previous() const { return tokens_[at_ > 0 ? at_ - 1 : 0]; }
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
  const token& expect_symbol(std::string_view s, std::string_view why) {
    if (!peek().is_symbol(s)) fail_expected(fmt::format("'{}' {}", s, why));
    return next();
  }
  const token& expect_keyword(std::string_view word, std::string_view why) {
    if (!peek().is_keyword(word)) fail_expected(fmt::format("'{}' {}", word, why));
    return next();
  }
  const token& expect_identifier(std::string_view why) {
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
      token& t = tokens_[at_];
      t.text = t.text.substr(1);
      t.range.begin += 1;
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
  /// Whether `t` can only start a statement: a type or a statement keyword.
  static bool starts_statement(const token& t) {
    static constexpr std::string_view words[] = {"if", "while", "do", "for", "forall", "fixedPoint", "iterateInBFS",
                                                 "return"};
    return starts_type(t) || (t.kind == token_kind::keyword && one_of(t.text, words));
  }

  /// Skips the rest of a broken statement that began at token `start`: past its ';', or up to
  /// the '}' closing the block it is in (braces opened on the way are skipped whole), or up to
  /// a line that starts with a type or a statement keyword (the ';' before it was forgotten).
  void recover(std::size_t start) {
    if (at_ == start && peek().kind != token_kind::end && !peek().is_symbol("}")) next();
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
    const token& start = peek();
    if (start.kind == token_kind::keyword && one_of(start.text, kDynamicWords))
      fail(start.range, fmt::format("'{}' belongs to dynamic graphs, which are not supported", start.text));
    if (!start.is_keyword("function") && !start.is_keyword("Static")) fail_expected("'function'");
    next();
    function f;
    const token& name = expect_identifier("for the function");
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
    p.type = parse_type();
    const token& name = expect_identifier("for the parameter");
    p.name = std::string(name.text);
    if (accept_symbol("(")) {
      p.graph = std::string(expect_identifier("of the parameter's graph").text);
      expect_symbol(")", "after the parameter's graph");
    }
    p.range = span(p.type.range, previous().range);
    return p;
  }

  static bool starts_type(const token& t) {
    return t.kind == token_kind::keyword && (one_of(t.text, kTypeWords) || one_of(t.text, kCollectionWords) ||
                                             t.text == "updates");
  }

  type_ref parse_type() {
    const token& t = peek();
    if (t.kind != token_kind::keyword) fail_expected("a type");
    if (one_of(t.text, kCollectionWords))
      fail(t.range, fmt::format("'{}' (a host collection) is not supported", t.text));
    if (t.text == "updates")
      fail(t.range, "'updates' belongs to dynamic graphs, which are not supported");
    static constexpr std::pair<std::string_view, type_kind> simple[] = {
        {"int", type_kind::int_},   {"long", type_kind::long_},  {"float", type_kind::float_},
        {"double", type_kind::double_}, {"bool", type_kind::bool_}, {"node", type_kind::node},
        {"edge", type_kind::edge},  {"Graph", type_kind::graph}, {"dirGraph", type_kind::directed_graph}};
    type_ref out;
    for (const auto& [word, kind] : simple)
      if (t.text == word) {
        next();
        out.kind = kind;
        out.range = t.range;
        return out;
      }
    if (t.text == "propNode" || t.text == "propEdge") {
      next();
      out.kind = t.text == "propNode" ? type_kind::node_property : type_kind::edge_property;
      expect_symbol("<", fmt::format("after '{}'", t.text));
      const token& element = peek();
      out.element = std::make_unique<type_ref>(parse_type());
      const type_kind k = out.element->kind;
      if (k == type_kind::graph || k == type_kind::directed_graph || k == type_kind::node_property ||
          k == type_kind::edge_property || k == type_kind::node_set || k == type_kind::edge_set)
        fail(span(element.range, previous().range),
             fmt::format("a property holds int, long, float, double, bool, node or edge values, not '{}'",
                         element.text));
      expect_symbol(">", "to close the property's type");
      out.range = span(t.range, previous().range);
      return out;
    }
    if (t.text == "SetN" || t.text == "SetE") {
      next();
      out.kind = t.text == "SetN" ? type_kind::node_set : type_kind::edge_set;
      expect_symbol("<", fmt::format("after '{}'", t.text));
      out.graph = std::string(expect_identifier("of the set's graph").text);
      expect_symbol(">", "to close the set's type");
      out.range = span(t.range, previous().range);
      return out;
    }
    fail_expected("a type");
  }

  // ---- statements ----
  std::vector<statement_ptr> parse_block(std::string_view why) {
    expect_symbol("{", why);
    std::vector<statement_ptr> body;
    while (!peek().is_symbol("}") && peek().kind != token_kind::end) {
      const std::size_t start = at_;
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
    const token& t = peek();
    if (t.is_symbol("{")) {
      auto s = make(statement_kind::block, t.range);
      s->body = parse_block("to open the block");
      finish(*s);
      return s;
    }
    if (t.is_symbol("<")) return parse_multi_assignment();
    if (starts_type(t)) return parse_declaration();
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
    s->type = std::make_unique<type_ref>(parse_type());
    const token& name = expect_identifier("for the declared variable");
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
    const token& t = peek();
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

  statement_ptr parse_if() {
    auto s = make(statement_kind::if_, next().range);
    s->condition = parse_condition("if");
    s->body.push_back(parse_statement());
    if (peek().is_keyword("else")) {
      next();
      s->else_body.push_back(parse_statement());
    }
    finish(*s);
    return s;
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
    const token& name = expect_identifier(fmt::format("for the iterator of '{}'", keyword));
    s.name = std::string(name.text);
    s.name_range = name.range;
    expect_keyword("in", "after the iterator");
    s.domain = parse_expression();
  }

  statement_ptr parse_loop() {
    const token& keyword = next();
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
    const token& flag = expect_identifier("for the flag of 'fixedPoint'");
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

  // ---- expressions ----
  expression_ptr make_expression(expression_kind kind, source_range range, std::string text = {}) {
    auto e = std::make_unique<expression>();
    e->kind = kind;
    e->range = range;
    e->text = std::move(text);
    return e;
  }

  expression_ptr parse_expression(int weakest = 1) {
    expression_ptr left = parse_unary();
    for (int power = binding_power(peek()); power >= weakest; power = binding_power(peek())) {
      const token& op = next();
      expression_ptr right = parse_expression(power + 1);
      auto e = make_expression(expression_kind::binary, span(left->range, right->range), std::string(op.text));
      e->operands.push_back(std::move(left));
      e->operands.push_back(std::move(right));
      left = std::move(e);
    }
    return left;
  }

  expression_ptr parse_unary() {
    const nesting level(*this);
    const token& t = peek();
    if (!t.is_symbol("!") && !t.is_symbol("-") && !t.is_symbol("+")) return parse_postfix(parse_primary());
    next();
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
    return e;
  }

  expression_ptr parse_primary() {
    const token& t = peek();
    switch (t.kind) {
      case token_kind::integer: {
        next();
        auto e = make_expression(expression_kind::integer, t.range, std::string(t.text));
        const auto [end, problem] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), e->integer);
        if (problem != std::errc() || end != t.text.data() + t.text.size())
          fail(t.range, fmt::format("integer '{}' does not fit in 64 bits", t.text));
        return e;
      }
      case token_kind::floating: {
        next();
        auto e = make_expression(expression_kind::floating, t.range, std::string(t.text));
        e->floating = std::strtod(e->text.c_str(), nullptr);
        return e;
      }
      case token_kind::identifier:
        next();
        return make_expression(expression_kind::name, t.range, std::string(t.text));
      case token_kind::keyword:
        if (t.is_keyword("True") || t.is_keyword("False")) {
          next();
          auto e = make_expression(expression_kind::boolean, t.range, std::string(t.text));
          e->boolean = t.is_keyword("True");
          return e;
        }
        if (t.is_keyword("INF")) {
          next();
          return make_expression(expression_kind::infinity, t.range, "INF");
        }
        if (one_of(t.text, kReductions)) {
          next();
          auto e = make_expression(expression_kind::reduction, t.range, std::string(t.text));
          expect_symbol("(", fmt::format("after '{}'", t.text));
          parse_arguments(*e);
          e->range = span(t.range, previous().range);
          return e;
        }
        break;
      case token_kind::symbol:
        if (t.is_symbol("(")) {
          next();
          expression_ptr inner = parse_expression();
          expect_symbol(")", "to close the parenthesis");
          inner->range = span(t.range, previous().range);
          return inner;
        }
        break;
      case token_kind::end:
        break;
    }
    fail_expected("an expression");
  }

  // After '(' : arguments up to and including ')'.
  void parse_arguments(expression& call) {
    if (accept_symbol(")")) return;
    do {
      if (peek().kind == token_kind::identifier && peek(1).is_symbol("=")) {
        const token& name = next();
        next();
        expression_ptr value = parse_expression();
        auto e = make_expression(expression_kind::named_argument, span(name.range, value->range), std::string(name.text));
        e->operands.push_back(std::move(value));
        call.operands.push_back(std::move(e));
      } else {
        call.operands.push_back(parse_expression());
      }
    } while (accept_symbol(","));
    expect_symbol(")", "to close the arguments");
  }

  expression_ptr parse_postfix(expression_ptr e) {
    for (;;) {
      if (accept_symbol(".")) {
        if (peek().is_keyword("filter")) {
          next();
          expect_symbol("(", "after 'filter'");
          auto f = make_expression(expression_kind::filter, e->range, "filter");
          f->operands.push_back(std::move(e));
          f->operands.push_back(parse_expression());
          expect_symbol(")", "to close the filter");
          f->range = span(f->range, previous().range);
          e = std::move(f);
          continue;
        }
        const token& name = expect_identifier("after '.'");
        auto m = make_expression(expression_kind::member, span(e->range, name.range), std::string(name.text));
        m->operands.push_back(std::move(e));
        e = std::move(m);
      } else if (peek().is_symbol("(")) {
        if (e->kind != expression_kind::name && e->kind != expression_kind::member)
          fail(peek().range, "only functions and methods can be called");
        next();
        auto c = make_expression(expression_kind::call, e->range);
        c->operands.push_back(std::move(e));
        parse_arguments(*c);
        c->range = span(c->range, previous().range);
        e = std::move(c);
      } else if (accept_symbol("[")) {
        auto i = make_expression(expression_kind::index, e->range);
        i->operands.push_back(std::move(e));
        i->operands.push_back(parse_expression());
        expect_symbol("]", "to close the index");
        i->range = span(i->range, previous().range);
        e = std::move(i);
      } else {
        return e;
      }
    }
  }

  const source_file& file_;
  std::vector<token> tokens_;
  std::size_t at_ = 0;
  diagnostics& problems_;
  int depth_ = 0;
};

}  // namespace

program parse(const source_file& file, diagnostics& problems) {
  return parser(file, tokenize(file, problems), problems).run();
}

}  // namespace plexus::dsl
