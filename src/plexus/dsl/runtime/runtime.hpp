// What the code the DSL compiler generates (dsl/emit_cpp.hpp) calls besides Plexus's own
// operators: the graph it is given, INF, one-value reduction slots, arc searches, the checks of
// the nodes it computes (vertex_faults.hpp, vertex_range.hpp), the frontier
// of a fixedPoint loop (with its pull rounds), the stored levels of an iterateInBFS and the
// advance over every arc that edge maps run as. Everything here is written
// against plexus::exec, so generated code builds for every back end like the library does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dsl/runtime/vertex_faults.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/orient.hpp"

namespace plexus::dsl::runtime {

/// The graph a generated function runs on: its out-arcs, and its in-arcs (the same view for
/// an undirected graph; an empty view, offsets null, for a directed graph built without
/// them), both in the execution space's memory.
struct graph {
  csr_view out;
  csr_view in;
  vertex_t num_vertices = 0;
};

/// A function that walks in-arcs refuses a directed graph built without them, which would
/// otherwise be read as out-arcs.
inline void require_in_arcs(const graph& g, const std::string& function) {
  if (g.in.offsets == nullptr)
    throw error(error_kind::invalid_argument,
                "'" + function + "' reads in-arcs, but the directed graph was built without them (build_in_edges)");
}

/// INF as a value of T: the largest integer, or infinity.
template <class T>
PLEXUS_HOST_DEVICE constexpr T infinity() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::max();
}

/// The arc u -> w of g, or g.num_edges when there is none (lists are sorted).
PLEXUS_HOST_DEVICE inline edge_t find_arc(const csr_view& g, vertex_t u, vertex_t w) {
  const edge_t at = operators::lower_bound(g.indices, g.begin(u), g.end(u), w);
  return at < g.end(u) && g.indices[at] == w ? at : g.num_edges;
}
PLEXUS_HOST_DEVICE inline bool has_arc(const csr_view& g, vertex_t u, vertex_t w) {
  return find_arc(g, u, w) != g.num_edges;
}

/// A host scalar a kernel reduces into: one value in the space's memory.
template <class Space, class T>
class slot {
 public:
  explicit slot(T value) : value_(1) { value_.set(0, value); }
  T* data() { return value_.data(); }
  T get() const { return value_.get(0); }

 private:
  exec::buffer<Space, T> value_;
};

/// The least and the largest of some values, and how two such ranges combine.
template <class T>
struct value_range {
  T least, largest;
};
struct widen {
  template <class T>
  PLEXUS_HOST_DEVICE value_range<T> operator()(const value_range<T>& a, const value_range<T>& b) const {
    return value_range<T>{a.least < b.least ? a.least : b.least, a.largest > b.largest ? a.largest : b.largest};
  }
};

/// The frontier of a fixedPoint loop over a flag property (ir::op_kind::frontier_loop): the
/// vertices whose flag is set, as a sparse frontier, and the next one that an edge map pushes
/// into. hand_over() is `p = q; g.attachNodeProperty(q = False)` done on the frontiers alone:
/// the flags of the current frontier are cleared and the two flag arrays trade places, so
/// the loop never touches every vertex again.
template <class Space>
class flag_frontier {
 public:
  flag_frontier(const Space& space, vertex_t n, const unsigned* flags)
      : current_(n), next_(n), work_(n), bits_(n), next_bits_(n) {
    start(space, n, flags);
  }

  /// The flagged vertices become the frontier (public: GPU lambdas may not live in
  /// constructors). Their out-arcs are counted when the first advance is prepared.
  void start(const Space& space, vertex_t n, const unsigned* flags) {
    const std::size_t size = exec::compact_indices(
        space, n, current_.data(), PLEXUS_LAMBDA(std::size_t v) { return flags[v] != 0u; });
    current_.set_size(size);
    size_ = size;
    arcs_known_ = scanned_ = false;
  }

  std::size_t size() const { return size_; }

  /// Calls visit(v, w, arc, weight) for every arc of every frontier vertex, spread by Plexus's
  /// load balancers (`balance`: a schedule's choice); w joins the next frontier when visit
  /// returns true. Each pushed vertex adds its degree to the next frontier's tally, so that
  /// after hand_over() one read gives both the frontier's size and its out-arcs, as the
  /// library's BFS does: a single host round trip per round.
  template <class Visit>
  void advance(const Space& space, const csr_view& g, Visit visit, load_balance balance = load_balance::automatic) {
    next_.clear();
    if (!scanned_) {
      if (arcs_known_)
        work_.prepare(space, g, current_, size_, arcs_, balance);
      else
        work_.prepare(space, g, current_);
    }
    scanned_ = false;
    const auto tally = next_.view();
    operators::advance_push(space, g, current_, work_, next_, balance,
                            PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t arc, weight_t weight) {
                              if (!visit(v, w, arc, weight)) return false;
                              tally.add_tally(g.degree(w));
                              return true;
                            });
  }

  /// Clears `flags` for the current frontier, swaps `flags` and `next_flags`, and makes the
  /// next frontier current.
  template <class Flag>
  void hand_over(const Space& space, Flag*& flags, Flag*& next_flags) {
    swap_flags(space, flags, next_flags);
    current_.swap(next_);
    const auto [size, arcs] = current_.size_and_tally();
    size_ = size;
    arcs_ = static_cast<edge_t>(arcs);
    arcs_known_ = true;
  }

  /// As hand_over, when maps other than the advance may have set next flags too: the next
  /// frontier is compacted from the flags.
  template <class Flag>
  void hand_over_flags(const Space& space, vertex_t n, Flag*& flags, Flag*& next_flags) {
    swap_flags(space, flags, next_flags);
    start(space, n, flags);
  }

  /// Whether the next round should pull rather than push: its frontier's out-arcs exceed the
  /// graph's arcs over the library BFS's alpha (Beamer's rule).
  bool should_pull(const Space& space, const csr_view& g) {
    if (!arcs_known_) {
      arcs_ = work_.prepare(space, g, current_);
      arcs_known_ = scanned_ = true;  // the advance reuses the scan
    }
    return static_cast<double>(arcs_) > static_cast<double>(g.num_edges) / default_bfs_alpha(Space::family);
  }

  /// The least and the largest of offer(v) over the frontier's vertices, in one reduction.
  template <class T, class Offer>
  value_range<T> offers(const Space& space, Offer offer) const {
    const vertex_t* items = current_.data();
    return exec::reduce(
        space, size_, value_range<T>{infinity<T>(), std::numeric_limits<T>::lowest()},
        PLEXUS_LAMBDA(std::size_t i)->value_range<T> {
          const T value = offer(items[i]);
          return value_range<T>{value, value};
        },
        widen{});
  }

  /// A pull round over the in-arcs `in`, handing over as it ends: every vertex for which
  /// active(w) holds looks for an in-neighbour in the frontier and calls settle(u, w, arc,
  /// weight) with the first, which sets w's next flag (its lane alone writes w's values);
  /// the vertices found are the next frontier.
  template <class Active, class Settle, class Flag>
  void pull(const Space& space, const csr_view& in, Active active, Settle settle, Flag*& flags, Flag*& next_flags) {
    to_bitmap(space, current_, size_, bits_);
    next_bits_.clear();
    const std::size_t pulled = operators::advance_pull(space, in, bits_, next_bits_, active, settle);
    next_.clear();
    append_unordered(space, next_bits_, next_);
    swap_flags(space, flags, next_flags);
    current_.swap(next_);
    size_ = pulled;
    arcs_known_ = scanned_ = false;
  }

  /// Clears `flags` for the current frontier and swaps the two arrays (public: GPU lambdas may
  /// not live in private members).
  template <class Flag>
  void swap_flags(const Space& space, Flag*& flags, Flag*& next_flags) {
    Flag* clear = flags;
    const vertex_t* items = current_.data();
    exec::for_each(space, size_, PLEXUS_LAMBDA(std::size_t i) { clear[items[i]] = 0; });
    Flag* swap = flags;
    flags = next_flags;
    next_flags = swap;
  }

 private:
  sparse_frontier<Space> current_, next_;
  operators::push_workspace<Space> work_;
  bitmap_frontier<Space> bits_, next_bits_;  // pull rounds
  std::size_t size_ = 0;
  edge_t arcs_ = 0;
  bool arcs_known_ = false;
  bool scanned_ = false;  // the workspace holds the current frontier's scan already
};

/// The levels of a BFS from one source (ir::op_kind::bfs_levels), each level's vertices kept
/// so that a forward body can visit them in order and a reverse body deepest first.
template <class Space>
class bfs_levels {
 public:
  static constexpr vertex_t unreached = std::numeric_limits<vertex_t>::max();
  /// A level with at most this many out-arcs finds the next one lane per vertex.
  static constexpr edge_t few_arcs = edge_t(1) << 15;

  /// The BFS over `g` from `source`; `in` (g's in-arcs, or an empty view) lets large levels
  /// pull.
  bfs_levels(const Space& space, const csr_view& g, const csr_view& in, vertex_t source)
      : level_(g.num_vertices), stored_(g.num_vertices) {
    run(space, g, in, source);
  }

  /// The BFS itself (public: GPU lambdas may not live in constructors). The levels are
  /// stored one after another, each appended behind the one it was found from. A level with
  /// few out-arcs finds the next with one lane per vertex, which appends straight to the
  /// store and tallies the arcs of what it appends, so a level costs one launch and one read,
  /// as in the library's betweenness (high-diameter graphs have thousands of such levels).
  /// A larger level pushes through Plexus's load-balanced advance, and one whose
  /// out-arcs exceed the graph's over alpha pulls: each unreached vertex stops at its first
  /// in-neighbour in the level (direction optimisation, as the library's BFS does).
  void run(const Space& space, const csr_view& g, const csr_view& in, vertex_t source) {
    level_.fill(unreached);
    level_.set(source, 0);
    stored_.set(0, source);
    const vertex_t n = g.num_vertices;
    sparse_frontier<Space> current(n), next(n);
    operators::push_workspace<Space> work(n);
    bitmap_frontier<Space> bits(n), next_bits(n);
    exec::buffer<Space, unsigned long long> counters(2);  // the store's end, the tally
    vertex_t* level = level_.data();
    vertex_t* stored = stored_.data();
    unsigned long long* counted = counters.data();
    vertex_t* into = current.data();
    std::size_t lo = 0, hi = 1;
    edge_t arcs = degrees(space, g, 0, 1);
    const double pull_above = static_cast<double>(g.num_edges) / default_bfs_alpha(Space::family);
    for (vertex_t depth = 0; hi > lo; ++depth) {
      starts_.push_back(lo);
      const std::size_t size = hi - lo;
      const vertex_t deeper = depth + 1;
      const vertex_t* items = stored + lo;
      std::size_t found = 0;
      if (in.offsets != nullptr && static_cast<double>(arcs) > pull_above) {
        const auto marks = bits.view();
        bits.clear();
        exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { marks.set(items[i]); });
        next_bits.clear();
        found = operators::advance_pull(
            space, in, bits, next_bits, PLEXUS_LAMBDA(vertex_t w) { return level[w] == unreached; },
            PLEXUS_LAMBDA(vertex_t, vertex_t w, edge_t, weight_t) {
              level[w] = deeper;
              return true;
            });
        next.clear();
        append_unordered(space, next_bits, next);
        store_behind(space, next, found, hi);
        arcs = degrees(space, g, hi, found);
      } else if (arcs <= few_arcs) {
        const std::size_t end = hi;
        exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) {
          counted[0] = end;
          counted[1] = 0;
        });
        exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = items[i];
          for (edge_t e = g.begin(v); e < g.end(v); ++e) {
            const vertex_t w = g.indices[e];
            if (exec::atomic_load(&level[w]) != unreached || exec::atomic_cas(&level[w], unreached, deeper) != unreached)
              continue;
            stored[exec::atomic_increment_aggregated(counted)] = w;
            exec::atomic_add_aggregated(counted + 1, g.degree(w));
          }
        });
        const host_vector<unsigned long long> read = counters.to_host(2);
        found = static_cast<std::size_t>(read[0]) - hi;
        arcs = static_cast<edge_t>(read[1]);
      } else {
        exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { into[i] = items[i]; });
        current.set_size(size);
        next.clear();
        work.prepare(space, g, current, size, arcs, load_balance::automatic);
        const auto tally = next.view();
        operators::advance_push(space, g, current, work, next, load_balance::automatic,
                                PLEXUS_LAMBDA(vertex_t, vertex_t w, edge_t, weight_t) {
                                  if (exec::atomic_load(&level[w]) != unreached ||
                                      exec::atomic_cas(&level[w], unreached, deeper) != unreached)
                                    return false;
                                  tally.add_tally(g.degree(w));
                                  return true;
                                });
        const auto [pushed, pushed_arcs] = next.size_and_tally();
        found = pushed;
        store_behind(space, next, found, hi);
        arcs = static_cast<edge_t>(pushed_arcs);
      }
      lo = hi;
      hi += found;
    }
    starts_.push_back(lo);
  }

  /// Copies the first `count` ids of `from` into the store at `at`.
  void store_behind(const Space& space, const sparse_frontier<Space>& from, std::size_t count, std::size_t at) {
    const vertex_t* items = from.data();
    vertex_t* to = stored_.data() + at;
    exec::for_each(space, count, PLEXUS_LAMBDA(std::size_t i) { to[i] = items[i]; });
  }

  /// The out-arcs of the `count` stored vertices from `at`.
  edge_t degrees(const Space& space, const csr_view& g, std::size_t at, std::size_t count) const {
    const vertex_t* items = stored_.data() + at;
    return exec::reduce(space, count, edge_t(0), PLEXUS_LAMBDA(std::size_t i) { return g.degree(items[i]); }, exec::plus{});
  }

  /// Levels 0 .. count() - 1.
  vertex_t count() const { return static_cast<vertex_t>(starts_.size() - 1); }
  const vertex_t* vertices(vertex_t depth) const { return stored_.data() + starts_[depth]; }
  std::size_t size(vertex_t depth) const { return starts_[depth + 1] - starts_[depth]; }
  /// Each vertex's level (unreached when the BFS did not reach it).
  const vertex_t* level() const { return level_.data(); }

 private:
  exec::buffer<Space, vertex_t> level_, stored_;
  std::vector<std::size_t> starts_;
};

/// Every arc of a graph as one advance from a frontier of all its vertices, which Plexus's
/// load balancers spread by arcs (a hub's list over many lanes): the edge maps the compiler
/// runs one lane per arc (emit_arc_maps.cpp). Made once per function; the scan of the
/// degrees is done then, not per map.
template <class Space>
class all_arcs {
 public:
  all_arcs(const Space& space, const csr_view& g) : every_(g.num_vertices), none_(1), work_(g.num_vertices) {
    start(space, g);
  }

  /// Fills the frontier with every vertex (public: GPU lambdas may not live in constructors).
  void start(const Space& space, const csr_view& g) {
    vertex_t* items = every_.data();
    exec::for_each(space, g.num_vertices, PLEXUS_LAMBDA(std::size_t i) { items[i] = static_cast<vertex_t>(i); });
    every_.set_size(g.num_vertices);
    work_.prepare(space, g, every_);
  }

  /// Calls visit(v, w, arc, weight) for every arc v -> w of g.
  template <class Visit>
  void visit(const Space& space, const csr_view& g, Visit visit) {
    operators::advance_push(space, g, every_, work_, none_, load_balance::automatic,
                            PLEXUS_LAMBDA(vertex_t v, vertex_t w, edge_t arc, weight_t weight) {
                              visit(v, w, arc, weight);
                              return false;
                            });
  }

 private:
  sparse_frontier<Space> every_, none_;
  operators::push_workspace<Space> work_;
};

/// Fills `rows` (one per arc of g) with each arc's source vertex.
template <class Space>
exec::buffer<Space, vertex_t> arc_rows(const Space& space, const csr_view& g) {
  exec::buffer<Space, vertex_t> rows(g.num_edges);
  if (g.num_edges > 0) operators::arc_sources(space, g, rows.data());
  return rows;
}

}  // namespace plexus::dsl::runtime
