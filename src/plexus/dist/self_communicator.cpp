// One rank: collectives are copies (self_communicator.hpp).
#include "plexus/dist/self_communicator.hpp"

#include <fmt/format.h>

#include <cstring>
#include <string>

namespace plexus::dist {

namespace {

/// Copies `bytes` from `from` to `to`, which may be the same buffer.
void copy(void* to, const void* from, std::size_t bytes) {
  if (bytes > 0 && to != from) std::memmove(to, from, bytes);
}

}  // namespace

void self_communicator::abort(std::string_view why) {
  throw error(error_kind::io, fmt::format("rank 0: {}", why));
}

void self_communicator::do_all_reduce(const void* in, void* out, std::size_t count, element_type type,
                                      reduce_op, const operation&) {
  copy(out, in, count * element_bytes(type));
}

void self_communicator::do_all_gather_v(const void* in, std::size_t bytes, void* out,
                                        std::span<const std::size_t> bytes_from, const operation& op) {
  if (bytes_from[0] != bytes)
    throw error(error_kind::internal,
                failure(op, fmt::format("expects {} bytes from itself, sends {}", bytes_from[0], bytes)));
  copy(out, in, bytes);
}

void self_communicator::do_all_to_all_v(const void* send, std::span<const std::size_t> send_bytes, void* recv,
                                        std::span<const std::size_t> recv_bytes, const operation& op) {
  if (send_bytes[0] != recv_bytes[0])
    throw error(error_kind::internal, failure(op, fmt::format("sends {} bytes to itself and expects {}",
                                                              send_bytes[0], recv_bytes[0])));
  copy(recv, send, send_bytes[0]);
}

}  // namespace plexus::dist
