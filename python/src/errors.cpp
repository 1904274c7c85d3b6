#include "errors.hpp"

#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus::python {

namespace {

/// The library's messages name the command line's options where one is the remedy; from
/// Python the remedy is a keyword argument.
std::string in_python_words(std::string message) {
  static constexpr std::pair<std::string_view, std::string_view> kRemedies[] = {
      {"(--undirected)", "(from_file(..., directed=False), or from_edges' directed=False)"},
      {"--format", "format="},
  };
  for (const auto& [option, keyword] : kRemedies)
    for (std::size_t at = message.find(option); at != std::string::npos;
         at = message.find(option, at + keyword.size()))
      message.replace(at, option.size(), keyword);
  return message;
}

}  // namespace

void bind_errors(pybind11::module_& m) {
  // Bad arguments and malformed files are the caller's to fix (ValueError); a file that cannot
  // be opened is an OSError (from_file raises FileNotFoundError itself for a missing path);
  // what the library or a device cannot do, a RuntimeError; a run asked to stop,
  // KeyboardInterrupt.
  (void)m;
  pybind11::register_exception_translator([](std::exception_ptr raised) {
    try {
      if (raised) std::rethrow_exception(raised);
    } catch (const error& e) {
      switch (e.kind()) {
        case error_kind::invalid_argument:
        case error_kind::parse:
        case error_kind::unsupported:
          PyErr_SetString(PyExc_ValueError, in_python_words(e.what()).c_str());
          return;
        case error_kind::io:
          PyErr_SetString(PyExc_OSError, e.what());
          return;
        case error_kind::out_of_memory:
          PyErr_SetString(PyExc_MemoryError, e.what());
          return;
        case error_kind::interrupted:
          PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
          return;
        case error_kind::device:
        case error_kind::internal:
          PyErr_SetString(PyExc_RuntimeError, e.what());
          return;
      }
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
  });
}

}  // namespace plexus::python
