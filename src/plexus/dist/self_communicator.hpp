// The communicator of a run with one rank: every collective is a copy (or nothing), so a
// distributed loop run on it costs what its loop costs, and every ordinary test exercises the
// distributed code paths without a second process.
#pragma once

#include "plexus/dist/communicator.hpp"

namespace plexus::dist {

class self_communicator final : public communicator {
 public:
  self_communicator() : communicator(0, 1) {}

  /// One process is the whole run: the fault is thrown as a plexus::error, so it ends the run
  /// through the caller's ordinary error path, reported once.
  [[noreturn]] void abort(std::string_view why) override;

 private:
  void do_barrier(const operation&) override {}
  void do_broadcast(void*, std::size_t, int, const operation&) override {}
  void do_all_reduce(const void* in, void* out, std::size_t count, element_type type, reduce_op reduce,
                     const operation& op) override;
  void do_all_gather_v(const void* in, std::size_t bytes, void* out, std::span<const std::size_t> bytes_from,
                       const operation& op) override;
  void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                       std::span<const std::size_t> recv_bytes, const operation& op) override;
};

}  // namespace plexus::dist
