// The communicator over MPI (mpi.hpp): non-blocking collectives waited on with a deadline,
// split into calls of at most max_message_bytes, errors returned rather than fatal.
#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "plexus/dist/mpi.hpp"
#include "plexus/dist/poll_pause.hpp"

namespace plexus::dist {

namespace {

MPI_Datatype mpi_type(element_type type) {
  switch (type) {
    case element_type::u8:
      return MPI_UINT8_T;
    case element_type::i32:
      return MPI_INT32_T;
    case element_type::u32:
      return MPI_UINT32_T;
    case element_type::i64:
      return MPI_INT64_T;
    case element_type::u64:
      return MPI_UINT64_T;
    case element_type::f32:
      return MPI_FLOAT;
    case element_type::f64:
      return MPI_DOUBLE;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op mpi_op(reduce_op op) {
  switch (op) {
    case reduce_op::sum:
      return MPI_SUM;
    case reduce_op::min:
      return MPI_MIN;
    case reduce_op::max:
      return MPI_MAX;
    case reduce_op::bit_or:
      return MPI_BOR;
  }
  return MPI_OP_NULL;
}

std::string mpi_error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) return fmt::format("MPI error {}", code);
  return std::string(text, static_cast<std::size_t>(length));
}

/// A count MPI takes: `bytes` is at most max_message_bytes, which fits an int.
int mpi_count(std::size_t bytes) {
  return static_cast<int>(bytes);
}

class mpi_communicator final : public communicator {
 public:
  mpi_communicator(MPI_Comm comm, int rank, int size, const mpi_options& options)
      : communicator(rank, size), comm_(comm), options_(options) {}

  ~mpi_communicator() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Comm_free(&comm_);
  }

  [[noreturn]] void abort(std::string_view why) override {
    std::fprintf(stderr, "plexus: error: %s\n", attributed_to(rank(), why).c_str());
    std::fflush(stderr);
    MPI_Abort(comm_, 1);
    std::_Exit(1);  // MPI_Abort does not return; should it, this rank still ends
  }

 private:
  void do_barrier(const operation& op) override {
    MPI_Request request = MPI_REQUEST_NULL;
    check(MPI_Ibarrier(comm_, &request), op, "MPI_Ibarrier");
    wait({&request, 1}, op);
  }

  void do_broadcast(void* data, std::size_t bytes, int root, const operation& op) override {
    auto* p = static_cast<char*>(data);
    for (std::size_t done = 0; done < bytes; done += options_.max_message_bytes) {
      const std::size_t piece = std::min(bytes - done, options_.max_message_bytes);
      MPI_Request request = MPI_REQUEST_NULL;
      check(MPI_Ibcast(p + done, mpi_count(piece), MPI_BYTE, root, comm_, &request), op, "MPI_Ibcast");
      wait({&request, 1}, op);
    }
  }

  void do_all_reduce(const void* in, void* out, std::size_t count, element_type type, reduce_op reduce,
                     const operation& op) override {
    const std::size_t element = element_bytes(type);
    const std::size_t per_call = std::max<std::size_t>(1, options_.max_message_bytes / element);
    const bool in_place = in == out;
    for (std::size_t done = 0; done < count; done += per_call) {
      const std::size_t piece = std::min(count - done, per_call);
      const void* from = in_place ? MPI_IN_PLACE : static_cast<const char*>(in) + done * element;
      MPI_Request request = MPI_REQUEST_NULL;
      check(MPI_Iallreduce(from, static_cast<char*>(out) + done * element, mpi_count(piece), mpi_type(type),
                           mpi_op(reduce), comm_, &request),
            op, "MPI_Iallreduce");
      wait({&request, 1}, op);
    }
  }

  /// In rounds: round k carries bytes [k·c, (k+1)·c) of every rank's block, with c =
  /// max_message_bytes / size(), so that a round's receive buffer and displacements fit an int.
  /// A gather that fits one call goes straight into `out`.
  void do_all_gather_v(const void* in, std::size_t bytes, void* out, std::span<const std::size_t> bytes_from,
                       const operation& op) override {
    const auto p = static_cast<std::size_t>(size());
    std::size_t total = 0, largest = 0;
    std::vector<std::size_t> starts(p + 1, 0);
    for (std::size_t r = 0; r < p; ++r) {
      total += bytes_from[r];
      largest = std::max(largest, bytes_from[r]);
      starts[r + 1] = starts[r] + bytes_from[r];
    }
    std::vector<int> counts(p), displacements(p);
    if (total <= options_.max_message_bytes) {
      for (std::size_t r = 0; r < p; ++r) {
        counts[r] = mpi_count(bytes_from[r]);
        displacements[r] = mpi_count(starts[r]);
      }
      gather_call(in, mpi_count(bytes), out, counts, displacements, op);
      return;
    }
    const std::size_t chunk = std::max<std::size_t>(1, options_.max_message_bytes / p);
    std::vector<char> staging(chunk * p);
    const auto* mine = static_cast<const char*>(in);
    for (std::size_t offset = 0; offset < largest; offset += chunk) {
      for (std::size_t r = 0; r < p; ++r) {
        counts[r] = mpi_count(bytes_from[r] > offset ? std::min(chunk, bytes_from[r] - offset) : 0);
        displacements[r] = mpi_count(r * chunk);
      }
      const std::size_t own = bytes > offset ? std::min(chunk, bytes - offset) : 0;
      gather_call(mine + std::min(offset, bytes), mpi_count(own), staging.data(), counts, displacements, op);
      for (std::size_t r = 0; r < p; ++r)
        if (counts[r] > 0)
          std::memcpy(static_cast<char*>(out) + starts[r] + offset, staging.data() + r * chunk,
                      static_cast<std::size_t>(counts[r]));
    }
  }

  /// Point-to-point, one message per peer split into pieces of at most max_message_bytes, all
  /// posted at once. Pieces between two ranks keep their order (MPI's messages with one source,
  /// tag and communicator do not overtake each other), so one tag serves every piece; each
  /// received piece's size is checked against what this rank expects.
  void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                       std::span<const std::size_t> recv_bytes, const operation& op) override {
    const auto p = static_cast<std::size_t>(size());
    const auto me = static_cast<std::size_t>(rank());
    std::vector<std::size_t> send_starts(p + 1, 0), recv_starts(p + 1, 0);
    for (std::size_t r = 0; r < p; ++r) {
      send_starts[r + 1] = send_starts[r] + send_bytes[r];
      recv_starts[r + 1] = recv_starts[r] + recv_bytes[r];
    }
    if (send_bytes[me] != recv_bytes[me])
      throw error(error_kind::internal, failure(op, fmt::format("sends {} bytes to itself and expects {}",
                                                                send_bytes[me], recv_bytes[me])));
    std::vector<MPI_Request> requests;
    std::vector<std::pair<int, std::size_t>> expected;  // per receive: its source and size
    const std::size_t limit = options_.max_message_bytes;
    for (std::size_t r = 0; r < p; ++r) {
      if (r == me) continue;
      for (std::size_t offset = 0; offset < recv_bytes[r]; offset += limit) {
        const std::size_t piece = std::min(limit, recv_bytes[r] - offset);
        requests.push_back(MPI_REQUEST_NULL);
        check(MPI_Irecv(static_cast<char*>(recv) + recv_starts[r] + offset, mpi_count(piece), MPI_BYTE,
                        static_cast<int>(r), 0, comm_, &requests.back()),
              op, "MPI_Irecv");
        expected.emplace_back(static_cast<int>(r), piece);
      }
    }
    const std::size_t receives = requests.size();
    for (std::size_t r = 0; r < p; ++r) {
      if (r == me) continue;
      for (std::size_t offset = 0; offset < send_bytes[r]; offset += limit) {
        const std::size_t piece = std::min(limit, send_bytes[r] - offset);
        requests.push_back(MPI_REQUEST_NULL);
        check(MPI_Isend(static_cast<const char*>(send) + send_starts[r] + offset, mpi_count(piece), MPI_BYTE,
                        static_cast<int>(r), 0, comm_, &requests.back()),
              op, "MPI_Isend");
      }
    }
    if (send_bytes[me] > 0)
      std::memcpy(static_cast<char*>(recv) + recv_starts[me],
                  static_cast<const char*>(send) + send_starts[me], send_bytes[me]);
    const std::vector<MPI_Status> statuses = wait(requests, op);
    for (std::size_t i = 0; i < receives; ++i) {
      int got = 0;
      MPI_Get_count(&statuses[i], MPI_BYTE, &got);
      if (static_cast<std::size_t>(got) != expected[i].second)
        throw error(error_kind::internal,
                    failure(op, fmt::format("rank {} sent a piece of {} bytes here, this rank "
                                            "expects {}",
                                            expected[i].first, got, expected[i].second)));
    }
  }

  void gather_call(const void* in, int bytes, void* out, const std::vector<int>& counts,
                   const std::vector<int>& displacements, const operation& op) {
    MPI_Request request = MPI_REQUEST_NULL;
    check(MPI_Iallgatherv(in, bytes, MPI_BYTE, out, counts.data(), displacements.data(), MPI_BYTE, comm_,
                          &request),
          op, "MPI_Iallgatherv");
    wait({&request, 1}, op);
  }

  void check(int code, const operation& op, const char* call) const {
    if (code != MPI_SUCCESS)
      throw error(error_kind::io, failure(op, fmt::format("{}: {}", call, mpi_error_text(code))));
  }

  /// Tests `requests` until all complete or the deadline passes, pausing between tests
  /// (poll_pause.hpp).
  std::vector<MPI_Status> wait(std::span<MPI_Request> requests, const operation& op) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + options_.timeout;
    std::vector<MPI_Status> statuses(requests.size());
    poll_pause pause;
    for (;;) {
      int done = 0;
      const int code =
          MPI_Testall(static_cast<int>(requests.size()), requests.data(), &done, statuses.data());
      if (code == MPI_ERR_IN_STATUS) {
        for (const MPI_Status& status : statuses)
          if (status.MPI_ERROR != MPI_SUCCESS && status.MPI_ERROR != MPI_ERR_PENDING)
            throw error(error_kind::io, failure(op, fmt::format("from rank {}: {}", status.MPI_SOURCE,
                                                                mpi_error_text(status.MPI_ERROR))));
      }
      check(code, op, "MPI_Testall");
      if (done) return statuses;
      if (clock::now() >= deadline)
        throw error(
            error_kind::io,
            failure(op,
                    fmt::format("did not complete within {} ms: a peer failed or called another collective",
                                options_.timeout.count())));
      pause();
    }
  }

  MPI_Comm comm_;
  mpi_options options_;
};

}  // namespace

std::unique_ptr<communicator> mpi_session::world(const mpi_options& options) const {
  if (options.max_message_bytes == 0 || options.max_message_bytes > static_cast<std::size_t>(INT32_MAX))
    throw error(error_kind::invalid_argument,
                fmt::format("max_message_bytes {} is outside [1, 2^31)", options.max_message_bytes));
  MPI_Comm comm = MPI_COMM_NULL;
  if (const int code = MPI_Comm_dup(MPI_COMM_WORLD, &comm); code != MPI_SUCCESS)
    throw error(error_kind::io, "MPI_Comm_dup: " + mpi_error_text(code));
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  return std::make_unique<mpi_communicator>(comm, rank, size, options);
}

}  // namespace plexus::dist
