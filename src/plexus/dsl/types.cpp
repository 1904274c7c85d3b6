// The DSL checker's types; see types.hpp.
#include "plexus/dsl/types.hpp"

#include <fmt/format.h>

namespace plexus::dsl {

namespace {

value_kind kind_of(type_kind k) {
  switch (k) {
    case type_kind::int_: return value_kind::int_;
    case type_kind::long_: return value_kind::long_;
    case type_kind::float_: return value_kind::float_;
    case type_kind::double_: return value_kind::double_;
    case type_kind::bool_: return value_kind::bool_;
    case type_kind::node: return value_kind::node;
    case type_kind::edge: return value_kind::edge;
    case type_kind::graph:
    case type_kind::directed_graph: return value_kind::graph;
    case type_kind::node_property: return value_kind::node_property;
    case type_kind::edge_property: return value_kind::edge_property;
    case type_kind::node_set: return value_kind::node_set;
    case type_kind::edge_set: return value_kind::edge_set;
  }
  return value_kind::invalid;
}

std::string name_of(value_kind k) {
  switch (k) {
    case value_kind::invalid: return "an invalid value";
    case value_kind::nothing: return "no value";
    case value_kind::int_: return "int";
    case value_kind::long_: return "long";
    case value_kind::float_: return "float";
    case value_kind::double_: return "double";
    case value_kind::bool_: return "bool";
    case value_kind::node: return "node";
    case value_kind::edge: return "edge";
    case value_kind::infinity: return "INF";
    case value_kind::graph: return "Graph";
    case value_kind::node_property: return "propNode";
    case value_kind::edge_property: return "propEdge";
    case value_kind::node_set: return "SetN";
    case value_kind::edge_set: return "SetE";
    case value_kind::node_range: return "a range of nodes";
  }
  return "?";
}

}  // namespace

bool is_numeric(value_kind k) {
  return k == value_kind::int_ || k == value_kind::long_ || k == value_kind::float_ || k == value_kind::double_ ||
         k == value_kind::node;
}

value_type type_of(const type_ref& t) {
  value_type out;
  out.kind = kind_of(t.kind);
  if (t.element) out.element = kind_of(t.element->kind);
  return out;
}

std::string describe(const value_type& t) {
  if (t.kind == value_kind::node_property || t.kind == value_kind::edge_property)
    return fmt::format("{}<{}>", name_of(t.kind), name_of(t.element));
  return name_of(t.kind);
}

}  // namespace plexus::dsl
