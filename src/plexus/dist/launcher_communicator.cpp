// A launched worker's side (launcher.hpp): its place from the environment, its failures sent
// to the launcher, and the host communicator over the launcher's rounds.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "plexus/dist/launch_frames.hpp"
#include "plexus/dist/launcher.hpp"

namespace plexus::dist {

namespace {

using namespace launch_detail;
using clock = std::chrono::steady_clock;

/// The value of worker variable `name`, which must be an integer in [low, high].
int worker_variable(const char* name, const char* value, int low, int high) {
  int parsed = 0;
  const char* end = value + std::strlen(value);
  const auto [stop, problem] = std::from_chars(value, end, parsed);
  if (problem != std::errc{} || stop != end || parsed < low || parsed > high)
    throw error(error_kind::invalid_argument,
                fmt::format("{}={}: not a number from {} to {} (a launched worker's variable)", name, value,
                            low, high));
  return parsed;
}

/// Every collective is one round or a few: each rank's part goes to the launcher, which sends
/// every part to every rank. A part starts with its collective's number and name, so that a
/// rank in another collective is named instead of misread.
class launcher_comm final : public communicator {
 public:
  launcher_comm(const launched_rank& me, std::chrono::milliseconds timeout)
      : communicator(me.rank, me.ranks), me_(me), timeout_(timeout) {}

  [[noreturn]] void abort(std::string_view why) override {
    report_failure(me_, error_kind::io, why);
    std::_Exit(1);
  }

 private:
  std::vector<std::vector<std::byte>> round(const operation& op, std::span<const std::byte> data) {
    if (broken_)
      throw error(error_kind::io,
                  failure(op, "cannot run: the communicator failed in an earlier collective"));
    const std::string_view name(op.name);
    const auto name_bytes = static_cast<std::uint32_t>(name.size());
    std::vector<std::byte> message;
    append(message, &op.sequence, sizeof op.sequence);
    append(message, &name_bytes, sizeof name_bytes);
    append(message, name.data(), name.size());
    const std::size_t header = message.size();
    append(message, data.data(), data.size());
    if (!write_frame(me_.channel, frame_kind::message, message)) fail(op, "the launcher has gone");
    std::optional<frame> reply;
    try {
      reply = read_frame(me_.channel, clock::now() + timeout_);
    } catch (const error& e) {
      fail(op, std::string_view(e.what()) == kTimedOut
                   ? fmt::format("did not complete within {} ms: a peer failed or called another collective",
                                 timeout_.count())
                   : std::string(e.what()));
    }
    if (!reply || reply->kind != frame_kind::round) fail(op, "the launcher has gone");
    std::vector<std::vector<std::byte>> parts = unpack_round(reply->payload);
    if (parts.size() != static_cast<std::size_t>(size()))
      fail(op, "the launcher sent a round of another size");
    for (std::size_t r = 0; r < parts.size(); ++r) {
      if (parts[r].size() < header || std::memcmp(parts[r].data(), message.data(), header) != 0)
        fail(op, fmt::format("met {} on rank {}", collective_of(parts[r]), r));
      parts[r].erase(parts[r].begin(), parts[r].begin() + static_cast<std::ptrdiff_t>(header));
    }
    return parts;
  }

  /// "all_reduce #12": the collective a part belongs to.
  static std::string collective_of(const std::vector<std::byte>& part) {
    std::uint64_t sequence = 0;
    std::uint32_t name_bytes = 0;
    if (part.size() < sizeof sequence + sizeof name_bytes) return "another collective";
    std::memcpy(&sequence, part.data(), sizeof sequence);
    std::memcpy(&name_bytes, part.data() + sizeof sequence, sizeof name_bytes);
    const std::size_t start = sizeof sequence + sizeof name_bytes;
    if (part.size() - start < name_bytes) return "another collective";
    return fmt::format(
        "{} #{}", std::string_view(reinterpret_cast<const char*>(part.data()) + start, name_bytes), sequence);
  }

  [[noreturn]] void fail(const operation& op, std::string_view what) {
    broken_ = true;
    throw error(error_kind::io, failure(op, what));
  }

  static std::span<const std::byte> bytes_of(const void* data, std::size_t bytes) {
    return {static_cast<const std::byte*>(data), bytes};
  }

  void expect_size(const operation& op, std::size_t rank, std::size_t got, std::size_t expected) {
    if (got != expected)
      fail(op, fmt::format("rank {} sends {} bytes here, this rank expects {}", rank, got, expected));
  }

  void do_barrier(const operation& op) override { round(op, {}); }

  void do_broadcast(void* data, std::size_t bytes, int root, const operation& op) override {
    const auto parts = round(op, rank() == root ? bytes_of(data, bytes) : std::span<const std::byte>{});
    const auto& sent = parts[static_cast<std::size_t>(root)];
    expect_size(op, static_cast<std::size_t>(root), sent.size(), bytes);
    if (bytes > 0) std::memcpy(data, sent.data(), bytes);
  }

  void do_all_reduce(const void* in, void* out, std::size_t count, element_type type, reduce_op reduce,
                     const operation& op) override {
    const std::size_t bytes = count * element_bytes(type);
    auto parts = round(op, bytes_of(in, bytes));
    for (std::size_t r = 0; r < parts.size(); ++r) expect_size(op, r, parts[r].size(), bytes);
    // In rank order, so that every rank computes the same floating-point sums.
    for (std::size_t r = 1; r < parts.size(); ++r)
      reduce_into(parts[0].data(), parts[r].data(), count, type, reduce);
    if (bytes > 0) std::memcpy(out, parts[0].data(), bytes);
  }

  void do_all_gather_v(const void* in, std::size_t bytes, void* out, std::span<const std::size_t> bytes_from,
                       const operation& op) override {
    const auto parts = round(op, bytes_of(in, bytes));
    auto* to = static_cast<std::byte*>(out);
    for (std::size_t r = 0; r < parts.size(); ++r) {
      expect_size(op, r, parts[r].size(), bytes_from[r]);
      std::copy(parts[r].begin(), parts[r].end(), to);
      to += parts[r].size();
    }
  }

  /// Each rank's part is its send sizes, then everything it sends; every rank takes its block.
  void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                       std::span<const std::size_t> recv_bytes, const operation& op) override {
    const std::size_t p = send_bytes.size();
    std::vector<std::byte> part;
    std::size_t total = 0;
    for (const std::size_t b : send_bytes) {
      const std::uint64_t bytes = b;
      append(part, &bytes, sizeof bytes);
      total += b;
    }
    append(part, send, total);
    const auto parts = round(op, part);
    const auto me = static_cast<std::size_t>(rank());
    auto* to = static_cast<std::byte*>(recv);
    for (std::size_t r = 0; r < p; ++r) {
      if (parts[r].size() < p * sizeof(std::uint64_t)) fail(op, fmt::format("rank {} sent no sizes", r));
      std::vector<std::uint64_t> sizes(p);
      std::memcpy(sizes.data(), parts[r].data(), p * sizeof(std::uint64_t));
      std::size_t offset = p * sizeof(std::uint64_t);
      for (std::size_t s = 0; s < me; ++s) offset += sizes[s];
      expect_size(op, r, sizes[me], recv_bytes[r]);
      if (offset + sizes[me] > parts[r].size())
        fail(op, fmt::format("rank {} sent less than its sizes say", r));
      std::memcpy(to, parts[r].data() + offset, sizes[me]);
      to += sizes[me];
    }
  }

  launched_rank me_;
  std::chrono::milliseconds timeout_;
  bool broken_ = false;
};

}  // namespace

std::optional<launched_rank> launched_worker() {
  const char* rank = std::getenv(kWorkerRankVariable);
  const char* ranks = std::getenv(kWorkerRanksVariable);
  const char* channel = std::getenv(kWorkerChannelVariable);
  if (rank == nullptr && ranks == nullptr && channel == nullptr) return std::nullopt;
  for (const auto& [name, value] :
       {std::pair{kWorkerRankVariable, rank}, std::pair{kWorkerRanksVariable, ranks},
        std::pair{kWorkerChannelVariable, channel}})
    if (value == nullptr)
      throw error(error_kind::invalid_argument,
                  fmt::format("{} is not set, while other launched worker's variables are", name));
  launched_rank me;
  me.ranks = worker_variable(kWorkerRanksVariable, ranks, 1, 1 << 20);
  me.rank = worker_variable(kWorkerRankVariable, rank, 0, me.ranks - 1);
  me.channel = worker_variable(kWorkerChannelVariable, channel, 0, 1 << 30);
  return me;
}

void report_failure(const launched_rank& me, error_kind kind, std::string_view message) noexcept {
  try {
    std::vector<std::byte> payload;
    const auto code = static_cast<std::uint32_t>(kind);
    append(payload, &code, sizeof code);
    append(payload, message.data(), message.size());
    write_frame(me.channel, frame_kind::failure, payload);
  } catch (...) {
    // Out of memory: the launcher still sees this worker's nonzero exit status.
  }
}

std::unique_ptr<communicator> launcher_communicator(const launched_rank& me,
                                                    std::chrono::milliseconds timeout) {
  return std::make_unique<launcher_comm>(me, timeout);
}

}  // namespace plexus::dist
