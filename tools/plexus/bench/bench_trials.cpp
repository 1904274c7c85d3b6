// The trials of one algorithm on one input and back end; see bench_trials.hpp.
#include "bench_trials.hpp"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "bench_statistics.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"
#include "run/run_summary.hpp"

namespace plexus::cli {

namespace {

/// The series of a run's figures, in the order the run reports them: time, metric, others.
std::vector<trial_series> series_of(const run_report& run) {
  std::vector<trial_series> series;
  series.emplace_back("Time", "seconds", false);
  series.emplace_back(run.metric_name, json_key(run.metric_name), true);
  for (const run_figure& f : run.figures) series.emplace_back(f.name, f.key, f.rate);
  return series;
}

/// The verbose lines of one trial, GAPBS style.
void print_trial(std::FILE* to, const run_report& run) {
  if (run.source) print_line(to, "Source", fmt::format("{}", *run.source));
  print_line(to, "Trial Time", seconds_text(run.seconds));
  print_line(to, "Trial " + run.metric_name, fmt::format("{:.6g}", run.metric));
  for (const run_figure& f : run.figures) print_line(to, "Trial " + f.name, figure_text(f));
}

nlohmann::ordered_json trial_json(const run_report& run) {
  nlohmann::ordered_json trial = {
      {"seconds", run.seconds}, {"iterations", run.iterations}, {json_key(run.metric_name), run.metric}};
  if (run.source) trial["source"] = *run.source;
  for (const auto& [key, value] : run.record.items()) trial.emplace(key, value);
  for (const run_figure& f : run.figures) trial[f.key] = f.value;
  if (run.bytes_moved > 0) trial["moved_bytes"] = run.bytes_moved;
  if (run.verdict) trial["verified"] = run.verdict->ok;
  return trial;
}

}  // namespace

nlohmann::ordered_json time_trials(const trial_context& context,
                                   const std::function<run_report(int trial, bool validate)>& run_once,
                                   bool& all_passed) {
  print_line(context.lines, "Algorithm", context.algorithm);
  // The trials done, on a terminal; --verbose prints them instead.
  std::optional<progress_display> progress;
  if (!context.verbose) progress.emplace(context.algorithm);
  const progress_fn tick = progress ? progress->callback() : progress_fn{};
  const std::string stage = context.algorithm + " trials";
  run_once(0, false);  // warm-up: first-touch pages, caches, JIT

  nlohmann::ordered_json trials = nlohmann::ordered_json::array();
  std::vector<trial_series> series;
  run_report last;
  int failed = 0;
  for (int i = 0; i < context.trials; ++i) {
    report_progress(tick, stage, static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(context.trials));
    run_report run = run_once(i, context.validate);
    if (series.empty()) series = series_of(run);
    series[0].add(run.seconds);
    series[1].add(run.metric);
    for (std::size_t k = 0; k < run.figures.size() && k + 2 < series.size(); ++k)
      series[k + 2].add(run.figures[k].value);
    if (context.verbose && context.lines) print_trial(context.lines, run);
    if (run.verdict && !run.verdict->ok) {
      if (progress) progress->finish();  // the line that follows starts clean
      ++failed;
      print_line(
          context.results, "Verification",
          fmt::format("FAIL: trial {}{}: {}", i + 1,
                      run.source ? fmt::format(" (source {})", *run.source) : "", run.verdict->message));
    } else if (run.verdict && context.verbose) {
      print_line(context.lines, "Verification", "PASS");
    }
    trials.push_back(trial_json(run));
    last = std::move(run);
  }
  progress.reset();
  if (failed > 0) all_passed = false;
  if (!last.validation_note.empty())
    print_line(context.lines, "Verification", "SKIPPED: " + last.validation_note);
  else if (last.verdict && failed == 0)
    print_line(context.lines, "Verification", fmt::format("PASS ({} trials)", context.trials));

  const std::string about =
      fmt::format("[{} on {}, {}, {} trials{}; timed: {}]", context.algorithm, context.input, context.device,
                  context.trials, context.sources.empty() ? "" : ", " + context.sources, last.timed);
  nlohmann::ordered_json row = context.header;
  row["timed"] = last.timed;
  row["trials"] = std::move(trials);
  nlohmann::ordered_json statistics;
  for (const trial_series& s : series) {
    print_line(context.results, s.name(), s.text() + " " + about);
    statistics[s.key()] = s.json();
  }
  row["statistics"] = std::move(statistics);
  for (const auto& [key, value] : last.record.items()) row["result"][key] = value;
  return row;
}

}  // namespace plexus::cli
