// dist::communicator: the ranks of one distributed run and the collectives between them.
//
// The distributed module (docs/ARCHITECTURE.md, "Distributed runs") runs one rank per process
// (per device, later): every rank holds a slice of the graph and the ranks exchange values
// between rounds. This is the thin layer those exchanges go through, in the shape MPI codes
// and NCCL users share (the Graph500 reference BFS and CombBLAS over MPI; cuGraph's RAFT
// communicator over NCCL): one communicator object passed down, never a global; bulk-
// synchronous collectives that every rank calls in the same order with agreeing sizes.
//
// Implementations: `self_communicator` (one rank; copies), `threads_communicator` (p host
// threads of one process sharing memory, for unit tests of what runs between ranks), and the
// MPI communicator (mpi.hpp; a duplicate of MPI_COMM_WORLD). Every collective is numbered
// per communicator, and every wait has a deadline: an expired wait or a transport error
// becomes a plexus::error naming the rank, the operation and its number ("rank 1:
// all_reduce #12 ..."), never a hang. Buffers are host memory; the GPU path (NCCL, RCCL)
// will add device buffers behind the same operations.
//
// Sizes: what a rank sends must be what its peers expect. The typed operations check what a
// rank can check alone (span lengths); a transport that sees a mismatch reports it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/host_vector.hpp"

namespace plexus::dist {

enum class reduce_op { sum, min, max, bit_or };

/// The element types reductions compute on.
enum class element_type { u8, i32, u32, i64, u64, f32, f64 };

template <class T>
constexpr element_type element_type_of() {
  if constexpr (std::is_same_v<T, std::uint8_t>)
    return element_type::u8;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return element_type::i32;
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return element_type::u32;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return element_type::i64;
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return element_type::u64;
  else if constexpr (std::is_same_v<T, float>)
    return element_type::f32;
  else if constexpr (std::is_same_v<T, double>)
    return element_type::f64;
  else
    static_assert(sizeof(T) == 0, "reductions take 8-, 32- or 64-bit integers, float or double");
}

std::size_t element_bytes(element_type type);
std::string_view to_string(reduce_op op);

/// `inout[i] = op(inout[i], in[i])` for `count` elements of `type`: the arithmetic of a
/// reduction, for the transports that combine values themselves.
void reduce_into(void* inout, const void* in, std::size_t count, element_type type, reduce_op op);

/// "rank r: why", the message of a fault on rank r; kept as it is when `why` already names a
/// rank ("rank 3: ...", as an error every rank agreed on does, agree.hpp, or "rank 3, STEP:
/// ...", as the command line words one).
std::string attributed_to(int rank, std::string_view why);

/// How long a rank waits for its peers in one collective before it gives up. Generous by
/// default: a wait that expires means a peer failed or diverged.
inline constexpr std::chrono::milliseconds kDefaultCommTimeout = std::chrono::minutes(10);

/// One collective, for messages: its name and its number on this communicator (from 1).
struct operation {
  const char* name;
  std::uint64_t sequence;
};

class communicator {
 public:
  communicator(const communicator&) = delete;
  communicator& operator=(const communicator&) = delete;
  virtual ~communicator() = default;

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Collectives called so far; the next one gets number operations() + 1.
  std::uint64_t operations() const { return sequence_; }
  /// Whether the buffers of a collective may lie in `where`'s memory: host memory for every
  /// transport, a GPU's for a GPU transport (NCCL) built for it. Callers stage a back end's
  /// values through host memory where this is false.
  virtual bool reaches(backend where) const { return where == backend::host; }

  void barrier() { do_barrier(next("barrier")); }

  /// `data` of rank `root` lands in `data` of every rank; every rank passes the same length.
  template <class T>
  void broadcast(std::span<T> data, int root) {
    static_assert(std::is_trivially_copyable_v<T>);
    check_rank(root, "broadcast");
    do_broadcast(data.data(), data.size_bytes(), root, next("broadcast"));
  }

  /// out[i] = op over the ranks of in[i]; `in` and `out` have one length on every rank, and
  /// may be the same span. bit_or takes integers only.
  template <class T>
  void all_reduce(std::span<const T> in, std::span<T> out, reduce_op op) {
    constexpr element_type type = element_type_of<T>();
    if (!std::is_integral_v<T> && op == reduce_op::bit_or)
      throw error(error_kind::invalid_argument, "all_reduce: bit_or needs integers");
    if (in.size() != out.size())
      throw error(error_kind::invalid_argument, "all_reduce: input and output differ in length");
    do_all_reduce(in.data(), out.data(), in.size(), type, op, next("all_reduce"));
  }
  template <class T>
  void all_reduce(std::span<T> inout, reduce_op op) {
    all_reduce(std::span<const T>(inout), inout, op);
  }
  template <class T>
  T all_reduce(T value, reduce_op op) {
    T out{};
    all_reduce(std::span<const T>(&value, 1), std::span<T>(&out, 1), op);
    return out;
  }

  /// out holds size() blocks of in.size() elements, block r from rank r.
  template <class T>
  void all_gather(std::span<const T> in, std::span<T> out) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (out.size() != in.size() * static_cast<std::size_t>(size_))
      throw error(error_kind::invalid_argument, "all_gather: the output does not hold one input per rank");
    const std::vector<std::size_t> bytes(static_cast<std::size_t>(size_), in.size_bytes());
    do_all_gather_v(in.data(), in.size_bytes(), out.data(), bytes, next("all_gather"));
  }
  /// One value per rank, in rank order.
  template <class T>
  std::vector<T> all_gather(const T& value) {
    std::vector<T> out(static_cast<std::size_t>(size_));
    all_gather(std::span<const T>(&value, 1), std::span<T>(out));
    return out;
  }

  /// Every rank's `in`, concatenated in rank order; `counts`, when given, receives each
  /// rank's element count. One all_gather of the counts goes first.
  template <class T>
  host_vector<T> all_gather_v(std::span<const T> in, std::vector<std::size_t>* counts = nullptr) {
    static_assert(std::is_trivially_copyable_v<T>);
    const std::vector<std::size_t> each = all_gather<std::size_t>(in.size());
    std::vector<std::size_t> bytes(each.size());
    std::size_t total = 0;
    for (std::size_t r = 0; r < each.size(); ++r) {
      bytes[r] = each[r] * sizeof(T);
      total += each[r];
    }
    host_vector<T> out(total);
    do_all_gather_v(in.data(), in.size_bytes(), out.data(), bytes, next("all_gather_v"));
    if (counts != nullptr) *counts = each;
    return out;
  }

  /// Personalised exchange with sizes both sides know: `send` holds size() consecutive
  /// blocks, send_counts[r] elements for rank r; `recv` receives recv_counts[r] elements from
  /// rank r, in rank order. recv_counts[r] must equal what rank r sends here.
  template <class T>
  void all_to_all_v(std::span<const T> send, std::span<const std::size_t> send_counts, std::span<T> recv,
                    std::span<const std::size_t> recv_counts) {
    static_assert(std::is_trivially_copyable_v<T>);
    const std::vector<std::size_t> send_bytes = block_bytes(send_counts, send.size(), sizeof(T), "send");
    const std::vector<std::size_t> recv_bytes = block_bytes(recv_counts, recv.size(), sizeof(T), "receive");
    do_all_to_all_v(send.data(), send_bytes, recv.data(), recv_bytes, next("all_to_all_v"));
  }
  /// The same where receivers do not know their counts: an exchange of counts goes first.
  /// `recv_counts`, when given, receives what came from each rank.
  template <class T>
  host_vector<T> all_to_all_v(std::span<const T> send, std::span<const std::size_t> send_counts,
                              std::vector<std::size_t>* recv_counts = nullptr) {
    const std::size_t p = static_cast<std::size_t>(size_);
    if (send_counts.size() != p)
      throw error(error_kind::invalid_argument, "all_to_all_v: send counts do not name every rank");
    std::vector<std::size_t> counts(p);
    const std::vector<std::size_t> ones(p, 1);
    all_to_all_v<std::size_t>(send_counts, ones, counts, ones);
    std::size_t total = 0;
    for (const std::size_t c : counts) total += c;
    host_vector<T> recv(total);
    all_to_all_v<T>(send, send_counts, recv, counts);
    if (recv_counts != nullptr) *recv_counts = std::move(counts);
    return recv;
  }

  /// Ends the whole run from a fault found inside it (once the ranks have parted ways they
  /// can no longer agree on an error, agree.hpp): prints "plexus: error: rank r: why"
  /// (attributed_to) on standard error, or has the launcher print it, and stops every rank.
  /// Never returns normally; the threads communicator throws instead, so that one test's fault
  /// ends that test alone.
  [[noreturn]] virtual void abort(std::string_view why) = 0;

 protected:
  communicator(int rank, int size);

  /// Moves to the next collective and returns it.
  operation next(const char* name) { return operation{name, ++sequence_}; }
  /// "rank 1: all_reduce #12 `what`": the message of a failed collective.
  std::string failure(const operation& op, std::string_view what) const;

  virtual void do_barrier(const operation& op) = 0;
  virtual void do_broadcast(void* data, std::size_t bytes, int root, const operation& op) = 0;
  virtual void do_all_reduce(const void* in, void* out, std::size_t count, element_type type,
                             reduce_op reduce, const operation& op) = 0;
  /// `out` receives bytes_from[r] bytes from each rank r, back to back in rank order.
  virtual void do_all_gather_v(const void* in, std::size_t bytes, void* out,
                               std::span<const std::size_t> bytes_from, const operation& op) = 0;
  /// `send` holds send_bytes[r] bytes for each rank r back to back, `recv` receives
  /// recv_bytes[r] bytes from each rank r back to back.
  virtual void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                               std::span<const std::size_t> recv_bytes, const operation& op) = 0;

 private:
  void check_rank(int r, const char* what) const;
  std::vector<std::size_t> block_bytes(std::span<const std::size_t> counts, std::size_t elements,
                                       std::size_t element, const char* side) const;

  int rank_;
  int size_;
  std::uint64_t sequence_ = 0;
};

}  // namespace plexus::dist
