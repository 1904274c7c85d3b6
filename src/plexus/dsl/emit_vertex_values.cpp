// Which names of a function hold only vertices wherever a parallel loop reads them
// (emit_context.hpp): the back end indexes by those unchecked, and checks every other node a
// kernel indexes by (printer::vertex_index).
//
// A name holds only vertices when everything it is ever given is one: an iterator (a vertex by
// construction), a node parameter (checked on entry), 0 (a vertex whenever a lane runs, as a
// lane runs only on a graph with a vertex), another such name, a value read from a node
// property that holds only vertices, or the Min or Max of two such values. A node property
// holds only vertices when it starts so (declared ones start at 0; a parameter's values come
// from the caller, so its first use must store every vertex's value) and every value stored
// into it, attached or copied from another property, is one. Names are taken function-wide,
// however many scopes declare them: a name declared anywhere with another value is checked
// everywhere. The answer is the largest set closed under these rules, found by striking out
// names until none of those left is given anything else.
#include <map>
#include <vector>

#include "plexus/dsl/emit_context.hpp"
#include "plexus/dsl/lower_passes.hpp"

namespace plexus::dsl::emit {

namespace {

bool integral(type_kind k) {
  return k == type_kind::int_ || k == type_kind::long_ || k == type_kind::node || k == type_kind::edge;
}

/// Whether `e` reads or names property `p` (`v.p`, a filter's bare `p`, `p = INF` in an attach).
bool touches(const expression& e, const std::string& p) {
  const bool named = e.kind == expression_kind::member || e.kind == expression_kind::name ||
                     e.kind == expression_kind::named_argument;
  if (named && e.text == p) return true;
  for (const expression_ptr& o : e.operands)
    if (touches(*o, p)) return true;
  return false;
}

bool touches(const statement& s, const std::string& p) {
  for (const statement* arm = &s; arm; arm = else_if(*arm)) {
    for (const expression* e : {arm->target.get(), arm->value.get(), arm->condition.get(), arm->domain.get()})
      if (e && touches(*e, p)) return true;
    for (const auto* list : {&arm->targets, &arm->values})
      for (const expression_ptr& e : *list)
        if (touches(*e, p)) return true;
    for (const auto* block : {&arm->body, &else_block(*arm)})
      for (const statement_ptr& inner : *block)
        if (touches(*inner, p)) return true;
  }
  return false;
}

/// Whether the first statement of `body` that touches property `p` stores every vertex's p
/// before anything reads it: an attachNodeProperty of p, or a `forall (v in g.nodes())` in
/// which only `v.p = E`, with E free of p, touches p (a lane reading another vertex's p might
/// run before that vertex's lane has stored it).
bool stored_before_read(const std::vector<statement_ptr>& body, const std::string& p) {
  for (const statement_ptr& s : body) {
    if (!touches(*s, p)) continue;
    if (s->kind == statement_kind::call && passes::method_call(*s->value, "attachNodeProperty")) {
      for (std::size_t i = 1; i < s->value->operands.size(); ++i)
        if (s->value->operands[i]->text == p) return true;
      return false;
    }
    if (s->kind != statement_kind::forall || !passes::method_call(*s->domain, "nodes")) return false;
    const statement* store = nullptr;
    for (const statement_ptr& inner : s->body) {
      if (!touches(*inner, p)) continue;
      if (store) return false;
      store = inner.get();
    }
    if (!store) return false;
    const expression* target = store->target.get();
    return store->kind == statement_kind::assignment && target->kind == expression_kind::member &&
           target->text == p && target->operands[0]->kind == expression_kind::name &&
           target->operands[0]->text == s->name && !touches(*store->value, p);
  }
  return false;
}

class finder {
 public:
  explicit finder(const function& f) {
    for (const parameter& par : f.parameters) {
      switch (par.type.kind) {
        case type_kind::node:
          given(par.name, nullptr);
          break;
        case type_kind::node_property:
          properties_.insert(par.name);
          if (integral(par.type.element->kind) && stored_before_read(f.body, par.name))
            given(par.name, nullptr);
          else
            never(par.name);
          break;
        case type_kind::graph:
        case type_kind::directed_graph:
        case type_kind::node_set:
        case type_kind::edge_set:
          break;
        default:
          never(par.name);  // an unchecked value from the caller, or the graph's weights
      }
    }
    block(f.body);
  }

  /// The largest set of names closed under the rules above.
  std::set<std::string> solve() {
    for (const auto& [name, values] : given_) values_.names.insert(name);
    for (const std::string& name : never_) values_.names.erase(name);
    for (bool struck = true; struck;) {
      struck = false;
      for (const auto& [name, values] : given_) {
        if (!values_.names.count(name)) continue;
        for (const expression* e : values)
          if (e && !values_.holds(*e)) {
            values_.names.erase(name);
            struck = true;
            break;
          }
      }
    }
    return values_.names;
  }

 private:
  /// `name` is given `e` somewhere (nullptr: something that is always a vertex).
  void given(const std::string& name, const expression* e) { given_[name].push_back(e); }
  void never(const std::string& name) {
    given(name, nullptr);
    never_.insert(name);
  }

  void block(const std::vector<statement_ptr>& body) {
    for (const statement_ptr& s : body)
      for (const statement* arm = s.get(); arm; arm = else_if(*arm)) {
        statement_(*arm);
        block(arm->body);
        block(else_block(*arm));
      }
  }

  /// `target = value`: a scalar, a property element, or a whole property copied (the copy
  /// may become a swap, so each property then holds what the other held).
  void store(const expression& target, const expression& value) {
    given(target.text, &value);
    if (target.kind == expression_kind::name && properties_.count(target.text)) given(value.text, &target);
  }

  void statement_(const statement& s) {
    switch (s.kind) {
      case statement_kind::declaration:
        if (s.type->kind == type_kind::node_property) {
          properties_.insert(s.name);
          integral(s.type->element->kind) ? given(s.name, nullptr) : never(s.name);  // starts at 0
        } else if (!integral(s.type->kind)) {
          never(s.name);
        } else {
          given(s.name, s.value.get());  // no value: 0
        }
        return;
      case statement_kind::assignment:
        store(*s.target, *s.value);
        return;
      case statement_kind::multi_assignment:
        for (std::size_t i = 0; i < s.targets.size() && i < s.values.size(); ++i)
          store(*s.targets[i], *s.values[i]);
        return;
      case statement_kind::compound:
      case statement_kind::step:
        never(s.target->text);
        return;
      case statement_kind::call:
        if (passes::method_call(*s.value, "attachNodeProperty"))
          for (std::size_t i = 1; i < s.value->operands.size(); ++i) {
            const expression& named = *s.value->operands[i];
            given(named.text, named.operands[0].get());
          }
        return;
      case statement_kind::forall:
      case statement_kind::for_:
      case statement_kind::bfs:
        given(s.name, nullptr);
        return;
      case statement_kind::fixed_point:
        never(s.name);
        return;
      default:
        return;
    }
  }

  std::map<std::string, std::vector<const expression*>> given_;
  std::set<std::string> never_, properties_;
  vertex_values values_;
};

}  // namespace

bool vertex_values::holds(const expression& e) const {
  switch (e.kind) {
    case expression_kind::integer:
      return e.integer == 0;
    case expression_kind::name:
    case expression_kind::member:
      return names.count(e.text) > 0;
    case expression_kind::reduction:
      return (e.text == "Min" || e.text == "Max") && e.operands.size() == 2 && holds(*e.operands[0]) &&
             holds(*e.operands[1]);
    default:
      return false;
  }
}

vertex_values find_vertex_values(const function& f) {
  vertex_values found;
  found.names = finder(f).solve();
  return found;
}

}  // namespace plexus::dsl::emit
