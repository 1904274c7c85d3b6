// The trials of one algorithm in a distributed bench; see bench_distributed_trials.hpp.
#include "bench_distributed_trials.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>

#include "bench_statistics.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/run_answer.hpp"
#include "plexus/dist/agree.hpp"
#include "common/report_line.hpp"

namespace plexus::cli {

namespace {

/// What a distributed trial's time covers.
constexpr const char* kDistributedTimed =
    "the slowest rank's loop, exchanges included, excluding upload and download";

/// Trial `trial`'s source: the sources in turn.
std::optional<vertex_t> source_of(const distributed_trials_input& in, int trial) {
  if (in.sources == nullptr) return std::nullopt;
  return (*in.sources)[static_cast<std::size_t>(trial) % in.sources->size()];
}

/// Which single answer a trial is compared with: its source's place in the cycle.
std::size_t answer_key(const distributed_trials_input& in, int trial) {
  return in.sources == nullptr ? 0 : static_cast<std::size_t>(trial) % in.sources->size();
}

/// " (source 17)" for a run from a source, by its input id.
std::string source_phrase(const run_report& run) {
  return run.source ? fmt::format(" (source {})", *run.source) : "";
}

/// Rank 0's single-device trials: their times, the answer of each source, what they timed.
struct single_runs {
  trial_series seconds{"Single Time", "single_seconds", false};
  std::vector<double> each;
  std::map<std::size_t, run_answer> answers;
  std::string timed;
  int failed = 0;  // trials the serial verifier refused (--validate)
};

single_runs run_single(const distributed_trials_input& in) {
  const trial_context& c = in.context;
  run_request request;
  request.purpose = run_purpose::bench;
  request.graph = in.single;
  request.input_name = in.input_name;
  request.origin = in.origin;
  request.seed = in.seed;
  const auto once = [&](int trial, bool validate) {
    request.validate = validate;
    request.source = source_of(in, trial);
    return in.algorithm->run(request);
  };
  single_runs runs;
  once(0, false);  // warm-up: first-touch pages, caches
  for (int i = 0; i < c.trials; ++i) {
    const run_report run = once(i, c.validate);
    runs.seconds.add(run.seconds);
    runs.each.push_back(run.seconds);
    if (run.answer) runs.answers.try_emplace(answer_key(in, i), run.answer());
    if (run.verdict && !run.verdict->ok) {
      ++runs.failed;
      print_line(
          c.results, "Verification",
          fmt::format("FAIL: single run, trial {}{}: {}", i + 1, source_phrase(run), run.verdict->message));
    }
    runs.timed = run.timed;
  }
  return runs;
}

/// One distributed trial: rank 0's report, and the figures over every rank.
struct distributed_trial {
  run_report report;
  double seconds = 0, communication_seconds = 0;
  std::uint64_t bytes = 0, rounds = 0;
};

distributed_trial run_distributed_once(const distributed_trials_input& in, distributed_request& request,
                                       int trial, bool validate, bool keeps_answer) {
  dist::communicator& comm = *in.comm;
  request.source = source_of(in, trial);
  request.validate = validate;
  request.keeps_answer = keeps_answer;
  distributed_report run = in.algorithm->run_distributed(request);
  distributed_trial t;
  t.seconds = comm.all_reduce<double>(run.report.seconds, dist::reduce_op::max);
  t.communication_seconds = comm.all_reduce<double>(run.exchange.seconds, dist::reduce_op::max);
  t.bytes = comm.all_reduce<std::uint64_t>(run.exchange.bytes_sent, dist::reduce_op::sum);
  t.rounds =
      comm.all_reduce<std::uint64_t>(static_cast<std::uint64_t>(run.exchange.rounds), dist::reduce_op::max);
  t.report = std::move(run.report);
  return t;
}

/// Why rank 0's trial fails its checks ("" when it passes): its answer against the single
/// run's from the same source, its verdict under --validate. Counts the comparisons made.
std::string faults_of(const distributed_trials_input& in, const single_runs* single, int trial,
                      const run_report& run, int& compared, nlohmann::ordered_json& trial_json) {
  std::string faults;
  if (single != nullptr && run.answer) {
    const auto reference = single->answers.find(answer_key(in, trial));
    if (reference != single->answers.end()) {
      ++compared;
      const std::string why =
          answer_difference(run.answer(), reference->second, in.whole->graph, "the single run's answer");
      trial_json["same_as_single"] = why.empty();
      faults = why;
    }
  }
  if (run.verdict) {
    trial_json["verified"] = run.verdict->ok;
    if (!run.verdict->ok) faults += (faults.empty() ? "" : "; ") + run.verdict->message;
  }
  return faults;
}

/// The "Verification:" line of trials that all passed.
std::string passed_text(int trials, int compared, bool verified) {
  if (compared == 0 && !verified)
    return "SKIPPED: no single run to compare with (--no-baseline); --validate checks with the serial "
           "verifier";
  std::string what = compared == trials ? "each the single run's answer" : "";
  if (verified)
    what += what.empty() ? "each passing the serial verifier" : " and passing the serial verifier";
  return fmt::format("PASS ({} trials, {})", trials, what);
}

}  // namespace

nlohmann::ordered_json time_distributed_trials(const distributed_trials_input& in, bool& all_passed) {
  dist::communicator& comm = *in.comm;
  const bool root = comm.rank() == 0;
  const trial_context& c = in.context;
  const std::string& name = in.algorithm->name();
  print_line(c.lines, "Algorithm", name);

  distributed_request request;
  request.purpose = run_purpose::bench;
  request.comm = &comm;
  request.graph = in.graph;
  request.local = in.local;
  request.input_name = in.input_name;
  request.origin = in.origin;
  request.whole = root && in.whole ? &in.whole->graph : nullptr;

  std::optional<single_runs> single;
  if (in.baseline) {
    // An input the algorithm cannot take (a negative weight for sssp) is the input's problem,
    // said as a single run says it, not rank 0's.
    *in.stage = fmt::format("running {} on rank 0 alone for the single-device baseline", name);
    single = naming_input(
        request, [&] { return dist::agreed(comm, [&] { return root ? run_single(in) : single_runs{}; }); });
  }

  *in.stage = "running " + name;
  run_distributed_once(in, request, 0, false, false);  // warm-up

  std::vector<trial_series> series;
  series.emplace_back("Time", "seconds", false);
  series.emplace_back("Compute Time", "compute_seconds", false);
  series.emplace_back("Communication Time", "communication_seconds", false);
  series.push_back(trial_series::amount("Bytes Exchanged", "bytes_exchanged"));
  series.push_back(trial_series::amount("Exchange Rounds", "exchange_rounds"));
  series.push_back(trial_series::amount("Bytes Per Round", "round_bytes"));
  nlohmann::ordered_json trials = nlohmann::ordered_json::array();
  int failed = single ? single->failed : 0, compared = 0;
  bool verified = false;
  run_report last;
  for (int i = 0; i < c.trials; ++i) {
    distributed_trial t = run_distributed_once(in, request, i, c.validate, in.baseline);
    if (!root) continue;
    // Each rank's exchanges lie inside its loop; the clamp keeps two clocks' rounding from
    // showing a negative compute time where a run is all exchanges.
    const double compute = std::max(0.0, t.seconds - t.communication_seconds);
    const double round_bytes =
        t.rounds > 0 ? static_cast<double>(t.bytes) / static_cast<double>(t.rounds) : 0.0;
    const double figures[] = {t.seconds,
                              compute,
                              t.communication_seconds,
                              static_cast<double>(t.bytes),
                              static_cast<double>(t.rounds),
                              round_bytes};
    for (std::size_t k = 0; k < series.size(); ++k) series[k].add(figures[k]);
    nlohmann::ordered_json trial = {{"seconds", t.seconds},
                                    {"compute_seconds", compute},
                                    {"communication_seconds", t.communication_seconds},
                                    {"bytes_exchanged", t.bytes},
                                    {"exchange_rounds", t.rounds},
                                    {"round_bytes", round_bytes},
                                    {"iterations", t.report.iterations}};
    if (t.report.source) trial["source"] = *t.report.source;
    if (single) trial["single_seconds"] = single->each[static_cast<std::size_t>(i)];
    const std::string faults = faults_of(in, single ? &*single : nullptr, i, t.report, compared, trial);
    verified = verified || t.report.verdict.has_value();
    if (c.verbose) {
      if (t.report.source) print_line(c.lines, "Source", fmt::format("{}", *t.report.source));
      print_line(c.lines, "Trial Time", seconds_text(t.seconds));
      print_line(c.lines, "Trial Compute Time", seconds_text(compute));
      print_line(c.lines, "Trial Bytes Exchanged", fmt::format("{}", t.bytes));
      print_line(c.lines, "Trial Exchange Rounds", fmt::format("{}", t.rounds));
      if (single)
        print_line(c.lines, "Trial Single Time", seconds_text(single->each[static_cast<std::size_t>(i)]));
    }
    if (!faults.empty()) {
      ++failed;
      print_line(c.results, "Verification",
                 fmt::format("FAIL: trial {}{}: {}", i + 1, source_phrase(t.report), faults));
    }
    trials.push_back(std::move(trial));
    last = std::move(t.report);
  }
  if (!root) return nullptr;
  if (failed > 0)
    all_passed = false;
  else
    print_line(c.lines, "Verification", passed_text(c.trials, compared, verified));

  const std::string sources = c.sources.empty() ? "" : ", " + c.sources;
  const std::string about =
      fmt::format("[{} on {}, {}, {} rank{}, {} trials{}; timed: {}]", name, c.input, c.device, in.ranks,
                  in.ranks == 1 ? "" : "s", c.trials, sources, kDistributedTimed);
  nlohmann::ordered_json row = c.header;
  row["timed"] = kDistributedTimed;
  nlohmann::ordered_json statistics;
  for (const trial_series& s : series) {
    print_line(c.results, s.name(), s.text() + " " + about);
    statistics[s.key()] = s.json();
  }
  if (single) {
    print_line(c.results, single->seconds.name(),
               fmt::format("{} [{} on {}, {}, one rank, {} trials{}; timed: {}]", single->seconds.text(),
                           name, c.input, c.device, c.trials, sources, single->timed));
    statistics[single->seconds.key()] = single->seconds.json();
    row["single_timed"] = single->timed;
    const double median = series[0].quantile(0.5);
    if (median > 0) {
      const double speedup = single->seconds.quantile(0.5) / median;
      print_line(
          c.results, "Speedup",
          fmt::format("{:.3g} (the single run's median time over the distributed run's) {}", speedup, about));
      row["speedup"] = speedup;
    }
  }
  row["trials"] = std::move(trials);
  row["statistics"] = std::move(statistics);
  for (const auto& [key, value] : last.record.items()) row["result"][key] = value;
  return row;
}

}  // namespace plexus::cli
