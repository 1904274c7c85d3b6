// The DSL's types; see type_parser.hpp.
#include "plexus/dsl/type_parser.hpp"

#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace plexus::dsl {

namespace {

constexpr std::string_view kCollectionWords[] = {"list", "container", "nodeMap", "Heap", "Map"};
constexpr std::string_view kTypeWords[] = {"int",      "long",     "float", "double", "bool", "node", "edge",
                                           "Graph",    "dirGraph", "propNode", "propEdge", "SetN", "SetE"};

}  // namespace

bool type_parser::starts(const token& t) {
  return t.kind == token_kind::keyword && (one_of(t.text, kTypeWords) || one_of(t.text, kCollectionWords) ||
                                           t.text == "updates");
}

type_ref type_parser::parse() {
  const token_cursor::nesting level(in_);  // propNode<propNode<...>> nests
  const token t = in_.peek();
  if (t.kind != token_kind::keyword) in_.fail_expected("a type");
  if (one_of(t.text, kCollectionWords))
    in_.fail(t.range, fmt::format("'{}' (a host collection) is not supported", t.text));
  if (t.text == "updates")
    in_.fail(t.range, "'updates' belongs to dynamic graphs, which are not supported");
  static constexpr std::pair<std::string_view, type_kind> simple[] = {
      {"int", type_kind::int_},   {"long", type_kind::long_},  {"float", type_kind::float_},
      {"double", type_kind::double_}, {"bool", type_kind::bool_}, {"node", type_kind::node},
      {"edge", type_kind::edge},  {"Graph", type_kind::graph}, {"dirGraph", type_kind::directed_graph}};
  type_ref out;
  for (const auto& [word, kind] : simple)
    if (t.text == word) {
      in_.next();
      out.kind = kind;
      out.range = t.range;
      return out;
    }
  if (t.text == "propNode" || t.text == "propEdge") {
    in_.next();
    out.kind = t.text == "propNode" ? type_kind::node_property : type_kind::edge_property;
    in_.expect_symbol("<", fmt::format("after '{}'", t.text));
    const token element = in_.peek();
    out.element = std::make_unique<type_ref>(parse());
    const type_kind k = out.element->kind;
    if (k == type_kind::graph || k == type_kind::directed_graph || k == type_kind::node_property ||
        k == type_kind::edge_property || k == type_kind::node_set || k == type_kind::edge_set)
      in_.fail(span(element.range, in_.previous().range),
               fmt::format("a property holds int, long, float, double, bool, node or edge values, not '{}'",
                           element.text));
    in_.expect_symbol(">", "to close the property's type");
    out.range = span(t.range, in_.previous().range);
    return out;
  }
  if (t.text == "SetN" || t.text == "SetE") {
    in_.next();
    out.kind = t.text == "SetN" ? type_kind::node_set : type_kind::edge_set;
    in_.expect_symbol("<", fmt::format("after '{}'", t.text));
    out.graph = std::string(in_.expect_identifier("of the set's graph").text);
    in_.expect_symbol(">", "to close the set's type");
    out.range = span(t.range, in_.previous().range);
    return out;
  }
  in_.fail_expected("a type");
}

}  // namespace plexus::dsl
