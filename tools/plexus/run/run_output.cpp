// Where `plexus run` puts its lines and its result; see run_output.hpp.
#include "run_output.hpp"

#include <fmt/format.h>

#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"
#include "common/progress_display.hpp"
#include "common/report_line.hpp"
#include "run_summary.hpp"
#include "common/since_start.hpp"

namespace plexus::cli {

run_streams plan_output(const output_choice& choice, std::span<const std::filesystem::path> inputs) {
  const bool result_to_stdout =
      !choice.out.empty() && io::check_output(choice.out, inputs) == io::output_kind::standard_output;
  if (result_to_stdout && choice.json)
    throw error(
        error_kind::invalid_argument,
        "--json and --out " + choice.out + " both write to standard output; write the result to a file");
  run_streams streams;
  if (result_to_stdout) streams.lines = streams.failures = stderr;
  if (choice.quiet || choice.json) streams.lines = nullptr;
  if (choice.quiet) streams.failures = stderr;
  return streams;
}

bool report_run(const run_report& report, const std::string& algorithm, const output_choice& choice,
                const run_streams& streams, held_lines& lines, nlohmann::ordered_json& summary) {
  if (!choice.out.empty() && !report.write)
    throw error(error_kind::invalid_argument, fmt::format("{} writes no --out file", algorithm));
  lines.release();  // the run took every option: no usage error follows
  print_run_lines(lines.stream(), report);
  summary.update(run_fields(report));
  if (!choice.out.empty()) {
    {
      progress_display progress("write " + choice.out);
      report.write(choice.out);
    }
    print_line(lines.stream(), "Output", choice.out);
    summary["output"] = choice.out;
  }
  if (!report.validation_note.empty()) {
    print_line(lines.stream(), "Verification", "SKIPPED: " + report.validation_note);
    summary["verification"] = {{"status", "SKIPPED"}, {"reason", report.validation_note}};
  }
  const bool failed = report.verdict && !report.verdict->ok;
  if (report.verdict) {
    summary["verification"] = {{"status", report.verdict->ok ? "PASS" : "FAIL"}};
    if (failed) summary["verification"]["reason"] = report.verdict->message;
    if (!failed)
      print_line(lines.stream(), "Verification", "PASS");
    else if (!choice.json)
      print_line(streams.failures, "Verification", "FAIL: " + report.verdict->message);
  }
  const double total = seconds_since_start();
  print_line(lines.stream(), "Total Time", seconds_text(total));
  summary["total_seconds"] = total;
  if (choice.json) fmt::print("{}\n", summary.dump(2));
  return !failed;
}

}  // namespace plexus::cli
