// A device's copy bandwidth; see copy_bandwidth.hpp. The copy itself is
// copy_bandwidth_loop.hpp.
#include "plexus/perf/copy_bandwidth.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace detail {
// The copy of copy_bandwidth_loop.hpp, compiled once per back end from copy_bandwidth_instances.hpp.
template <class Space>
std::vector<double> copy_bandwidth_run(std::size_t count, int repetitions);
}  // namespace detail

namespace perf {

namespace {

/// Below this an array would sit in a cache and the copy would not measure memory.
constexpr std::uint64_t kSmallestDefaultArray = std::uint64_t{64} << 20;

}  // namespace

std::uint64_t copy_array_bytes(backend where) {
  const std::uint64_t fits = backend_memory(where).free / 8;
  return std::max(kSmallestDefaultArray, std::min(kCopyArrayBytes, fits));
}

copy_bandwidth measure_copy_bandwidth(backend where, const copy_bandwidth_options& options) {
  if (options.repetitions < 1)
    throw error(error_kind::invalid_argument,
                fmt::format("copy bandwidth: {} repetitions; at least one is needed", options.repetitions));
  const std::uint64_t array_bytes = options.array_bytes > 0 ? options.array_bytes : copy_array_bytes(where);
  const std::size_t count = array_bytes / sizeof(std::uint64_t);
  if (count == 0)
    throw error(error_kind::invalid_argument,
                fmt::format("copy bandwidth: an array of {} bytes holds no 8-byte word", array_bytes));
  std::vector<double> seconds = backends::dispatch(
      where, [&]<class Space>() { return detail::copy_bandwidth_run<Space>(count, options.repetitions); });
  std::sort(seconds.begin(), seconds.end());
  copy_bandwidth result;
  result.where = where;
  result.array_bytes = count * sizeof(std::uint64_t);
  result.repetitions = options.repetitions;
  result.best_seconds = seconds.front();
  const std::size_t middle = seconds.size() / 2;
  result.median_seconds =
      seconds.size() % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
  // A copy reads every byte of the source and writes every byte of the destination.
  const double moved = 2.0 * static_cast<double>(result.array_bytes);
  result.bytes_per_second = result.best_seconds > 0 ? moved / result.best_seconds : 0.0;
  return result;
}

const copy_bandwidth& device_copy_bandwidth(backend where) {
  static std::mutex lock;
  static std::map<backend, copy_bandwidth> measured;
  const std::lock_guard<std::mutex> hold(lock);
  const auto found = measured.find(where);
  if (found != measured.end()) return found->second;
  return measured.emplace(where, measure_copy_bandwidth(where)).first->second;
}

}  // namespace perf
}  // namespace plexus
