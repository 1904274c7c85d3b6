// ghost_exchange: what every exchange between owners and ghost copies works from: a
// partition's plans in a back end's memory, the communicator, how buffers reach it, and the
// figures a run reports about its communication.
//
// The exchanges themselves are one file each: ghost_broadcast.hpp (owned values to the ghost
// copies other ranks hold), ghost_reduce.hpp (ghost values combined into their owners) and
// ghost_sets.hpp (their sparse forms, for frontiers and changed vertices). All of them are
// collective over the partition's communicator, work on arrays over local ids in the memory
// of `Space` (exec buffers of the local device_graph's back end), and send values aligned to
// the plans, never vertex ids (Gluon's memoised proxies: R. Dathathri et al., PLDI 2018).
//
// Where the buffers live: a transport that reaches the back end's memory (communicator::
// reaches: host memory for every transport, a GPU's for a GPU transport) gets the back end's
// buffers as they are; otherwise each message is staged through host memory: the packed
// send part copied to the host, exchanged, and the received part copied back, so a GPU run
// over MPI moves only the messages across the bus, never whole arrays.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/partition.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::dist {

/// What a round's scratch buffer holds: what it sends, or what it receives.
enum class scratch_use { send, receive };

/// What a run's exchanges cost this rank, for reports and benchmarks.
struct exchange_stats {
  std::uint64_t rounds = 0;      // exchanges made (each one ghost_* call)
  std::uint64_t bytes_sent = 0;  // by this rank to its peers, counts rounds included
  double seconds = 0;            // inside the exchanges: packing, transfers, unpacking

  exchange_stats& operator+=(const exchange_stats& other) {
    rounds += other.rounds;
    bytes_sent += other.bytes_sent;
    seconds += other.seconds;
    return *this;
  }
};

template <class Space>
class ghost_exchange {
 public:
  /// `staged`: pass messages through host memory (the transport does not reach `Space`'s).
  ghost_exchange(communicator& comm, const partition& part, bool staged)
      : comm_(comm), part_(part), staged_(staged) {
    const auto p = static_cast<std::size_t>(part.ranks());
    send_begin_.assign(p + 1, 0);
    for (std::size_t s = 0; s < p; ++s)
      send_begin_[s + 1] = send_begin_[s] + part.plan(static_cast<int>(s)).send.size();
    host_vector<vertex_t> ids(send_begin_[p]);
    for (std::size_t s = 0; s < p; ++s) {
      const host_vector<vertex_t>& send = part.plan(static_cast<int>(s)).send;
      std::copy(send.begin(), send.end(), ids.begin() + static_cast<std::ptrdiff_t>(send_begin_[s]));
    }
    send_ids_.assign(ids);
  }
  /// Staged exactly when the communicator does not reach the back end's memory.
  ghost_exchange(communicator& comm, const partition& part)
      : ghost_exchange(comm, part, !comm.reaches(Space::kind)) {}

  communicator& comm() const { return comm_; }
  const partition& part() const { return part_; }
  const Space& space() const { return space_; }
  int ranks() const { return part_.ranks(); }
  bool staged() const { return staged_; }
  const exchange_stats& stats() const { return stats_; }

  /// Entries of this rank's send list to `peer`, and where they start in send_ids().
  std::size_t send_count(int peer) const { return part_.plan(peer).send.size(); }
  std::size_t send_begin(int peer) const { return send_begin_[static_cast<std::size_t>(peer)]; }
  /// Every send list, peer after peer, as owned local ids in `Space`'s memory.
  const vertex_t* send_ids() const { return send_ids_.data(); }
  /// This rank's ghost block of `peer`: local ids [recv_first, recv_first + recv_count).
  std::size_t recv_count(int peer) const { return part_.plan(peer).recv_count; }
  vertex_t recv_first(int peer) const { return part_.plan(peer).recv_first; }

  /// The send lists' lengths (owners to ghosts) or the ghost blocks' (ghosts to owners), by
  /// peer: the element counts of a dense exchange in one direction.
  std::vector<std::size_t> send_counts() const {
    return counts([](const peer_plan& plan) { return plan.send.size(); });
  }
  std::vector<std::size_t> ghost_counts() const {
    return counts([](const peer_plan& plan) { return std::size_t{plan.recv_count}; });
  }

  /// Personalised exchange of buffers in `Space`'s memory, sizes known on both sides (the
  /// elements for each rank back to back, in rank order); counted as bytes sent.
  template <class T>
  void transfer(const exec::buffer<Space, T>& send, std::span<const std::size_t> send_counts,
                exec::buffer<Space, T>& recv, std::span<const std::size_t> recv_counts) {
    std::size_t sent = 0, received = 0;
    for (std::size_t r = 0; r < send_counts.size(); ++r) {
      if (static_cast<int>(r) != comm_.rank()) stats_.bytes_sent += send_counts[r] * sizeof(T);
      sent += send_counts[r];
    }
    for (const std::size_t count : recv_counts) received += count;
    if (!staged_) {
      comm_.all_to_all_v<T>(std::span<const T>(send.data(), sent), send_counts,
                            std::span<T>(recv.data(), received), recv_counts);
      return;
    }
    const host_vector<T> out = send.to_host(sent);
    host_vector<T> in(received);
    comm_.all_to_all_v<T>(out, send_counts, in, recv_counts);
    recv.write(0, in);
  }

  /// A buffer of at least `count` elements of T kept for the exchange's life, one per use: a
  /// run's rounds allocate once instead of every round, which on a GPU also spares the
  /// device-wide synchronisation of every release. Its contents are the caller's until the
  /// next request for that use.
  template <class T>
  exec::buffer<Space, T>& scratch(scratch_use use, std::size_t count) {
    held_scratch& held = scratch_[static_cast<std::size_t>(use)];
    if (held.type != &type_tag<T>) {
      held.buffer.reset();  // released before its successor is allocated
      held.buffer = std::make_shared<exec::buffer<Space, T>>();
      held.type = &type_tag<T>;
    }
    auto& buffer = *static_cast<exec::buffer<Space, T>*>(held.buffer.get());
    if (buffer.size() < count) {
      buffer.resize(0);
      buffer.resize(count);
    }
    return buffer;
  }

  /// One number per peer: what each peer sent this rank for its own `counts` entry here.
  std::vector<std::size_t> exchange_counts(std::span<const std::size_t> counts) {
    const std::vector<std::size_t> ones(counts.size(), 1);
    std::vector<std::size_t> received(counts.size());
    stats_.bytes_sent += (counts.size() - 1) * sizeof(std::size_t);
    comm_.all_to_all_v<std::size_t>(counts, ones, received, ones);
    return received;
  }

  /// Counts one exchange and the time it takes while it lives.
  class round {
   public:
    explicit round(ghost_exchange& exchange) : exchange_(exchange) { ++exchange_.stats_.rounds; }
    round(const round&) = delete;
    round& operator=(const round&) = delete;
    ~round() { exchange_.stats_.seconds += clock_.seconds(); }

   private:
    ghost_exchange& exchange_;
    timer clock_;
  };

 private:
  template <class Count>
  std::vector<std::size_t> counts(Count&& count) const {
    std::vector<std::size_t> result;
    for (const peer_plan& plan : part_.plans()) result.push_back(count(plan));
    return result;
  }

  template <class T>
  static constexpr char type_tag = 0;  // its address names T
  struct held_scratch {
    std::shared_ptr<void> buffer;
    const char* type = nullptr;
  };

  communicator& comm_;
  const partition& part_;
  bool staged_;
  std::array<held_scratch, 2> scratch_;
  Space space_;
  std::vector<std::size_t> send_begin_;
  exec::buffer<Space, vertex_t> send_ids_;
  exchange_stats stats_;
};

}  // namespace plexus::dist
