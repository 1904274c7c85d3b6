#include "run_memory.hpp"

#include <fmt/format.h>

#include "plexus/backends/dispatch.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/core/byte_size.hpp"
#include "common/report_line.hpp"

namespace plexus::cli {

namespace {

std::uint64_t exchange_cap(backend where, std::uint64_t bytes) {
  return backends::dispatch(where, [&]<class Space>() -> std::uint64_t {
    return backends::memory_account<Space>::exchange_cap(bytes);
  });
}

}  // namespace

void add_memory_options(CLI::App& run, memory_settings& settings) {
  run.add_option("--device-memory-limit", settings.limit,
                 "Run as if the device had only SIZE bytes (12G, 512M): refuse a run estimated past it, and "
                 "fail any allocation past it");
  run.add_flag("--no-memory-check", [&settings](std::int64_t) { settings.check = false; },
               "Run even when the memory estimate says the run will not fit");
}

run_memory::run_memory(const algorithm_command& algorithm, const std::string& input_name, const input_shape& shape,
                       backend where, const memory_settings& settings)
    : algorithm_(algorithm.name()), input_name_(input_name), where_(where), check_(settings.check), probe_(where) {
  estimate_.input = device_input_bytes(shape, where);
  estimate_.working = algorithm.working_bytes(shape, where) + backend_scratch_bytes(where);
  if (!settings.limit.empty()) {
    limit_ = parse_byte_size(settings.limit, "--device-memory-limit");
    available_ = limit_;
    available_what_ = "is the --device-memory-limit";
  } else {
    const device_memory memory = backend_memory(where);
    available_ = memory.free;
    available_what_ = fmt::format("are free (of {} on {})", human_bytes(memory.total), backend_device_name(where));
  }
}

std::string run_memory::shortfall() const {
  return need_phrase(algorithm_, input_name_, where_, estimate_, available_, available_what_);
}

void run_memory::enter_in_memory() {
  if (check_) require_fit(algorithm_, input_name_, where_, estimate_, available_, available_what_);
  if (limit_ > 0) {
    previous_cap_ = exchange_cap(where_, limit_ + probe_.held_since_construction());
    capped_ = true;
  }
}

run_memory::~run_memory() {
  if (capped_) exchange_cap(where_, previous_cap_);
}

void run_memory::start_run() {
  input_held_ = probe_.held_since_construction();
  probe_.restart();
}

void run_memory::report(std::FILE* lines, nlohmann::ordered_json& summary) const {
  const std::uint64_t working = probe_.peak_above_start();
  print_line(lines, "Device Memory",
             fmt::format("{} input + {} working at the peak (estimated {} + {})", human_bytes(input_held_),
                         human_bytes(working), human_bytes(estimate_.input), human_bytes(estimate_.working)));
  summary["memory"] = {{"input_bytes", input_held_},
                       {"working_peak_bytes", working},
                       {"estimated_input_bytes", estimate_.input},
                       {"estimated_working_bytes", estimate_.working}};
}

}  // namespace plexus::cli
