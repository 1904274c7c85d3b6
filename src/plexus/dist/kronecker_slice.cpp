// Each rank's slice of a Kronecker graph (kronecker_slice.hpp).
#include "plexus/dist/kronecker_slice.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "plexus/dist/agree.hpp"
#include "plexus/graph/csr_assembly.hpp"

namespace plexus::dist {

namespace {

/// One arc as the rank holding its row receives it.
struct entry {
  vertex_t row;
  vertex_t neighbour;
  weight_t weight;
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
/// u's row (and v's too when `both_ways`), or with `reverse` v's row listing u. The arcs are
/// cut into one block per thread, each block counted, then scattered to its own slice of
/// every rank's message: the messages' order depends on the thread count, the lists built
/// from them (sorted) do not.
host_vector<entry> route(communicator& comm, const vertex_ranges& to, const edge_list& arcs, bool reverse,
                         bool both_ways) {
  const auto ranks = static_cast<std::size_t>(comm.size());
  const auto blocks = static_cast<std::size_t>(omp_get_max_threads());
  const auto each_entry = [&](std::size_t block, auto&& emit) {
    const auto [lo, hi] = plexus::detail::block_range(arcs.size(), blocks, block);
    for (edge_t e = lo; e < hi; ++e) {
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
  const auto owner_of = [&](vertex_t row) {
    return ranks == 1 ? std::size_t{0} : static_cast<std::size_t>(to.owner(row));
  };
  host_vector<entry> send;
  std::vector<std::size_t> counts(ranks, 0);
  agreed(comm, [&] {
    // at[b * ranks + s]: where block b's entries for rank s go.
    std::vector<std::size_t> at(blocks * ranks, 0);
#pragma omp parallel for schedule(static, 1)
    for (std::size_t b = 0; b < blocks; ++b)
      each_entry(b, [&](const entry& x) { ++at[b * ranks + owner_of(x.row)]; });
    std::size_t total = 0;
    for (std::size_t s = 0; s < ranks; ++s)
      for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t n = at[b * ranks + s];
        at[b * ranks + s] = total;
        total += n;
        counts[s] += n;
      }
    send.resize(total);
#pragma omp parallel for schedule(static, 1)
    for (std::size_t b = 0; b < blocks; ++b)
      each_entry(b, [&](const entry& x) { send[at[b * ranks + owner_of(x.row)]++] = x; });
  });
  if (ranks == 1) return send;  // a rank's copy to itself, skipped
  return comm.all_to_all_v<entry>(send, counts);
}

/// The lists of rows [first, last) of an n-vertex graph from the entries naming them, built
/// as the graph builder builds a whole graph's (graph/csr_assembly.hpp): sorted by neighbour,
/// one entry per neighbour, the lightest. T is vertex_t (unweighted) or a packed arc.
template <class T>
csr_arrays assembled_lists(host_vector<entry>& entries, vertex_t first, vertex_t last, vertex_t n) {
  const vertex_t rows = last - first;
  const entry* in = entries.data();
  const std::size_t m = entries.size();
  const auto produce = [&](std::size_t chunk, std::size_t chunks, auto&& emit) {
    const auto [lo, hi] = plexus::detail::block_range(m, chunks, chunk);
    for (std::size_t i = lo; i < hi; ++i) {
      if constexpr (std::is_same_v<T, std::uint64_t>)
        emit(in[i].row - first, plexus::detail::pack_arc(in[i].neighbour, in[i].weight));
      else
        emit(in[i].row - first, in[i].neighbour);
    }
  };
  const auto release = [&] { host_vector<entry>().swap(entries); };
  return plexus::detail::assemble_rows<T>(rows, n, plexus::detail::choose_bucket_shift(rows, m), true,
                                          produce, release, [](std::uint64_t) {});
}

csr_arrays lists_of(host_vector<entry> entries, vertex_t first, vertex_t last, vertex_t n, bool weighted) {
  if (first == last) {
    csr_arrays none;
    none.offsets.assign(1, 0);
    return none;
  }
  return weighted ? assembled_lists<std::uint64_t>(entries, first, last, n)
                  : assembled_lists<vertex_t>(entries, first, last, n);
}

/// Moves each row of `mine` (rows of `from`'s stretch of this rank) to its rank in `to`;
/// returns the lists of this rank's rows in `to`, in row order.
csr_arrays move_rows(communicator& comm, csr_arrays mine, const vertex_ranges& from, const vertex_ranges& to,
                     bool weighted) {
  const auto ranks = static_cast<std::size_t>(comm.size());
  if (ranks == 1) return mine;  // one rank: its stretch is its range
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
  auto [out, in] = agreed(comm, [&] {
    return std::pair(lists_of(std::move(out_entries), first, last, n, weighted),
                     directed ? lists_of(std::move(in_entries), first, last, n, weighted) : csr_arrays{});
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
  slice.out = move_rows(comm, std::move(out), equal, result.ranges, slice.weighted);
  if (directed) slice.in = move_rows(comm, std::move(in), equal, result.ranges, slice.weighted);
  return result;
}

rank_graph generate_kronecker(communicator& comm, const generators::kronecker_options& options,
                              list_order order) {
  rank_slice made = kronecker_slice(comm, options);
  return assemble(comm, made.ranges, std::move(made.slice), order);
}

}  // namespace plexus::dist
