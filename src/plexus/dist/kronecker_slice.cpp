// Each rank's slice of a Kronecker graph (kronecker_slice.hpp).
#include "plexus/dist/kronecker_slice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "plexus/dist/agree.hpp"

namespace plexus::dist {

namespace {

/// One arc as the rank holding its row receives it.
struct entry {
  vertex_t row;
  vertex_t neighbour;
  weight_t weight;
};

/// The lists of the rows of one stretch of ids, neighbours by global id.
struct stretch_lists {
  host_vector<edge_t> offsets;  // from 0, one per row and one more
  host_vector<vertex_t> indices;
  host_vector<weight_t> weights;  // empty when unweighted
};

/// [0, n) in `ranks` ranges of equal size (up to one id).
vertex_ranges equal_ranges(vertex_t n, int ranks) {
  std::vector<vertex_t> starts(static_cast<std::size_t>(ranks) + 1);
  for (int k = 0; k <= ranks; ++k)
    starts[static_cast<std::size_t>(k)] =
        static_cast<vertex_t>(std::uint64_t{n} * static_cast<unsigned>(k) / static_cast<unsigned>(ranks));
  return vertex_ranges(std::move(starts));
}

/// Sends every arc of `arcs` but self-loops, as an entry, to the rank of `to` holding its row:
/// u's row (and v's too when `both_ways`), or with `reverse` v's row listing u.
host_vector<entry> route(communicator& comm, const vertex_ranges& to, const edge_list& arcs, bool reverse,
                         bool both_ways) {
  const auto ranks = static_cast<std::size_t>(comm.size());
  std::vector<std::size_t> counts(ranks, 0);
  const auto each_entry = [&](auto&& emit) {
    for (edge_t e = 0; e < arcs.size(); ++e) {
      const vertex_t u = arcs.src[e], v = arcs.dst[e];
      if (u == v) continue;  // the builder drops self-loops
      const weight_t w = arcs.weighted() ? arcs.weights[e] : weight_t{0};
      if (reverse) {
        emit(entry{v, u, w});
        continue;
      }
      emit(entry{u, v, w});
      if (both_ways) emit(entry{v, u, w});
    }
  };
  host_vector<entry> send;
  std::vector<std::size_t> at(ranks + 1, 0);
  agreed(comm, [&] {
    each_entry([&](const entry& x) { ++counts[static_cast<std::size_t>(to.owner(x.row))]; });
    for (std::size_t s = 0; s < ranks; ++s) at[s + 1] = at[s] + counts[s];
    send.resize(at[ranks]);
    each_entry([&](const entry& x) { send[at[static_cast<std::size_t>(to.owner(x.row))]++] = x; });
  });
  return comm.all_to_all_v<entry>(send, counts);
}

/// The lists of rows [first, last) from the entries naming them: sorted by neighbour, one
/// entry per neighbour, the lightest (the builder's rule for parallel arcs).
stretch_lists lists_of(host_vector<entry> entries, vertex_t first, vertex_t last, bool weighted) {
  std::sort(entries.begin(), entries.end(), [](const entry& a, const entry& b) {
    return std::tie(a.row, a.neighbour, a.weight) < std::tie(b.row, b.neighbour, b.weight);
  });
  const auto end = std::unique(entries.begin(), entries.end(), [](const entry& a, const entry& b) {
    return a.row == b.row && a.neighbour == b.neighbour;
  });
  entries.erase(end, entries.end());
  stretch_lists lists;
  lists.offsets.assign(static_cast<std::size_t>(last - first) + 1, 0);
  lists.indices.resize(entries.size());
  if (weighted) lists.weights.resize(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    ++lists.offsets[entries[i].row - first + 1];
    lists.indices[i] = entries[i].neighbour;
    if (weighted) lists.weights[i] = entries[i].weight;
  }
  for (std::size_t v = 0; v + 1 < lists.offsets.size(); ++v) lists.offsets[v + 1] += lists.offsets[v];
  return lists;
}

/// Moves each row of `mine` (rows of `from`'s stretch of this rank) to its rank in `to`;
/// returns the lists of this rank's rows in `to`, in row order.
csr_arrays move_rows(communicator& comm, const stretch_lists& mine, const vertex_ranges& from,
                     const vertex_ranges& to, bool weighted) {
  const auto ranks = static_cast<std::size_t>(comm.size());
  const vertex_t first = from.first(comm.rank()), last = from.last(comm.rank());
  std::vector<std::size_t> row_counts(ranks, 0), arc_counts(ranks, 0);
  host_vector<edge_t> degrees(static_cast<std::size_t>(last - first));
  for (vertex_t v = first; v < last; ++v)
    degrees[v - first] = mine.offsets[v - first + 1] - mine.offsets[v - first];
  for (std::size_t s = 0; s < ranks; ++s) {
    const vertex_t begin = std::clamp(to.first(static_cast<int>(s)), first, last);
    const vertex_t end = std::clamp(to.last(static_cast<int>(s)), first, last);
    row_counts[s] = end - begin;
    arc_counts[s] = mine.offsets[end - first] - mine.offsets[begin - first];
  }
  // The rows of a rank in `to` arrive from the ranks of `from` in rank order, that is in row
  // order, so concatenating them gives its lists.
  const host_vector<edge_t> received = comm.all_to_all_v<edge_t>(degrees, row_counts);
  csr_arrays lists;
  lists.offsets.resize(received.size() + 1);
  lists.offsets[0] = 0;
  for (std::size_t v = 0; v < received.size(); ++v) lists.offsets[v + 1] = lists.offsets[v] + received[v];
  lists.indices = comm.all_to_all_v<vertex_t>(mine.indices, arc_counts);
  if (weighted) lists.weights = comm.all_to_all_v<weight_t>(mine.weights, arc_counts);
  return lists;
}

}  // namespace

rank_slice kronecker_slice(communicator& comm, const generators::kronecker_options& options) {
  const int p = comm.size(), r = comm.rank();
  const bool directed = options.directed, weighted = options.weighted;
  const edge_t m = agreed(comm, [&] { return generators::kronecker_arcs(options); });
  const auto share = [&](int k) {
    return static_cast<edge_t>(static_cast<unsigned __int128>(m) * static_cast<unsigned>(k) /
                               static_cast<unsigned>(p));
  };
  const vertex_t n = static_cast<vertex_t>(std::uint64_t{1} << options.scale);
  const vertex_ranges equal = equal_ranges(n, p);
  const vertex_t first = equal.first(r), last = equal.last(r);

  // Each rank's stretch of the equal split, final: sorted, parallel arcs collapsed.
  host_vector<entry> out_entries, in_entries;
  {
    const edge_list arcs =
        agreed(comm, [&] { return generators::kronecker(options, share(r), share(r + 1)); });
    out_entries = route(comm, equal, arcs, false, !directed);
    if (directed) in_entries = route(comm, equal, arcs, true, false);
  }
  const auto [out, in] = agreed(comm, [&] {
    return std::pair(lists_of(std::move(out_entries), first, last, weighted),
                     directed ? lists_of(std::move(in_entries), first, last, weighted) : stretch_lists{});
  });

  // The byte-balanced split of the whole graph, each point decided by the rank whose stretch
  // holds it. byte_model::of(graph) of the graph a single process builds: weighted when it
  // has weights (some arc), both lists when directed.
  const edge_t arcs_total = comm.all_reduce<edge_t>(out.indices.size(), reduce_op::sum);
  const byte_model model = byte_model::of(weighted && arcs_total > 0, directed);
  // Structured bindings are named through references: C++20 compilers before clang 16 cannot
  // capture them.
  const auto cost_in_stretch = [&, &out = out, &in = in](vertex_t v) {
    const std::size_t i = v - first;
    return model.per_vertex * (v - first) + model.per_arc * (out.offsets[i] + (directed ? in.offsets[i] : 0));
  };
  const std::vector<std::uint64_t> totals = comm.all_gather<std::uint64_t>(cost_in_stretch(last));
  std::uint64_t before = 0, total = 0;
  for (int q = 0; q < p; ++q) {
    if (q < r) before += totals[static_cast<std::size_t>(q)];
    total += totals[static_cast<std::size_t>(q)];
  }
  std::vector<std::uint64_t> found;  // (k, start of range k) of the points in this stretch
  for (int k = 1; k < p; ++k) {
    const std::uint64_t target = split_target(total, k, p);
    if (target == 0 || target <= before || target > before + totals[static_cast<std::size_t>(r)]) continue;
    found.push_back(static_cast<std::uint64_t>(k));
    found.push_back(
        split_point(target, first, last, [&](vertex_t v) { return before + cost_in_stretch(v); }));
  }
  const host_vector<std::uint64_t> points = comm.all_gather_v<std::uint64_t>(found);
  std::vector<vertex_t> starts(static_cast<std::size_t>(p) + 1, 0);
  starts.back() = n;
  for (std::size_t i = 0; i < points.size(); i += 2) starts[points[i]] = static_cast<vertex_t>(points[i + 1]);
  for (std::size_t k = 1; k < starts.size(); ++k)
    starts[k] = std::max(starts[k], starts[k - 1]);  // as split_by_cost

  rank_slice result{vertex_ranges(std::move(starts)), {}};
  graph_slice& slice = result.slice;
  slice.num_vertices = n;
  slice.num_edges = arcs_total;
  slice.directed = directed;
  slice.weighted = weighted && arcs_total > 0;
  slice.first = result.ranges.first(r);
  slice.out = move_rows(comm, out, equal, result.ranges, slice.weighted);
  if (directed) slice.in = move_rows(comm, in, equal, result.ranges, slice.weighted);
  return result;
}

rank_graph generate_kronecker(communicator& comm, const generators::kronecker_options& options,
                              list_order order) {
  rank_slice made = kronecker_slice(comm, options);
  return assemble(comm, made.ranges, std::move(made.slice), order);
}

}  // namespace plexus::dist
