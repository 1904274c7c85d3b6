// gpu_communicator<Space>: the communicator over a GPU back end's collectives
// (backends::gpu_collectives<Space>), written once for every vendor that has them; nccl.hpp
// says what it promises. Only the transports' own files (dist/nccl_*.cpp) include this, with
// their back end's headers before it.
//
// Every collective goes through the same steps: host buffers are copied into device staging
// while the stream is idle (a copy from pageable memory waits for its stream first); the
// stream waits for the work queued so far on the back end's default stream; the vendor calls
// are made; the communicator's state is polled until the calls are queued (a non-blocking
// communicator may still be connecting to its peers), then the stream and the state until the
// work is complete; only then are results copied to host buffers, so no copy ever waits on a
// collective outside the deadline. Any failure, or the deadline, aborts the vendor
// communicator and throws "rank r: op #n ...".
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "plexus/backends/memory_account.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/distinct_devices.hpp"
#include "plexus/dist/poll_pause.hpp"

namespace plexus::dist {

namespace gpu_detail {

inline backends::collective_type collective_type_of(element_type type) {
  switch (type) {
    case element_type::u8:
      return backends::collective_type::u8;
    case element_type::i32:
      return backends::collective_type::i32;
    case element_type::u32:
      return backends::collective_type::u32;
    case element_type::i64:
      return backends::collective_type::i64;
    case element_type::u64:
      return backends::collective_type::u64;
    case element_type::f32:
      return backends::collective_type::f32;
    case element_type::f64:
      return backends::collective_type::f64;
  }
  throw error(error_kind::internal, "gpu_communicator: unknown element type");
}

inline backends::collective_op collective_op_of(reduce_op op) {
  switch (op) {
    case reduce_op::sum:
      return backends::collective_op::sum;
    case reduce_op::min:
      return backends::collective_op::min;
    case reduce_op::max:
      return backends::collective_op::max;
    case reduce_op::bit_or:
      break;
  }
  throw error(error_kind::internal, "gpu_communicator: bit_or is not a vendor reduction");
}

/// Byte offsets of blocks laid back to back; one more entry than `bytes`.
inline std::vector<std::size_t> starts_of(std::span<const std::size_t> bytes) {
  std::vector<std::size_t> starts(bytes.size() + 1, 0);
  std::partial_sum(bytes.begin(), bytes.end(), starts.begin() + 1);
  return starts;
}

/// Rounds staging offsets up to 256 bytes, the alignment the vendors' allocations have.
inline std::size_t aligned(std::size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

}  // namespace gpu_detail

template <class Space>
class gpu_communicator final : public communicator {
  using runtime = backends::gpu_runtime<Space>;
  using collectives = backends::gpu_collectives<Space>;
  using account = backends::memory_account<Space>;
  using clock = std::chrono::steady_clock;
  using state = backends::collective_state;

 public:
  /// Joins communicator `id` as host's rank among host's ranks, on the current device.
  gpu_communicator(communicator& host, const typename collectives::unique_id& id,
                   std::chrono::milliseconds timeout)
      : communicator(host.rank(), host.size()), host_(host), timeout_(timeout) {
    stream_ = runtime::create_stream();
    try {
      ready_ = runtime::create_event(false);
      comm_ = collectives::join(id, size(), rank());
    } catch (const error& e) {
      release_streams();
      throw error(e.kind(), fmt::format("rank {}: joining the GPU communicator: {}", rank(), e.what()));
    }
    try {
      wait(operation{"joining", 0}, clock::now() + timeout_, false);
    } catch (const error&) {
      release_streams();
      throw;
    }
  }

  ~gpu_communicator() override {
    if (!broken_) {
      // Finalising waits for every rank to finalise; a peer that never does is abandoned at
      // the deadline.
      try {
        collectives::finalize(comm_);
        wait(operation{"finalising", 0}, clock::now() + timeout_, false);
        collectives::destroy(comm_);
      } catch (const error&) {
        if (!broken_) collectives::abort(comm_);
      }
    }
    release_staging();
    release_streams();
  }

  bool reaches(backend where) const override {
    return where == backend::host || where == collectives::device_backend;
  }

  /// Aborts the vendor communicator, then ends the job through the host communicator.
  [[noreturn]] void abort(std::string_view why) override {
    if (!broken_) {
      broken_ = true;
      collectives::abort(comm_);
    }
    host_.abort(why);
    std::_Exit(1);  // a host communicator's abort ends the rank or throws; should one return, this does
  }

 private:
  void do_barrier(const operation& op) override {
    run(op, [&](clock::time_point deadline) {
      std::byte* word = staging(1);
      collectives::all_reduce(word, word, 1, backends::collective_type::u8, backends::collective_op::max,
                              comm_, stream_);
      wait(op, deadline, true);
    });
  }

  void do_broadcast(void* data, std::size_t bytes, int root, const operation& op) override {
    if (bytes == 0) return;  // every rank passes the same length
    run(op, [&](clock::time_point deadline) {
      const bool on_device = runtime::device_accessible(data);
      std::byte* buffer = on_device ? static_cast<std::byte*>(data) : staging(bytes);
      if (!on_device && rank() == root) copy_in(buffer, data, bytes);
      order_after_default_stream();
      collectives::broadcast(buffer, buffer, bytes, root, comm_, stream_);
      wait(op, deadline, true);
      if (!on_device) copy_out(data, buffer, bytes);
    });
  }

  void do_all_reduce(const void* in, void* out, std::size_t count, element_type type, reduce_op reduce,
                     const operation& op) override {
    const std::size_t bytes = count * element_bytes(type);
    if (bytes == 0) return;
    if (reduce == reduce_op::bit_or) return or_through_gather(in, out, count, type, op);
    run(op, [&](clock::time_point deadline) {
      const bool in_on_device = runtime::device_accessible(in),
                 out_on_device = runtime::device_accessible(out);
      std::byte* stage = in_on_device && out_on_device ? nullptr : staging(bytes);
      const void* from = in_on_device ? in : stage;
      void* to = out_on_device ? out : stage;
      if (!in_on_device) copy_in(stage, in, bytes);
      order_after_default_stream();
      collectives::all_reduce(from, to, count, gpu_detail::collective_type_of(type),
                              gpu_detail::collective_op_of(reduce), comm_, stream_);
      wait(op, deadline, true);
      if (!out_on_device) copy_out(out, stage, bytes);
    });
  }

  /// NCCL has no bitwise reductions: every rank's values are all-gathered and combined here,
  /// in rank order.
  void or_through_gather(const void* in, void* out, std::size_t count, element_type type,
                         const operation& op) {
    const std::size_t bytes = count * element_bytes(type);
    const auto p = static_cast<std::size_t>(size());
    run(op, [&](clock::time_point deadline) {
      const bool in_on_device = runtime::device_accessible(in),
                 out_on_device = runtime::device_accessible(out);
      std::byte* gathered = staging(gpu_detail::aligned(p * bytes) + bytes);
      const void* from = in;
      if (!in_on_device) {
        from = gathered + gpu_detail::aligned(p * bytes);
        copy_in(gathered + gpu_detail::aligned(p * bytes), in, bytes);
      }
      order_after_default_stream();
      collectives::all_gather(from, gathered, bytes, comm_, stream_);
      wait(op, deadline, true);
      host_vector<std::byte> values(p * bytes);
      copy_out(values.data(), gathered, p * bytes);
      for (std::size_t r = 1; r < p; ++r)
        reduce_into(values.data(), values.data() + r * bytes, count, type, reduce_op::bit_or);
      if (out_on_device) {
        runtime::copy_async(out, values.data(), bytes, stream_);
        runtime::synchronize(stream_);
      } else {
        std::copy_n(values.data(), bytes, static_cast<std::byte*>(out));
      }
    });
  }

  void do_all_gather_v(const void* in, std::size_t bytes, void* out, std::span<const std::size_t> bytes_from,
                       const operation& op) override {
    const auto me = static_cast<std::size_t>(rank());
    if (bytes_from[me] != bytes)
      throw error(error_kind::internal,
                  failure(op, fmt::format("expects {} bytes from itself, sends {}", bytes_from[me], bytes)));
    const std::vector<std::size_t> starts = gpu_detail::starts_of(bytes_from);
    const std::size_t total = starts.back();
    if (total == 0) return;  // bytes_from is the same on every rank
    const bool equal =
        std::all_of(bytes_from.begin(), bytes_from.end(), [&](std::size_t b) { return b == bytes; });
    run(op, [&](clock::time_point deadline) {
      const bool in_on_device = bytes == 0 || runtime::device_accessible(in);
      const bool out_on_device = runtime::device_accessible(out);
      std::byte* stage =
          in_on_device && out_on_device ? nullptr : staging(gpu_detail::aligned(total) + bytes);
      auto* to = out_on_device ? static_cast<std::byte*>(out) : stage;
      const void* from = in;
      if (!in_on_device) {
        from = stage + gpu_detail::aligned(total);
        copy_in(stage + gpu_detail::aligned(total), in, bytes);
      }
      order_after_default_stream();
      if (equal) {
        collectives::all_gather(from, to, bytes, comm_, stream_);
      } else {
        // Blocks of different sizes: a receive from and a send to every peer, in one group.
        if (bytes > 0) runtime::copy_async(to + starts[me], from, bytes, stream_);
        group calls;
        for (std::size_t peer = 0; peer < bytes_from.size(); ++peer) {
          if (peer == me) continue;
          if (bytes_from[peer] > 0)
            collectives::receive(to + starts[peer], bytes_from[peer], static_cast<int>(peer), comm_, stream_);
          if (bytes > 0) collectives::send(from, bytes, static_cast<int>(peer), comm_, stream_);
        }
        calls.end();
      }
      wait(op, deadline, true);
      if (!out_on_device) copy_out(out, stage, total);
    });
  }

  void do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                       std::span<const std::size_t> recv_bytes, const operation& op) override {
    const auto me = static_cast<std::size_t>(rank());
    if (send_bytes[me] != recv_bytes[me])
      throw error(error_kind::internal, failure(op, fmt::format("sends {} bytes to itself and expects {}",
                                                                send_bytes[me], recv_bytes[me])));
    const std::vector<std::size_t> send_starts = gpu_detail::starts_of(send_bytes);
    const std::vector<std::size_t> recv_starts = gpu_detail::starts_of(recv_bytes);
    const std::size_t sent = send_starts.back(), received = recv_starts.back();
    // A rank that neither sends nor receives takes no part: no peer sends to it or expects
    // anything from it.
    if (sent == 0 && received == 0) return;
    run(op, [&](clock::time_point deadline) {
      const bool send_on_device = sent == 0 || runtime::device_accessible(send);
      const bool recv_on_device = received == 0 || runtime::device_accessible(recv);
      std::byte* stage =
          send_on_device && recv_on_device ? nullptr : staging(gpu_detail::aligned(received) + sent);
      auto* to = recv_on_device ? static_cast<std::byte*>(recv) : stage;
      const auto* from = static_cast<const std::byte*>(send);
      if (!send_on_device) {
        from = stage + gpu_detail::aligned(received);
        copy_in(stage + gpu_detail::aligned(received), send, sent);
      }
      order_after_default_stream();
      if (send_bytes[me] > 0)
        runtime::copy_async(to + recv_starts[me], from + send_starts[me], send_bytes[me], stream_);
      group calls;
      for (std::size_t peer = 0; peer < send_bytes.size(); ++peer) {
        if (peer == me) continue;
        if (recv_bytes[peer] > 0)
          collectives::receive(to + recv_starts[peer], recv_bytes[peer], static_cast<int>(peer), comm_,
                               stream_);
        if (send_bytes[peer] > 0)
          collectives::send(from + send_starts[peer], send_bytes[peer], static_cast<int>(peer), comm_,
                            stream_);
      }
      calls.end();
      wait(op, deadline, true);
      if (!recv_on_device) copy_out(recv, stage, received);
    });
  }

  /// One group of vendor calls, ended on every path: an open group would swallow the calls of
  /// every later collective of this thread.
  class group {
   public:
    group() { collectives::group_start(); }
    group(const group&) = delete;
    group& operator=(const group&) = delete;
    ~group() {
      if (open_) {
        try {
          collectives::group_end();
        } catch (const error&) {
          // The collective already failed; the communicator is being aborted.
        }
      }
    }
    void end() {
      open_ = false;
      collectives::group_end();
    }

   private:
    bool open_ = true;
  };

  /// Runs one collective's steps under its deadline: a failure of any of them, or one found
  /// by a wait, aborts the communicator and throws the collective's failure.
  template <class Steps>
  void run(const operation& op, Steps&& steps) {
    if (broken_)
      throw error(error_kind::io,
                  failure(op, "cannot run: the communicator failed in an earlier collective"));
    try {
      steps(clock::now() + timeout_);
    } catch (const error& e) {
      if (broken_) throw;
      fail(op, e.what());
    }
  }

  /// Polls until the communicator's calls are queued and, with `completed`, until the stream's
  /// work is done; fails `op` at the deadline or on the vendor's error.
  void wait(const operation& op, clock::time_point deadline, bool completed) {
    poll_pause pause;
    for (;;) {
      std::string why;
      const state now = collectives::state(comm_, why);
      if (now == state::failed) fail(op, why);
      if (now == state::done && (!completed || runtime::stream_done(stream_))) return;
      if (clock::now() >= deadline)
        fail(op, fmt::format("did not complete within {} ms: a peer failed or called another collective",
                             timeout_.count()));
      pause();
    }
  }

  [[noreturn]] void fail(const operation& op, std::string_view what) {
    broken_ = true;
    collectives::abort(comm_);
    // Joining comes before the numbered collectives.
    throw error(error_kind::io,
                op.sequence == 0 ? fmt::format("rank {}: {} the GPU communicator {}", rank(), op.name, what)
                                 : failure(op, what));
  }

  /// The stream waits for what was queued on the default stream before the collective.
  void order_after_default_stream() {
    runtime::record(ready_, runtime::default_stream());
    runtime::wait(stream_, ready_);
  }

  /// Host bytes into staging, while the stream is idle.
  void copy_in(std::byte* to, const void* from, std::size_t bytes) {
    if (bytes > 0) runtime::copy_async(to, from, bytes, stream_);
  }
  /// Staged bytes to the host, once the collective is complete.
  void copy_out(void* to, const std::byte* from, std::size_t bytes) {
    if (bytes == 0) return;
    runtime::copy_async(to, from, bytes, stream_);
    runtime::synchronize(stream_);
  }

  /// At least `bytes` of device staging, reusing the last block; the stream is idle between
  /// collectives, so the old block is free to release.
  std::byte* staging(std::size_t bytes) {
    if (bytes > staging_bytes_) {
      release_staging();
      const std::size_t grown = std::max(gpu_detail::aligned(bytes), std::size_t{1} << 20);
      account::charge(grown, "staging of the GPU communicator");
      try {
        staging_ = static_cast<std::byte*>(runtime::allocate(grown));
      } catch (...) {
        account::release(grown);
        throw;
      }
      staging_bytes_ = grown;
    }
    return staging_;
  }

  void release_staging() noexcept {
    runtime::release(staging_);
    account::release(staging_bytes_);
    staging_ = nullptr;
    staging_bytes_ = 0;
  }

  void release_streams() noexcept {
    runtime::destroy_event(ready_);
    runtime::destroy_stream(stream_);
    ready_ = {};
    stream_ = {};
  }

  communicator& host_;
  std::chrono::milliseconds timeout_;
  typename runtime::stream_type stream_{};
  typename runtime::event_type ready_{};
  typename collectives::comm_type comm_{};
  std::byte* staging_ = nullptr;
  std::size_t staging_bytes_ = 0;
  bool broken_ = false;
};

/// The bootstrap nccl.hpp describes, for the vendor of Space.
template <class Space>
std::unique_ptr<communicator> make_gpu_communicator(communicator& host, int device,
                                                    std::chrono::milliseconds timeout) {
  using runtime = backends::gpu_runtime<Space>;
  using collectives = backends::gpu_collectives<Space>;
  const device_uuid uuid = agreed(host, [&] {
    collectives::load();
    const int devices = runtime::device_count();
    if (device < 0 || device >= devices)
      throw error(error_kind::unsupported, fmt::format("this rank drives GPU {}, and this host has {} {}",
                                                       device, devices, devices == 1 ? "GPU" : "GPUs"));
    runtime::select_device(device);
    return device_uuid(runtime::device_uuid());
  });
  const std::vector<device_uuid> uuids = host.all_gather(uuid);
  refuse_shared_devices(uuids);
  typename collectives::unique_id id = agreed(
      host, [&] { return host.rank() == 0 ? collectives::create_id() : typename collectives::unique_id{}; });
  host.broadcast(std::span<unsigned char>(id), 0);
  return std::make_unique<gpu_communicator<Space>>(host, id, timeout);
}

}  // namespace plexus::dist
