// What the code the DSL compiler generates (dsl/emit_cpp.hpp) calls besides Plexus's own
// operators: the graph it is given, INF, one-value reduction slots, arc searches, the frontier
// of a fixedPoint loop and the stored levels of an iterateInBFS. Everything here is written
// against plexus::exec, so generated code builds for every back end like the library does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/advance.hpp"
#include "plexus/operators/intersect.hpp"
#include "plexus/operators/orient.hpp"

namespace plexus::dsl::runtime {

/// The graph a generated function runs on: its out-arcs, and its in-arcs (the same view for
/// an undirected graph), both in the execution space's memory.
struct graph {
  csr_view out;
  csr_view in;
  vertex_t num_vertices = 0;
};

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

/// The frontier of a fixedPoint loop over a flag property (ir::op_kind::frontier_loop): the
/// vertices whose flag is set, as a sparse frontier, and the next one that an edge map pushes
/// into. hand_over() is `p = q; g.attachNodeProperty(q = False)` done on the frontiers alone:
/// the flags of the current frontier are cleared and the two flag arrays trade places, so
/// the loop never touches every vertex again.
template <class Space>
class flag_frontier {
 public:
  flag_frontier(const Space& space, vertex_t n, const unsigned* flags) : current_(n), next_(n), work_(n) {
    start(space, n, flags);
  }

  /// The flagged vertices become the frontier (public: GPU lambdas may not live in
  /// constructors).
  void start(const Space& space, vertex_t n, const unsigned* flags) {
    const std::size_t size = exec::compact_indices(
        space, n, current_.data(), PLEXUS_LAMBDA(std::size_t v) { return flags[v] != 0u; });
    current_.set_size(size);
    size_ = size;
  }

  std::size_t size() const { return size_; }

  /// Calls visit(v, w, arc, weight) for every arc of every frontier vertex, spread by Plexus's
  /// load balancers (`balance`: a schedule's choice); w joins the next frontier when visit
  /// returns true.
  template <class Visit>
  void advance(const Space& space, const csr_view& g, Visit visit, load_balance balance = load_balance::automatic) {
    next_.clear();
    work_.prepare(space, g, current_);
    operators::advance_push(space, g, current_, work_, next_, balance, visit);
  }

  /// Clears `flags` for the current frontier, swaps `flags` and `next_flags`, and makes the
  /// next frontier current.
  template <class Flag>
  void hand_over(const Space& space, Flag*& flags, Flag*& next_flags) {
    Flag* clear = flags;
    const vertex_t* items = current_.data();
    exec::for_each(space, size_, PLEXUS_LAMBDA(std::size_t i) { clear[items[i]] = 0; });
    Flag* swap = flags;
    flags = next_flags;
    next_flags = swap;
    current_.swap(next_);
    size_ = current_.size();
  }

 private:
  sparse_frontier<Space> current_, next_;
  operators::push_workspace<Space> work_;
  std::size_t size_ = 0;
};

/// The levels of a BFS from one source (ir::op_kind::bfs_levels), each level's vertices kept
/// so that a forward body can visit them in order and a reverse body deepest first.
template <class Space>
class bfs_levels {
 public:
  static constexpr vertex_t unreached = std::numeric_limits<vertex_t>::max();

  bfs_levels(const Space& space, const csr_view& g, vertex_t source) : level_(g.num_vertices), stored_(g.num_vertices) {
    run(space, g, source);
  }

  /// The BFS itself (public: GPU lambdas may not live in constructors).
  void run(const Space& space, const csr_view& g, vertex_t source) {
    level_.fill(unreached);
    level_.set(source, 0);
    sparse_frontier<Space> current(g.num_vertices), next(g.num_vertices);
    operators::push_workspace<Space> work(g.num_vertices);
    const vertex_t start[] = {source};
    current.assign(std::span<const vertex_t>(start, 1));
    vertex_t* level = level_.data();
    vertex_t* stored = stored_.data();
    std::size_t size = 1, filled = 0;
    for (vertex_t depth = 0; size > 0; ++depth) {
      const vertex_t* items = current.data();
      const std::size_t at = filled;
      exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { stored[at + i] = items[i]; });
      starts_.push_back(filled);
      filled += size;
      next.clear();
      work.prepare(space, g, current);
      const vertex_t deeper = depth + 1;
      operators::advance_push(space, g, current, work, next, load_balance::automatic,
                              PLEXUS_LAMBDA(vertex_t, vertex_t w, edge_t, weight_t) {
                                return exec::atomic_load(&level[w]) == unreached &&
                                       exec::atomic_cas(&level[w], unreached, deeper) == unreached;
                              });
      current.swap(next);
      size = current.size();
    }
    starts_.push_back(filled);
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

/// Fills `rows` (one per arc of g) with each arc's source vertex.
template <class Space>
exec::buffer<Space, vertex_t> arc_rows(const Space& space, const csr_view& g) {
  exec::buffer<Space, vertex_t> rows(g.num_edges);
  if (g.num_edges > 0) operators::arc_sources(space, g, rows.data());
  return rows;
}

}  // namespace plexus::dsl::runtime
