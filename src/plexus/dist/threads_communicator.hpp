// p ranks as p host threads of one process, sharing memory: the fast path for unit tests of
// partitioning, plans and exchanges, runnable under the sanitizers where
// MPI is awkward, and what `plexus partition` uses to compute what each of N ranks would
// hold without starting N processes.
//
// A collective is a rendezvous: every rank posts its buffers, waits for all, copies what it
// needs from its peers' buffers, and waits again so that no buffer is released while a peer
// reads it. Each rank checks what MPI would only find by hanging or truncating: that all
// ranks are in the same operation with the same number, and that the sizes agree. Every
// wait has the group's deadline. A rank that throws (or aborts) fails the group: its peers'
// waits throw at once, so a test of a fault ends instead of hanging.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "plexus/dist/communicator.hpp"

namespace plexus::dist {

namespace detail {
class thread_group;
}

class threads_communicator final : public communicator {
 public:
  threads_communicator(std::shared_ptr<detail::thread_group> group, int rank);
  ~threads_communicator() override;

  /// Fails the group with "rank r: why" and throws it here; peers throw at their next wait.
  [[noreturn]] void abort(std::string_view why) override;

 private:
  /// Why the peers' posts do not belong to `op`, if they do not.
  std::optional<std::string> other_operation(const operation& op) const;
  /// The second wait of a collective, then `problem`, if any, fails the group from here.
  void finish(const operation& op, const std::optional<std::string>& problem);

  void do_barrier(const operation& op) override;
  void do_broadcast(void* data, std::size_t bytes, int root, const operation& op) override;
  void do_all_reduce(const void* in, void* out, std::size_t count, element_type type, reduce_op reduce,
                     const operation& op) override;
  void do_all_gather_v(const void* in, std::size_t bytes, void* out, std::span<const std::size_t> bytes_from,
                       const operation& op) override;
  void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                       std::span<const std::size_t> recv_bytes, const operation& op) override;

  std::shared_ptr<detail::thread_group> group_;
};

/// Runs body(comm) on `ranks` threads, each with its own rank's communicator, and returns once
/// all have returned. When some rank throws, the group fails (the others' collectives throw
/// too) and the exception thrown first is rethrown here, once every thread has ended.
void run_threads(int ranks, const std::function<void(communicator&)>& body,
                 std::chrono::milliseconds timeout = kDefaultCommTimeout);

}  // namespace plexus::dist
