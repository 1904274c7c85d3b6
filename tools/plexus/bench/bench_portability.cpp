// Copy bandwidth, efficiency and performance portability in `plexus bench`; see
// bench_portability.hpp.
#include "bench_portability.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "bench_statistics.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/perf/portability.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"

namespace plexus::cli {

namespace {

double gigabytes(double bytes_per_second) {
  return bytes_per_second / 1e9;
}

/// The median over the trials of a row of bytes_moved / seconds; nullopt when a trial reports
/// no bytes (the algorithm has no byte model).
std::optional<double> achieved_bandwidth(const nlohmann::ordered_json& row) {
  trial_series achieved("Achieved GB/s", "achieved_bytes_per_second", true);
  for (const nlohmann::ordered_json& trial : row.at("trials")) {
    const std::uint64_t bytes = trial.value("moved_bytes", std::uint64_t{0});
    if (bytes == 0) return std::nullopt;
    achieved.add(per_second(static_cast<double>(bytes), trial.at("seconds").get<double>()));
  }
  return achieved.quantile(0.5);
}

/// What the statistics lines of `row` end with: "bfs on kron-8-16 (...), host (...), 2
/// trials; timed: ...".
std::string about_trials(const trial_context& context, const nlohmann::ordered_json& row) {
  return fmt::format("{} on {}, {}, {} trials; timed: {}", context.algorithm, context.input, context.device,
                     context.trials, row.at("timed").get<std::string>());
}

bool any_trial_failed(const nlohmann::ordered_json& row) {
  for (const nlohmann::ordered_json& trial : row.at("trials"))
    if (!trial.value("verified", true)) return true;
  return false;
}

/// The back ends whose copy bandwidth this bench measured, in the order it did.
std::vector<backend>& measured_back_ends() {
  static std::vector<backend> measured;
  return measured;
}

}  // namespace

const perf::copy_bandwidth& measured_copy_bandwidth(backend where, std::FILE* lines) {
  std::vector<backend>& measured = measured_back_ends();
  if (std::find(measured.begin(), measured.end(), where) != measured.end())
    return perf::device_copy_bandwidth(where);
  const perf::copy_bandwidth* copy = nullptr;
  {
    progress_display progress(fmt::format("copy bandwidth of {}", to_string(where)));
    copy = &perf::device_copy_bandwidth(where);
  }
  measured.push_back(where);
  print_line(
      lines, "Copy Bandwidth",
      fmt::format("{:.4g} GB/s on {} [best of {} copies of {}, bytes read + written; median {:.4g} GB/s]",
                  gigabytes(copy->bytes_per_second), device_label(where), copy->repetitions,
                  human_bytes(copy->array_bytes),
                  gigabytes(per_second(2.0 * static_cast<double>(copy->array_bytes), copy->median_seconds))));
  return *copy;
}

nlohmann::ordered_json copy_bandwidth_json() {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const backend where : measured_back_ends()) {
    const perf::copy_bandwidth& copy = perf::device_copy_bandwidth(where);
    nlohmann::ordered_json& measured = j[std::string(to_string(where))];
    measured["device"] = backend_device_name(where);
    measured["gbytes_per_second"] = gigabytes(copy.bytes_per_second);
    measured["array_bytes"] = copy.array_bytes;
    measured["repetitions"] = copy.repetitions;
    measured["best_seconds"] = copy.best_seconds;
    measured["median_seconds"] = copy.median_seconds;
  }
  return j;
}

void note_copy_fraction(const trial_context& context, backend where, nlohmann::ordered_json& row) {
  const perf::copy_bandwidth& copy = measured_copy_bandwidth(where, context.lines);
  const double median = row.at("statistics").at("gbytes_per_second").at("median").get<double>();
  const double fraction = perf::architectural_efficiency(median, gigabytes(copy.bytes_per_second));
  print_line(context.results, "Copy Fraction",
             fmt::format("{:.4g} (median {:.4g} GB/s of the {:.4g} GB/s copy) [{}]", fraction, median,
                         gigabytes(copy.bytes_per_second), about_trials(context, row)));
  row["copy_bandwidth"] = {{"gbytes_per_second", gigabytes(copy.bytes_per_second)}, {"fraction", fraction}};
}

bool fails_back_end(const error& e) {
  return e.kind() == error_kind::out_of_memory || e.kind() == error_kind::unsupported ||
         e.kind() == error_kind::device;
}

portability_table::back_end_entry& portability_table::entry(const trial_context& context, backend where) {
  auto found = std::find_if(entries_.begin(), entries_.end(), [&](const algorithm_entry& e) {
    return e.algorithm == context.algorithm && e.input == context.input;
  });
  if (found == entries_.end())
    found = entries_.insert(entries_.end(), {context.algorithm, context.input, {}});
  back_end_entry& added = found->back_ends.emplace_back();
  added.where = where;
  added.device = context.device;
  return added;
}

void portability_table::add(const trial_context& context, backend where, const nlohmann::ordered_json& row) {
  back_end_entry& e = entry(context, where);
  e.about = about_trials(context, row);
  if (any_trial_failed(row)) {
    e.failure = "verification failed";
    return;
  }
  const std::optional<double> achieved = achieved_bandwidth(row);
  if (!achieved) {
    e.failure = "no byte model";
    return;
  }
  e.achieved = *achieved;
  e.copy = measured_copy_bandwidth(where, context.lines).bytes_per_second;
}

void portability_table::add_failure(const trial_context& context, backend where, const std::string& why) {
  back_end_entry& e = entry(context, where);
  e.failure = why;
  e.about = fmt::format("{} on {}, {}", context.algorithm, context.input, context.device);
  print_line(context.results, "Failed", fmt::format("{} [{}]", why, e.about));
}

nlohmann::ordered_json portability_table::report(std::FILE* to) const {
  nlohmann::ordered_json document = nlohmann::ordered_json::array();
  for (const algorithm_entry& a : entries_) {
    const std::string about = fmt::format("{} on {}", a.algorithm, a.input);
    std::vector<double> efficiencies;
    std::vector<std::string> names;
    nlohmann::ordered_json back_ends = nlohmann::ordered_json::array();
    for (const back_end_entry& b : a.back_ends) {
      names.emplace_back(to_string(b.where));
      nlohmann::ordered_json j = {{"backend", to_string(b.where)}, {"device", b.device}};
      if (b.failure) {
        efficiencies.push_back(0.0);
        print_line(to, "Efficiency", fmt::format("0 (failed: {}) [{}]", *b.failure, b.about));
        j["failed"] = *b.failure;
        j["efficiency"] = 0.0;
      } else {
        const double efficiency = perf::architectural_efficiency(b.achieved, b.copy);
        efficiencies.push_back(efficiency);
        print_line(to, "Efficiency",
                   fmt::format("{:.4g} (achieved {:.4g} GB/s of the {:.4g} GB/s copy) [{}]", efficiency,
                               gigabytes(b.achieved), gigabytes(b.copy), b.about));
        j["copy_gbytes_per_second"] = gigabytes(b.copy);
        j["achieved_gbytes_per_second"] = gigabytes(b.achieved);
        j["efficiency"] = efficiency;
      }
      back_ends.push_back(std::move(j));
    }
    const double pp = perf::performance_portability(efficiencies);
    print_line(to, "PP", fmt::format("{:.4g} over {} [{}]", pp, fmt::join(names, ", "), about));
    document.push_back(
        {{"algorithm", a.algorithm}, {"input", a.input}, {"back_ends", std::move(back_ends)}, {"pp", pp}});
  }
  return document;
}

}  // namespace plexus::cli
