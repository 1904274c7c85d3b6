// One error for every rank (agree.hpp).
#include "plexus/dist/agree.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <new>
#include <string>

namespace plexus::dist {

agreed_error::agreed_error(error_kind kind, int rank, int ranks, std::string detail, bool every_rank)
    : error(kind, ranks == 1 || every_rank ? detail : fmt::format("rank {}: {}", rank, detail)),
      rank_(rank),
      detail_(std::move(detail)),
      every_rank_(every_rank) {}

namespace {

/// The kind and message of what a step threw.
std::pair<error_kind, std::string> describe(const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const error& e) {
    return {e.kind(), e.what()};
  } catch (const std::bad_alloc&) {
    return {error_kind::out_of_memory, "out of memory"};
  } catch (const std::exception& e) {
    return {error_kind::internal, e.what()};
  } catch (...) {
    return {error_kind::internal, "unknown failure"};
  }
}

}  // namespace

void agree_on_status(communicator& comm, const std::exception_ptr& failure) {
  const int first = comm.all_reduce<std::int32_t>(failure ? comm.rank() : comm.size(), reduce_op::min);
  if (first == comm.size()) return;
  std::pair<error_kind, std::string> found;
  if (comm.rank() == first) found = describe(failure);
  std::array<std::uint64_t, 2> header{static_cast<std::uint64_t>(found.first), found.second.size()};
  comm.broadcast(std::span<std::uint64_t>(header), first);
  std::string message(static_cast<std::size_t>(header[1]), '\0');
  if (comm.rank() == first) message = found.second;
  comm.broadcast(std::span<char>(message.data(), message.size()), first);
  const auto kind = static_cast<error_kind>(header[0]);
  // Whether every rank met this very problem: then it is no rank's own.
  const bool same = failure && (comm.rank() == first || describe(failure) == std::pair(kind, message));
  const bool every_rank = comm.all_reduce<std::uint8_t>(same ? 1 : 0, reduce_op::min) != 0;
  throw agreed_error(kind, first, comm.size(), std::move(message), every_rank);
}

}  // namespace plexus::dist
