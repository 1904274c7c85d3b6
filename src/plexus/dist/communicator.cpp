// What every communicator shares (communicator.hpp): the arithmetic of reductions, the checks
// of the typed operations and the wording of failures.
#include "plexus/dist/communicator.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace plexus::dist {

namespace {

template <class T>
void reduce_typed(T* inout, const T* in, std::size_t count, reduce_op op) {
  switch (op) {
    case reduce_op::sum:
      for (std::size_t i = 0; i < count; ++i) inout[i] = static_cast<T>(inout[i] + in[i]);
      return;
    case reduce_op::min:
      for (std::size_t i = 0; i < count; ++i) inout[i] = std::min(inout[i], in[i]);
      return;
    case reduce_op::max:
      for (std::size_t i = 0; i < count; ++i) inout[i] = std::max(inout[i], in[i]);
      return;
    case reduce_op::bit_or:
      if constexpr (std::is_integral_v<T>) {
        for (std::size_t i = 0; i < count; ++i) inout[i] = static_cast<T>(inout[i] | in[i]);
        return;
      }
      break;
  }
  throw error(error_kind::internal, "reduce_into: bit_or on floating-point values");
}

}  // namespace

std::size_t element_bytes(element_type type) {
  switch (type) {
    case element_type::u8:
      return 1;
    case element_type::i32:
    case element_type::u32:
    case element_type::f32:
      return 4;
    case element_type::i64:
    case element_type::u64:
    case element_type::f64:
      return 8;
  }
  return 0;
}

std::string_view to_string(reduce_op op) {
  switch (op) {
    case reduce_op::sum:
      return "sum";
    case reduce_op::min:
      return "min";
    case reduce_op::max:
      return "max";
    case reduce_op::bit_or:
      return "bit_or";
  }
  return "unknown";
}

void reduce_into(void* inout, const void* in, std::size_t count, element_type type, reduce_op op) {
  switch (type) {
    case element_type::u8:
      return reduce_typed(static_cast<std::uint8_t*>(inout), static_cast<const std::uint8_t*>(in), count, op);
    case element_type::i32:
      return reduce_typed(static_cast<std::int32_t*>(inout), static_cast<const std::int32_t*>(in), count, op);
    case element_type::u32:
      return reduce_typed(static_cast<std::uint32_t*>(inout), static_cast<const std::uint32_t*>(in), count,
                          op);
    case element_type::i64:
      return reduce_typed(static_cast<std::int64_t*>(inout), static_cast<const std::int64_t*>(in), count, op);
    case element_type::u64:
      return reduce_typed(static_cast<std::uint64_t*>(inout), static_cast<const std::uint64_t*>(in), count,
                          op);
    case element_type::f32:
      return reduce_typed(static_cast<float*>(inout), static_cast<const float*>(in), count, op);
    case element_type::f64:
      return reduce_typed(static_cast<double*>(inout), static_cast<const double*>(in), count, op);
  }
}

std::string attributed_to(int rank, std::string_view why) {
  if (why.starts_with("rank ")) {
    const std::size_t digits = why.find_first_not_of("0123456789", 5);
    if (digits > 5 && digits != std::string_view::npos &&
        (why.substr(digits).starts_with(": ") || why.substr(digits).starts_with(", ")))
      return std::string(why);
  }
  return fmt::format("rank {}: {}", rank, why);
}

communicator::communicator(int rank, int size) : rank_(rank), size_(size) {
  if (size < 1 || rank < 0 || rank >= size)
    throw error(error_kind::invalid_argument, fmt::format("communicator: rank {} of {} ranks", rank, size));
}

std::string communicator::failure(const operation& op, std::string_view what) const {
  return fmt::format("rank {}: {} #{} {}", rank_, op.name, op.sequence, what);
}

void communicator::check_rank(int r, const char* what) const {
  if (r < 0 || r >= size_)
    throw error(error_kind::invalid_argument,
                fmt::format("{}: rank {} is not one of the {} ranks", what, r, size_));
}

std::vector<std::size_t> communicator::block_bytes(std::span<const std::size_t> counts, std::size_t elements,
                                                   std::size_t element, const char* side) const {
  if (counts.size() != static_cast<std::size_t>(size_))
    throw error(error_kind::invalid_argument,
                fmt::format("all_to_all_v: {} counts do not name every rank", side));
  std::vector<std::size_t> bytes(counts.size());
  std::size_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    bytes[r] = counts[r] * element;
    total += counts[r];
  }
  if (total != elements)
    throw error(error_kind::invalid_argument,
                fmt::format("all_to_all_v: {} counts add up to {} elements, the buffer holds {}", side, total,
                            elements));
  return bytes;
}

}  // namespace plexus::dist
