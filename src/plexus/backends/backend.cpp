// Back-end names, families and availability, generated from backends/backend_list.hpp. The
// device queries of a back end live in its own folder (backends/<name>/queries.cpp) and are
// called only when the back end is part of this build.
#include "plexus/backends/backend.hpp"

#include <fmt/format.h>

#include <string>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace {

struct backend_row {
  backend value;
  std::string_view name;
  backend_family family;
};

#define PLEXUS_BACKEND_ROW(name, family) backend_row{backend::name, #name, backend_family::family},
constexpr backend_row kBackends[] = {PLEXUS_BACKEND_LIST(PLEXUS_BACKEND_ROW)};
#undef PLEXUS_BACKEND_ROW

const backend_row& row_of(backend b) {
  for (const backend_row& row : kBackends)
    if (row.value == b) return row;
  throw error(error_kind::internal, "unknown back end value " + std::to_string(static_cast<int>(b)));
}

/// "CUDA" for cuda, "HIP" for hip: how the back end's devices are called in messages.
std::string device_kind(backend b) {
  std::string upper(row_of(b).name);
  for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
  return upper;
}

}  // namespace

std::string_view to_string(backend b) {
  return row_of(b).name;
}

backend parse_backend(std::string_view name) {
  std::string choices;
  for (const backend_row& row : kBackends) {
    if (row.name == name) return row.value;
    choices += (choices.empty() ? "" : ", ") + std::string(row.name);
  }
  throw error(error_kind::invalid_argument,
              "unknown back end '" + std::string(name) + "': valid choices are " + choices);
}

std::vector<backend> all_backends() {
  std::vector<backend> result;
  for (const backend_row& row : kBackends) result.push_back(row.value);
  return result;
}

std::vector<std::string> backend_names() {
  std::vector<std::string> result;
  for (const backend_row& row : kBackends) result.emplace_back(row.name);
  return result;
}

backend_family family_of(backend b) {
  return row_of(b).family;
}

bool backend_compiled(backend b) {
  switch (b) {
#define PLEXUS_COMPILED_CASE(name, family) \
  case backend::name:                      \
    return backend_enabled<exec::name>;
    PLEXUS_BACKEND_LIST(PLEXUS_COMPILED_CASE)
#undef PLEXUS_COMPILED_CASE
  }
  return false;
}

bool backend_available(backend b) {
  return backend_compiled(b) &&
         backends::dispatch(b, []<class Space>() { return backends::queries<Space>::available(); });
}

void throw_left_out(backend b) {
  throw error(
      error_kind::unsupported,
      std::string(to_string(b)) + " back end: this build of Plexus was compiled without " + device_kind(b));
}

void require_backend(backend b) {
  if (!backend_compiled(b)) throw_left_out(b);
  if (!backend_available(b))
    throw error(error_kind::unsupported,
                std::string(to_string(b)) + " back end: no " + device_kind(b) + " device is present");
}

std::string backend_device_name(backend b) {
  if (!backend_compiled(b)) return std::string(to_string(b)) + " back end not built";
  if (!backend_available(b)) return "no " + device_kind(b) + " device";
  return backends::dispatch(b, []<class Space>() { return backends::queries<Space>::device_name(); });
}

int backend_device_count(backend b) {
  if (!backend_compiled(b)) return 0;
  return backends::dispatch(b, []<class Space>() { return backends::queries<Space>::device_count(); });
}

void backend_select_device(backend b, int ordinal) {
  const int count = backend_device_count(b);
  if (ordinal < 0 || ordinal >= count)
    throw error(error_kind::unsupported,
                fmt::format("{} back end: device {} asked for, and this machine has {} {} {}", to_string(b),
                            ordinal, count, device_kind(b), count == 1 ? "device" : "devices"));
  backends::dispatch(b, [ordinal]<class Space>() { backends::queries<Space>::select_device(ordinal); });
}

device_memory backend_memory(backend b) {
  require_backend(b);
  return backends::dispatch(b, []<class Space>() { return backends::queries<Space>::memory(); });
}

}  // namespace plexus
