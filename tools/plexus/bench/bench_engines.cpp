// Every engine and memory limit of one algorithm on one graph; see bench_engines.hpp.
#include "bench_engines.hpp"

#include <fmt/format.h>

#include <iterator>
#include <map>
#include <optional>
#include <utility>

#include "plexus/core/byte_size.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/outofcore/engine.hpp"
#include "common/report_line.hpp"
#include "run/run_engine.hpp"
#include "run/run_memory.hpp"

namespace plexus::cli {

namespace {

/// One row of the table: an engine under a limit (0: none).
struct engine_row {
  std::string engine;
  std::uint64_t limit = 0;
  bool read_mostly = false;

  std::string label() const { return read_mostly ? engine + " (read-mostly)" : engine; }
  std::string limit_text() const { return limit ? human_bytes(limit) : "-"; }
};

/// Limits without engines run `auto` under each (what a run under a limit would do).
std::vector<engine_row> rows_of(const engine_bench_settings& settings) {
  const std::vector<std::string> engines =
      settings.engines.empty() ? std::vector<std::string>{"auto"} : settings.engines;
  std::vector<engine_row> rows{{"in-memory", 0, false}};
  for (const std::string& engine : engines)
    if (engine == "auto" || engine == "managed-fits") rows.push_back({engine, 0, false});
  for (std::uint64_t limit : settings.limits)
    for (const std::string& engine : engines) {
      if (engine == "in-memory" || engine == "managed-fits") continue;
      rows.push_back({engine, limit, false});
      if (engine == "managed") rows.push_back({engine, limit, true});
    }
  return rows;
}

/// What the table prints of a row.
struct row_summary {
  engine_row row;
  double median_seconds = 0;
  double median_metric = 0;
  int disagreements = 0;
  bool failed = false;  // the row could not run (its error is printed)
  bool streamed = false;
  outofcore::engine_report last;  // the last trial's engine figures, when streamed
};

/// Checks each trial's answer against the reference answer of its source (the trial's place
/// in the sources' cycle), or records it as the reference. Every answer is one value per
/// vertex of `graph`.
class answer_book {
 public:
  answer_book(const std::vector<vertex_t>* sources, const csr_graph& graph)
      : sources_(sources), graph_(graph) {}
  std::size_t key(int trial) const {
    return sources_ && !sources_->empty() ? static_cast<std::size_t>(trial) % sources_->size() : 0;
  }
  void record(int trial, run_answer answer) { answers_.insert_or_assign(key(trial), std::move(answer)); }
  /// Empty when the answer agrees (or there is nothing to compare with: a run without answer).
  std::string compare(int trial, const run_answer& answer) const {
    const auto found = answers_.find(key(trial));
    if (found == answers_.end()) return "no in-memory answer for this source";
    return answer_difference(answer, found->second, graph_);
  }

 private:
  const std::vector<vertex_t>* sources_;
  const csr_graph& graph_;
  std::map<std::size_t, run_answer> answers_;
};

run_request base_request(const engine_bench_input& input) {
  run_request request;
  request.purpose = run_purpose::bench;
  request.input_name = input.loaded->name;
  request.origin = input.loaded->origin;
  if (input.loaded->input) {
    request.input_graph = &*input.loaded->input;
    request.input_vertex = input.loaded->input_vertex;
  }
  request.seed = input.seed;
  return request;
}

/// One row's trials: through choose_engine and run_memory as `plexus run` does.
row_summary run_row(const engine_bench_input& input, const engine_row& row, answer_book& book,
                    nlohmann::ordered_json& rows, bool& all_passed) {
  row_summary summary;
  summary.row = row;
  const bool reference = row.engine == "in-memory" && row.limit == 0;
  trial_context context = input.context;
  context.algorithm = fmt::format("{} [{}{}]", input.algorithm->name(), row.label(),
                                  row.limit ? ", limit " + row.limit_text() : "");
  context.header["engine"] = row.label();
  context.header["device_memory_limit_bytes"] = row.limit;
  memory_settings memory_asked;
  if (row.limit) memory_asked.limit = std::to_string(row.limit);
  run_memory memory(*input.algorithm, input.loaded->name, shape_of(input.loaded->graph), input.where, memory_asked);
  engine_settings engine_asked;
  engine_asked.engine = row.engine;
  engine_choice choice = choose_engine(*input.algorithm, engine_asked, memory, input.where);
  choice.options.read_mostly = row.read_mostly;
  summary.streamed = choice.streaming;
  run_request request = base_request(input);
  std::optional<device_graph> on_device;
  if (!choice.streaming) {
    memory.enter_in_memory();
    on_device.emplace(input.loaded->graph, input.where);
    request.graph = &*on_device;
  }
  int disagreements = 0;
  const auto run_once = [&](int trial, bool validate) {
    request.validate = validate;
    if (input.sources) request.source = (*input.sources)[book.key(trial)];
    outofcore::engine_report report;
    const streaming_run streaming{&input.loaded->graph, input.where, choice.options, &report};
    if (choice.streaming) request.streaming = &streaming;
    run_report run = input.algorithm->run(request);
    request.streaming = nullptr;
    if (run.answer) {
      run_answer answer = run.answer();
      if (reference) {
        book.record(trial, std::move(answer));
      } else if (const std::string why = book.compare(trial, answer); !why.empty()) {
        ++disagreements;
        if (!run.verdict || run.verdict->ok) run.verdict = verify::fail(why);
      } else if (!run.verdict) {
        run.verdict = verify::pass();
      }
    }
    if (choice.streaming) {
      run.record["engine"] = engine_fields(report, input.loaded->graph.num_edges());
      summary.last = std::move(report);
    }
    return run;
  };
  nlohmann::ordered_json json = time_trials(context, run_once, all_passed);
  summary.disagreements = disagreements;
  json["verified"] = disagreements == 0;
  auto statistics = json["statistics"].items().begin();
  summary.median_seconds = statistics.value()["median"].get<double>();
  ++statistics;
  if (statistics != json["statistics"].items().end()) summary.median_metric = statistics.value()["median"].get<double>();
  rows.push_back(std::move(json));
  return summary;
}

/// The table's title and column names.
void print_header(const engine_bench_input& input, const std::string& metric) {
  std::FILE* to = input.context.results;
  print_line(to, "Engines",
             fmt::format("{} on {}, {}, {} trials{}", input.algorithm->name(), input.context.input,
                         input.context.device, input.context.trials,
                         input.context.sources.empty() ? "" : ", " + input.context.sources));
  fmt::print(to, "  {:<24} {:>10} {:>10} {:>8} {:>12} {:>12} {:>7} {:>10} {:>6} {:>6}  {}\n", "engine",
             "limit", "median s", "speed", metric, "moved/run", "chunks", "peak", "bus", "idle", "verified");
  std::fflush(to);
}

/// One row, printed as soon as it ran (a long table shows its rows as they come); `reference`
/// is the in-memory median.
void print_row(const engine_bench_input& input, const row_summary& r, double reference) {
  std::FILE* to = input.context.results;
  if (r.failed) {
    fmt::print(to, "  {:<24} {:>10} {:>10}\n", r.row.label(), r.row.limit_text(), "failed");
  } else {
    const auto& e = r.last;
    const bool planned =
        e.engine == outofcore::engine_kind::out_of_core || e.engine == outofcore::engine_kind::subway;
    fmt::print(to, "  {:<24} {:>10} {:>10.5f} {:>7.2f}x {:>12.4g} {:>12} {:>7} {:>10} {:>6} {:>6}  {}\n",
               r.row.label(), r.row.limit_text(), r.median_seconds,
               r.median_seconds > 0 ? reference / r.median_seconds : 0.0, r.median_metric,
               r.streamed ? human_bytes(e.moved_bytes) + (e.moved_bytes_estimated ? "~" : "") : "0 bytes",
               r.streamed ? fmt::format("{}", e.totals().chunks) : "-",
               r.streamed ? human_bytes(e.peak_device_bytes) : "-",
               planned ? fmt::format("{:.0f}%", 100 * e.bus_utilisation()) : "-",
               r.streamed ? fmt::format("{:.0f}%", 100 * e.device_idle()) : "-",
               r.disagreements == 0
                   ? "verified"
                   : fmt::format("NO ({} of {} differ)", r.disagreements, input.context.trials));
  }
  std::fflush(to);
}

}  // namespace

nlohmann::ordered_json bench_engines(const engine_bench_input& input, const engine_bench_settings& settings,
                                     bool& all_passed) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  answer_book book(input.sources, input.loaded->graph);
  double reference = 0;
  std::vector<row_summary> printed;
  for (const engine_row& row : rows_of(settings)) {
    row_summary summary;
    try {
      summary = run_row(input, row, book, rows, all_passed);
    } catch (const error& e) {
      if (row.engine == "in-memory") throw;  // without the reference nothing can be compared
      all_passed = false;
      fmt::print(input.context.results, "Engine {} under {}: FAIL: {}\n", row.label(), row.limit_text(), e.what());
      summary.row = row;
      summary.failed = true;
      rows.push_back(
          {{"engine", row.label()}, {"device_memory_limit_bytes", row.limit}, {"error", e.what()}});
    }
    if (row.engine == "in-memory") {
      reference = summary.median_seconds;
      // The metric's JSON key (gteps, gbytes_per_second, ...): the statistics' second entry.
      std::string metric = "metric";
      const auto& statistics = rows.back()["statistics"];
      if (statistics.size() > 1) metric = std::next(statistics.items().begin()).key();
      print_header(input, metric);
    }
    print_row(input, summary, reference);
  }
  fmt::print(input.context.results,
             "  (speed: the in-memory median over the row's; moved/run: "
             "host-to-device bytes of the last trial, ~ estimated; bus: copies against the measured pinned copy "
             "rate during the on-demand phases)\n");
  return rows;
}

}  // namespace plexus::cli
