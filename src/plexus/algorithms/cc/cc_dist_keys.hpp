// The keys of a distributed connected-components run (cc_dist.hpp): every local star (a root
// of the rank's union-find forest and its members, ghosts included) carries the smallest key
// it has seen, and rounds between ranks carry the keys along the ghost copies until every star
// holds its global component's smallest. Written once over an execution space; no back-end
// code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "plexus/core/random.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/ghost_sets.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"

namespace plexus::detail {

/// The boundary of a rank's local graph: its ghosts, and its owned vertices that some peer
/// holds as ghosts (each once), as local ids in the space's memory.
template <class Space>
struct local_boundary {
  exec::buffer<Space, vertex_t> ghosts, shared;

  explicit local_boundary(const dist::partition& part) {
    host_vector<vertex_t> ids(part.num_ghosts());
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = part.ghost_local_id(i);
    ghosts.assign(ids);
    ids.clear();
    for (const dist::peer_plan& plan : part.plans())
      ids.insert(ids.end(), plan.send.begin(), plan.send.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    shared.assign(ids);
  }
};

/// Each of `vertices` (boundary vertices, each once) whose star's key fell below its value
/// takes that key and is marked. One thread per vertex; the stars' keys are only read.
template <class Space, class Key>
void mark_fallen_keys(const Space& space, const exec::buffer<Space, vertex_t>& vertices, const vertex_t* comp,
                      const Key* best, Key* value, typename bitmap_frontier<Space>::view_type marks) {
  const vertex_t* ids = vertices.data();
  exec::for_each(
      space, vertices.size(), PLEXUS_LAMBDA(std::size_t i) {
        const vertex_t v = ids[i];
        const Key key = best[comp[v]];
        if (key < value[v]) {
          value[v] = key;
          marks.set(v);
        }
      });
}

/// The keys of a rank's stars: best[r] for every local root r, the largest Key where the star
/// has none yet; value[v] of a boundary vertex, the key last sent or received for it, never
/// below its star's key.
template <class Space, class Key>
class star_keys {
 public:
  static constexpr Key none = std::numeric_limits<Key>::max();

  star_keys(dist::ghost_exchange<Space>& exchange, const local_boundary<Space>& boundary)
      : exchange_(exchange),
        boundary_(boundary),
        local_(exchange.part().num_local()),
        peers_(exchange.ranks() > 1),
        best_(local_),
        value_(peers_ ? local_ : 0),
        to_owners_(peers_ ? local_ : 0),
        to_ghosts_(peers_ ? local_ : 0) {}

  Key* best() { return best_.data(); }
  const Key* best() const { return best_.data(); }
  exec::buffer<Space, Key>& best_buffer() { return best_; }

  /// Where comp's roots are the smallest member of their star and the key of an owned vertex
  /// is its global id: each star's key is its root's global id where the root is owned (then
  /// it is the star's smallest owned member), none where every member is a ghost. One pass, no
  /// atomics.
  void start_from_global_ids(const vertex_t* comp) {
    const vertex_t owned = exchange_.part().num_owned(), first = exchange_.part().first_owned();
    Key* keys = best_.data();
    exec::for_each(
        space_, local_, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = static_cast<vertex_t>(i);
          keys[i] = v < owned && comp[v] == v ? static_cast<Key>(first + v) : none;
        });
    reset_values();
  }

  /// best[r] = the smallest key_of(v) over the owned members v of each root r's star.
  template <class KeyOf>
  void start_from(const vertex_t* comp, KeyOf key_of) {
    best_.fill(none);
    Key* keys = best_.data();
    exec::for_each(
        space_, exchange_.part().num_owned(), PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = static_cast<vertex_t>(i);
          const Key key = key_of(v);
          // Most members of a large star hold no smaller key: a read spares their atomics.
          if (key < exec::cached_load(&keys[comp[v]])) exec::atomic_min(&keys[comp[v]], key);
        });
    reset_values();
  }

  /// After further links merged stars (comp compressed again): every former root's key joins
  /// its new root's. The boundary values stay: a star's key only fell.
  void merge_into_roots(const vertex_t* comp) {
    Key* keys = best_.data();
    exec::for_each(
        space_, local_, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t v = static_cast<vertex_t>(i);
          const vertex_t root = comp[v];
          if (root == v) return;
          const Key key = keys[v];
          if (key < exec::cached_load(&keys[root])) exec::atomic_min(&keys[root], key);
        });
  }

  /// Rounds until every star holds the smallest key of its global component (as far as the
  /// stars, joined through their ghost copies, connect it), or until `max_rounds` have run:
  /// the keys are then those of a round in the middle, each star's still some member's of its
  /// component, and a later call goes on from there. Returns the rounds run, the same on every
  /// rank.
  ///
  /// A round: (1) boundary vertices whose star's key fell below their value take it and are
  /// marked, ghosts for their owners and owned vertices for their ghost copies; one
  /// all-reduce of the marks ends the rounds when there are none; (2) the marked ghosts' keys
  /// go to their owners, each min-combined into the owner's star; (3) the owned boundary
  /// vertices whose star's key fell, in (2) too, send their keys to their ghost copies, each
  /// min-combined into the copy's star. Every link is thus seen from both ends, whichever rank
  /// made it: a copy's value is only ever replaced by a smaller one (the owner's key is at most
  /// every key any copy sent it, and a copy sends every fall), so when no rank marks anything
  /// the stars of a component hold one key, each key being some member's: the smallest.
  int spread(dist::communicator& comm, const vertex_t* comp, int max_rounds = 1 << 30) {
    if (!peers_) return 0;
    Key* best = best_.data();
    Key* value = value_.data();
    const auto owners_marks = to_owners_.view(), ghosts_marks = to_ghosts_.view();
    const vertex_t* ghost_ids = boundary_.ghosts.data();
    int rounds = 0;
    while (rounds < max_rounds) {
      mark_fallen_keys(space_, boundary_.ghosts, comp, best, value, owners_marks);
      mark_fallen_keys(space_, boundary_.shared, comp, best, value, ghosts_marks);
      const std::uint64_t marked = to_owners_.size(space_) + to_ghosts_.size(space_);
      if (comm.all_reduce<std::uint64_t>(marked, dist::reduce_op::sum) == 0) break;
      ++rounds;
      dist::reduce_changed_to_owners(
          exchange_, to_owners_.data(), value,
          PLEXUS_LAMBDA(vertex_t v, Key key) { exec::atomic_min(&best[comp[v]], key); });
      to_owners_.clear();
      mark_fallen_keys(space_, boundary_.shared, comp, best, value, ghosts_marks);
      // The ghost blocks' marks come back as the copies that received a key.
      dist::broadcast_changed_to_ghosts(exchange_, to_ghosts_.data(), value);
      exec::for_each(
          space_, boundary_.ghosts.size(), PLEXUS_LAMBDA(std::size_t i) {
            const vertex_t g = ghost_ids[i];
            if (ghosts_marks.test(g)) exec::atomic_min(&best[comp[g]], value[g]);
          });
      to_ghosts_.clear();
    }
    space_.synchronize();
    return rounds;
  }

 private:
  void reset_values() {
    if (peers_) value_.fill(none);
  }

  Space space_;
  dist::ghost_exchange<Space>& exchange_;
  const local_boundary<Space>& boundary_;
  vertex_t local_;
  bool peers_;
  exec::buffer<Space, Key> best_, value_;
  bitmap_frontier<Space> to_owners_, to_ghosts_;
};

/// The key held by the most owned vertices over all ranks, among about `sample_size` owned
/// vertices sampled across the ranks in proportion to what each owns (the smallest such key
/// among equals); `none` where no rank owns a vertex. Afforest's phase 2 over the ranks: the
/// component it names is the one whose members skip their remaining arcs. Collective; the same
/// key on every rank.
template <class Space, class Key>
Key most_frequent_key(dist::communicator& comm, const dist::partition& part,
                      const star_keys<Space, Key>& keys, const vertex_t* comp, int sample_size) {
  const Space space;
  const vertex_t owned = part.num_owned(), first = part.first_owned();
  const std::uint64_t total = part.ranges().num_vertices();
  const std::size_t k = owned == 0
                            ? 0
                            : static_cast<std::size_t>(std::max<std::uint64_t>(
                                  1, (static_cast<std::uint64_t>(sample_size) * owned + total - 1) / total));
  exec::buffer<Space, Key> sample_buffer(k);
  Key* sample = sample_buffer.data();
  const Key* best = keys.best();
  exec::for_each(
      space, k,
      PLEXUS_LAMBDA(std::size_t i) { sample[i] = best[comp[hash_pair(0x5eed, first + i) % owned]]; });
  const host_vector<Key> mine = sample_buffer.to_host();
  host_vector<Key> all = comm.all_gather_v(std::span<const Key>(mine.data(), mine.size()));
  std::sort(all.begin(), all.end());
  Key mode = star_keys<Space, Key>::none;
  std::size_t most = 0;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j] == all[i]) ++j;
    if (j - i > most) {
      most = j - i;
      mode = all[i];
    }
    i = j;
  }
  return mode;
}

}  // namespace plexus::detail
