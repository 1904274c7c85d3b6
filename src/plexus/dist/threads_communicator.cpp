// Ranks as threads of one process (threads_communicator.hpp).
#include "plexus/dist/threads_communicator.hpp"

#include <fmt/format.h>

#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace plexus::dist {

namespace detail {

/// What a rank posts for one collective: enough for every peer to check that it is in the
/// same operation and to read its part.
struct posted {
  operation op{"", 0};
  const void* in = nullptr;
  std::size_t bytes = 0;                       // of `in`
  std::span<const std::size_t> block_bytes{};  // all_to_all_v: what it sends to each rank
  int root = 0;
  element_type type = element_type::u8;
  reduce_op reduce = reduce_op::sum;
};

class thread_group {
 public:
  thread_group(int ranks, std::chrono::milliseconds timeout)
      : ranks_(ranks), timeout_(timeout), posts_(static_cast<std::size_t>(ranks)) {}

  int ranks() const { return ranks_; }
  const posted& post_of(int rank) const { return posts_[static_cast<std::size_t>(rank)]; }

  /// Posts what `rank` brings to `post.op` and waits until every rank has posted.
  void post(int rank, const posted& post) {
    posts_[static_cast<std::size_t>(rank)] = post;
    wait_all(rank, post.op);
  }

  /// Passed to wait_all at the end of a collective: every rank is between the two waits of
  /// the same collective and reaches the second whatever it found, so that wait completes
  /// even in a failed group, and no rank releases a buffer that a peer is still reading.
  static constexpr bool even_if_failed = true;

  /// Waits until every rank has arrived here too, or throws when the group failed (unless
  /// `ignore_failure`) or the deadline passed (failing the group, so that the others stop
  /// waiting as well).
  void wait_all(int rank, const operation& op, bool ignore_failure = false) {
    std::unique_lock lock(mutex_);
    if (failed_ && !ignore_failure) throw error(error_kind::io, stopped(rank, op));
    const std::uint64_t generation = generation_;
    if (++arrived_ == ranks_) {
      arrived_ = 0;
      ++generation_;
      changed_.notify_all();
      return;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout_;
    const bool woken = changed_.wait_until(lock, deadline, [&] {
      return generation_ != generation || (failed_.has_value() && !ignore_failure);
    });
    if (generation_ != generation) return;
    if (!woken) {
      const std::string message = fmt::format(
          "rank {}: {} #{} did not complete within {} ms: a peer failed or called another collective", rank,
          op.name, op.sequence, timeout_.count());
      fail_locked(message);
      throw error(error_kind::io, message);
    }
    throw error(error_kind::io, stopped(rank, op));
  }

  /// Marks the group failed with `message` (the first failure is kept) and wakes every waiter.
  void fail(const std::string& message) {
    std::lock_guard lock(mutex_);
    fail_locked(message);
  }

 private:
  void fail_locked(const std::string& message) {
    if (!failed_) failed_ = message;
    changed_.notify_all();
  }

  std::string stopped(int rank, const operation& op) const {
    return fmt::format("rank {}: {} #{} stopped: {}", rank, op.name, op.sequence, *failed_);
  }

  const int ranks_;
  const std::chrono::milliseconds timeout_;
  std::vector<posted> posts_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int arrived_ = 0;
  std::uint64_t generation_ = 0;
  std::optional<std::string> failed_;
};

}  // namespace detail

namespace {

/// Byte offsets of consecutive blocks of `bytes`: offsets[r] is where block r starts.
std::vector<std::size_t> starts_of(std::span<const std::size_t> bytes) {
  std::vector<std::size_t> starts(bytes.size() + 1, 0);
  for (std::size_t r = 0; r < bytes.size(); ++r) starts[r + 1] = starts[r] + bytes[r];
  return starts;
}

}  // namespace

threads_communicator::threads_communicator(std::shared_ptr<detail::thread_group> group, int rank)
    : communicator(rank, group->ranks()), group_(std::move(group)) {}

threads_communicator::~threads_communicator() = default;

void threads_communicator::abort(std::string_view why) {
  const std::string message = fmt::format("rank {}: {}", rank(), why);
  group_->fail(message);
  throw error(error_kind::io, message);
}

std::optional<std::string> threads_communicator::other_operation(const operation& op) const {
  for (int peer = 0; peer < size(); ++peer) {
    const operation& theirs = group_->post_of(peer).op;
    if (std::strcmp(theirs.name, op.name) != 0 || theirs.sequence != op.sequence)
      return fmt::format("{} #{} met {} #{} on rank {}", op.name, op.sequence, theirs.name, theirs.sequence,
                         peer);
  }
  return std::nullopt;
}

void threads_communicator::finish(const operation& op, const std::optional<std::string>& problem) {
  group_->wait_all(rank(), op, detail::thread_group::even_if_failed);
  if (problem) abort(*problem);
}

void threads_communicator::do_barrier(const operation& op) {
  group_->post(rank(), detail::posted{.op = op});
  finish(op, other_operation(op));
}

void threads_communicator::do_broadcast(void* data, std::size_t bytes, int root, const operation& op) {
  group_->post(rank(), detail::posted{.op = op, .in = data, .bytes = bytes, .root = root});
  std::optional<std::string> problem = other_operation(op);
  const detail::posted& from = group_->post_of(root);
  if (!problem && (from.bytes != bytes || from.root != root))
    problem =
        fmt::format("{} #{}: rank {} broadcasts {} bytes from rank {}, this rank expects {} from rank {}",
                    op.name, op.sequence, root, from.bytes, from.root, bytes, root);
  if (!problem && rank() != root && bytes > 0) std::memcpy(data, from.in, bytes);
  finish(op, problem);
}

void threads_communicator::do_all_reduce(const void* in, void* out, std::size_t count, element_type type,
                                         reduce_op reduce, const operation& op) {
  const std::size_t bytes = count * element_bytes(type);
  // Every rank folds the inputs in rank order, so all get the same bits; into a buffer of its
  // own, as `out` may be its `in`, which peers are still reading.
  std::vector<unsigned char> folded(bytes);
  group_->post(rank(), detail::posted{.op = op, .in = in, .bytes = bytes, .type = type, .reduce = reduce});
  std::optional<std::string> problem = other_operation(op);
  for (int peer = 0; peer < size() && !problem; ++peer) {
    const detail::posted& theirs = group_->post_of(peer);
    if (theirs.bytes != bytes || theirs.type != type || theirs.reduce != reduce) {
      problem =
          fmt::format("{} #{}: rank {} reduces {} bytes by {}, this rank {} bytes by {}", op.name,
                      op.sequence, peer, theirs.bytes, to_string(theirs.reduce), bytes, to_string(reduce));
    } else if (bytes > 0) {
      if (peer == 0)
        std::memcpy(folded.data(), theirs.in, bytes);
      else
        reduce_into(folded.data(), theirs.in, count, type, reduce);
    }
  }
  finish(op, problem);
  if (bytes > 0) std::memcpy(out, folded.data(), bytes);
}

void threads_communicator::do_all_gather_v(const void* in, std::size_t bytes, void* out,
                                           std::span<const std::size_t> bytes_from, const operation& op) {
  group_->post(rank(), detail::posted{.op = op, .in = in, .bytes = bytes});
  std::optional<std::string> problem = other_operation(op);
  const std::vector<std::size_t> starts = starts_of(bytes_from);
  for (int peer = 0; peer < size() && !problem; ++peer) {
    const detail::posted& theirs = group_->post_of(peer);
    const std::size_t expected = bytes_from[static_cast<std::size_t>(peer)];
    if (theirs.bytes != expected)
      problem = fmt::format("{} #{}: rank {} sends {} bytes, this rank expects {}", op.name, op.sequence,
                            peer, theirs.bytes, expected);
    else if (expected > 0)
      std::memcpy(static_cast<char*>(out) + starts[static_cast<std::size_t>(peer)], theirs.in, expected);
  }
  finish(op, problem);
}

void threads_communicator::do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes,
                                           void* recv, std::span<const std::size_t> recv_bytes,
                                           const operation& op) {
  group_->post(rank(), detail::posted{.op = op, .in = send, .block_bytes = send_bytes});
  std::optional<std::string> problem = other_operation(op);
  const std::vector<std::size_t> recv_starts = starts_of(recv_bytes);
  const auto me = static_cast<std::size_t>(rank());
  for (int peer = 0; peer < size() && !problem; ++peer) {
    const detail::posted& theirs = group_->post_of(peer);
    const std::size_t sent = theirs.block_bytes[me];
    const std::size_t expected = recv_bytes[static_cast<std::size_t>(peer)];
    if (sent != expected) {
      problem = fmt::format("{} #{}: rank {} sends {} bytes here, this rank expects {}", op.name, op.sequence,
                            peer, sent, expected);
    } else if (sent > 0) {
      const std::vector<std::size_t> their_starts = starts_of(theirs.block_bytes);
      std::memcpy(static_cast<char*>(recv) + recv_starts[static_cast<std::size_t>(peer)],
                  static_cast<const char*>(theirs.in) + their_starts[me], sent);
    }
  }
  finish(op, problem);
}

void run_threads(int ranks, const std::function<void(communicator&)>& body,
                 std::chrono::milliseconds timeout) {
  if (ranks < 1) throw error(error_kind::invalid_argument, fmt::format("run_threads: {} ranks", ranks));
  auto group = std::make_shared<detail::thread_group>(ranks, timeout);
  std::mutex first_mutex;
  std::exception_ptr first;
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      try {
        threads_communicator comm(group, r);
        body(comm);
      } catch (...) {
        {
          std::lock_guard lock(first_mutex);
          if (!first) first = std::current_exception();
        }
        std::string what = "failed";
        try {
          throw;
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        group->fail(fmt::format("rank {} failed: {}", r, what));
      }
    });
  for (std::thread& t : threads) t.join();
  if (first) std::rethrow_exception(first);
}

}  // namespace plexus::dist
