// Agreeing on an error before the ranks part ways.
//
// A fault one rank finds before the first collective that depends on it (a missing file on
// one node, a bad slice, an option one rank cannot serve) must not leave the other ranks
// waiting in that collective until their deadline: every rank computes its own status, one
// all-reduce picks the lowest failing rank, that rank's one-line message and error kind are
// broadcast, and every rank throws the same plexus::error, so the run exits with one message
// and one status wherever it is read.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "plexus/dist/communicator.hpp"

namespace plexus::dist {

/// The error every rank throws alike, so that a caller can tell it from a fault of its rank
/// alone (which only communicator::abort can end): what() is the message prefixed "rank r: "
/// when the run has more than one rank and the problem is that rank's; rank() and detail() are
/// its parts. every_rank(): every rank met this same problem (a source that is no vertex, an
/// option refused), one of the input or the command rather than of a rank's part, so that no
/// rank is named.
class agreed_error : public error {
 public:
  agreed_error(error_kind kind, int rank, int ranks, std::string detail, bool every_rank = false);
  int rank() const { return rank_; }
  const std::string& detail() const { return detail_; }
  bool every_rank() const { return every_rank_; }

 private:
  int rank_;
  std::string detail_;
  bool every_rank_;
};

/// Every rank passes what its own step threw (null when it succeeded). If no rank failed,
/// returns; otherwise every rank throws the lowest failing rank's error as an agreed_error:
/// its kind, and its message prefixed "rank r: " when the run has more than one rank, unless
/// every rank failed with that same kind and message (every_rank()).
/// Anything but a plexus::error is reported as its what() (out of memory for std::bad_alloc).
void agree_on_status(communicator& comm, const std::exception_ptr& failure);

/// Runs `step` on this rank and agrees on the outcome: every rank returns step's result, or
/// every rank throws the same error.
template <class Step>
auto agreed(communicator& comm, Step&& step) -> std::invoke_result_t<Step&> {
  using result = std::invoke_result_t<Step&>;
  std::exception_ptr failure;
  if constexpr (std::is_void_v<result>) {
    try {
      step();
    } catch (...) {
      failure = std::current_exception();
    }
    agree_on_status(comm, failure);
  } else {
    std::optional<result> value;
    try {
      value.emplace(step());
    } catch (...) {
      failure = std::current_exception();
    }
    agree_on_status(comm, failure);
    return std::move(*value);
  }
}

}  // namespace plexus::dist
