// Hypergraphs in JSON: HIF and XGI-data.
//
// HIF, the Hypergraph Interchange Format (Coll et al., "HIF: The hypergraph interchange
// format for higher-order networks", 2025; github.com/HIF-org/HIF-standard):
//   {"network-type": "undirected", "incidences": [{"edge": e, "node": v, ...}, ...],
//    "nodes": [{"node": v, "weight": w, "attrs": {...}}, ...],      (optional)
//    "edges": [{"edge": e, "weight": w, "attrs": {...}}, ...]}      (optional)
// XGI-data (Landry et al., "XGI: A Python package for higher-order interaction networks",
// JOSS 8(85), 2023) writes the same shape today (nodes[{node, attrs}], edges[{edge, attrs}],
// incidences[{edge, node}]); its older layout {"node-data": {id: attrs}, "edge-dict":
// {edge: [nodes]}} is read too. "nodes" and "edges" may also be objects keyed by id.
//
// Ids may be strings or integers; 5 and "5" name the same vertex. They become dense ids in
// order of first declaration: the node list first, then first appearance in the
// incidences (hyperedges likewise), so declared but unused nodes are isolated vertices and
// declared edges without incidences are empty hyperedges. When every node id is a
// non-negative integer (or a string holding one in canonical decimal form), the result keeps
// them as original ids; otherwise the original ids are left empty and vertex v is simply
// the v-th node declared. Node and edge "weight" fields become vertex and hyperedge weights
// (1 where absent); per-incidence weights have no place in an incidence_list and are ignored.
// Directed hypergraphs ("network-type": "directed") are refused by name.
//
// Syntax errors carry the line of the offending byte. Structural errors name the element
// ("file: incidences[17]: ..."), since the parsed document no longer knows its lines.
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "hypergraph_formats.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

using json = nlohmann::ordered_json;

/// Dense numbering of node or edge ids in order of first appearance.
class id_map {
 public:
  id_map(const text_buffer& text, std::string_view kind, std::uint64_t limit)
      : text_(text), kind_(kind), limit_(limit) {}

  /// Dense id of `key`, adding it if new.
  std::uint32_t add(const json& key, const std::string& where) {
    std::string name;
    std::optional<std::uint64_t> numeric;
    if (key.is_string()) {
      name = key.get<std::string>();
      numeric = canonical_integer(name);
    } else if (key.is_number_unsigned()) {
      numeric = key.get<std::uint64_t>();
      name = std::to_string(*numeric);
    } else if (key.is_number_integer()) {
      name = std::to_string(key.get<std::int64_t>());
    } else {
      fail(where + ": " + std::string(kind_) + " id must be a string or an integer, not " + key.dump());
    }
    const auto [it, inserted] = index_.try_emplace(std::move(name), static_cast<std::uint32_t>(index_.size()));
    if (inserted) {
      if (index_.size() > limit_)
        fail(where + ": more than " + std::to_string(limit_) + " " + std::string(kind_) + "s");
      if (numeric) numeric_.push_back(*numeric);
      else all_numeric_ = false;
    }
    return it->second;
  }
  std::uint32_t add_name(const std::string& name, const std::string& where) { return add(json(name), where); }

  std::size_t size() const { return index_.size(); }
  bool all_numeric() const { return all_numeric_; }
  const std::vector<std::uint64_t>& numeric() const { return numeric_; }

  [[noreturn]] void fail(const std::string& what) const { throw_parse_error(text_.name(), 0, what); }

 private:
  /// The value of a string holding a non-negative integer exactly as std::to_string writes
  /// it ("7", not "07" or "+7"), so the original id prints back as the file wrote it.
  static std::optional<std::uint64_t> canonical_integer(const std::string& s) {
    if (s.empty() || s.size() > 20 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
    std::uint64_t v = 0;
    for (const char c : s) {
      if (!is_digit(c)) return std::nullopt;
      const auto d = static_cast<std::uint64_t>(c - '0');
      if (v > (UINT64_MAX - d) / 10) return std::nullopt;
      v = v * 10 + d;
    }
    return v;
  }

  const text_buffer& text_;
  std::string_view kind_;
  std::uint64_t limit_;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<std::uint64_t> numeric_;
  bool all_numeric_ = true;
};

/// "member[\"key\"]", naming an entry of an object keyed by id in error messages. Built
/// by appends: GCC 12 misreports operator+ chains on std::string here (-Wrestrict).
std::string keyed_where(std::string_view member, const std::string& key) {
  std::string where(member);
  where.append("[\"").append(key).append("\"]");
  return where;
}

/// The "weight" of a node or edge entry, if it has one.
std::optional<weight_t> weight_of(const json& entry, const std::string& where, const id_map& ids) {
  if (!entry.is_object()) return std::nullopt;
  const auto it = entry.find("weight");
  if (it == entry.end()) return std::nullopt;
  if (!it->is_number()) ids.fail(where + ": weight " + it->dump() + " is not a number");
  const double w = it->get<double>();
  if (!std::isfinite(w) || w < 0) ids.fail(where + ": weight " + it->dump() + " is not a non-negative number");
  if (!fits_weight(w))
    ids.fail(where + ": weight " + it->dump() + " does not fit in a 32-bit float (the largest is 3.4e38)");
  return static_cast<weight_t>(w);
}

/// Declares the nodes or edges listed under a "nodes"/"edges"-style member: an array of
/// objects with an id field (or of bare ids), or an object keyed by id. Records weights.
void declare(const json& list, std::string_view member, const char* id_field, id_map& ids,
             std::vector<std::pair<std::uint32_t, weight_t>>& weights) {
  if (list.is_array()) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& entry = list[i];
      const std::string where = std::string(member) + "[" + std::to_string(i) + "]";
      if (entry.is_object()) {
        const auto id = entry.find(id_field);
        if (id == entry.end()) ids.fail(where + ": missing \"" + id_field + "\"");
        const std::uint32_t dense = ids.add(*id, where);
        if (const auto w = weight_of(entry, where, ids)) weights.emplace_back(dense, *w);
      } else {
        ids.add(entry, where);
      }
    }
  } else if (list.is_object()) {
    for (const auto& [key, value] : list.items()) {
      const std::string where = keyed_where(member, key);
      const std::uint32_t dense = ids.add_name(key, where);
      if (const auto w = weight_of(value, where, ids)) weights.emplace_back(dense, *w);
    }
  } else {
    ids.fail(std::string(member).insert(0, 1, '"').append("\" must be an array or an object"));
  }
}

host_vector<weight_t> weight_vector(const std::vector<std::pair<std::uint32_t, weight_t>>& given, std::size_t count) {
  if (given.empty()) return {};
  host_vector<weight_t> weights(count);
  std::fill(weights.begin(), weights.end(), weight_t{1});
  for (const auto& [id, w] : given) weights[id] = w;
  return weights;
}

}  // namespace

incidence_list parse_hypergraph_json(const text_buffer& text, bool keep_weights) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // e.byte is 1-based; keep nlohmann's description but drop its own position prefix.
    std::string what = e.what();
    if (const auto colon = what.find(": "); what.find("parse error") != std::string::npos && colon != std::string::npos)
      what = what.substr(colon + 2);
    text.fail(e.byte == 0 ? 0 : e.byte - 1, "invalid JSON: " + what);
  }

  id_map nodes(text, "node", max_vertices);
  id_map edges(text, "edge", std::numeric_limits<hyperedge_t>::max() - 1u);
  if (!doc.is_object()) nodes.fail("the top level is not a JSON object (expected HIF or XGI-data)");
  if (const auto type = doc.find("network-type"); type != doc.end()) {
    if (!type->is_string()) nodes.fail("\"network-type\" must be a string");
    const std::string t = type->get<std::string>();
    if (t == "directed")
      throw error(error_kind::unsupported, text.name() + ": directed hypergraphs (HIF \"network-type\": \"directed\") "
                                                         "are not supported");
    if (t != "undirected" && t != "asc")
      nodes.fail("unknown \"network-type\" \"" + t + "\" (expected undirected, asc or directed)");
  }

  std::vector<std::pair<std::uint32_t, weight_t>> node_weights, edge_weights;
  for (const char* member : {"nodes", "node-data"})
    if (const auto it = doc.find(member); it != doc.end()) declare(*it, member, "node", nodes, node_weights);
  for (const char* member : {"edges", "edge-data"})
    if (const auto it = doc.find(member); it != doc.end()) declare(*it, member, "edge", edges, edge_weights);

  // (hyperedge, vertex) pairs in file order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> incidences;
  const auto inc = doc.find("incidences");
  const auto dict = doc.find("edge-dict");
  if (inc == doc.end() && dict == doc.end())
    nodes.fail("neither \"incidences\" (HIF) nor \"edge-dict\" (XGI-data) found");
  if (inc != doc.end()) {
    if (!inc->is_array()) nodes.fail("\"incidences\" must be an array");
    incidences.reserve(inc->size());
    for (std::size_t i = 0; i < inc->size(); ++i) {
      const json& entry = (*inc)[i];
      const std::string where = "incidences[" + std::to_string(i) + "]";
      if (!entry.is_object()) nodes.fail(where + ": expected an object {\"edge\": ..., \"node\": ...}");
      const auto e = entry.find("edge");
      const auto v = entry.find("node");
      if (e == entry.end()) nodes.fail(where + ": missing \"edge\"");
      if (v == entry.end()) nodes.fail(where + ": missing \"node\"");
      incidences.emplace_back(edges.add(*e, where), nodes.add(*v, where));
    }
  }
  if (dict != doc.end()) {
    if (!dict->is_object()) nodes.fail("\"edge-dict\" must be an object {edge: [nodes]}");
    for (const auto& [key, members] : dict->items()) {
      const std::string where = keyed_where("edge-dict", key);
      const std::uint32_t e = edges.add_name(key, where);
      if (!members.is_array()) nodes.fail(where + ": expected an array of node ids");
      for (const json& v : members) incidences.emplace_back(e, nodes.add(v, where));
    }
  }

  // Counting sort of the pairs by hyperedge; pins keep their file order within a hyperedge.
  incidence_list out;
  const std::size_t m = edges.size();
  out.num_vertices = static_cast<vertex_t>(nodes.size());
  out.edge_offsets.assign(m + 1, 0);
  for (const auto& [e, v] : incidences) ++out.edge_offsets[e + 1];
  for (std::size_t h = 0; h < m; ++h) out.edge_offsets[h + 1] += out.edge_offsets[h];
  out.pins.resize(incidences.size());
  {
    std::vector<edge_t> cursor(out.edge_offsets.begin(), out.edge_offsets.end() - 1);
    for (const auto& [e, v] : incidences) out.pins[cursor[e]++] = v;
  }
  if (keep_weights) {
    out.vertex_weights = weight_vector(node_weights, nodes.size());
    out.edge_weights = weight_vector(edge_weights, m);
  }
  if (nodes.all_numeric()) out.original_ids.assign(nodes.numeric().begin(), nodes.numeric().end());
  return out;
}

incidence_list read_hypergraph_json(const text_buffer& text, bool keep_weights) {
  try {
    return parse_hypergraph_json(text, keep_weights);
  } catch (const json::exception& e) {
    // Whatever the JSON library rejects beyond syntax (a number too large for any type,
    // say) is still malformed input, not a crash.
    throw_parse_error(text.name(), 0, std::string("invalid JSON: ") + e.what());
  }
}

}  // namespace plexus::io::detail
