// Why a test reports SKIPPED, worded one way for each cause wherever it applies: the summary
// that scripts/test.sh prints after ctest's (scripts/skipped_tests.py) counts the skipped tests
// by their message, so one cause must give one message.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "plexus/backends/backend.hpp"

namespace plexus::test {

/// The folder of third-party datasets (-DPLEXUS_DATASETS_DIR), spelled without "..".
inline std::filesystem::path datasets_dir() {
  return std::filesystem::path(PLEXUS_DATASETS_DIR).lexically_normal();
}

/// Empty when `path`, a file or folder of the datasets, exists; else "datasets not found at
/// DIR" when the datasets folder itself is absent, or "dataset not found: PATH".
inline std::string dataset_skip_reason(const std::filesystem::path& path) {
  if (std::filesystem::exists(path)) return "";
  if (!std::filesystem::is_directory(datasets_dir()))
    return "datasets not found at " + datasets_dir().string();
  return "dataset not found: " + path.lexically_normal().string();
}

/// Empty when back end `b` can run here; else "no CUDA device" or "cuda back end not built".
inline std::string backend_skip_reason(backend b) {
  return backend_available(b) ? "" : backend_device_name(b);
}

}  // namespace plexus::test

/// Skips the calling test when `path` (a file or folder of the datasets) is absent.
#define PLEXUS_SKIP_WITHOUT_DATASET(path)                                                \
  do {                                                                                   \
    if (const std::string why = ::plexus::test::dataset_skip_reason(path); !why.empty()) \
      GTEST_SKIP() << why;                                                               \
  } while (0)

/// Skips the calling test when back end `b` cannot run here.
#define PLEXUS_SKIP_WITHOUT_BACKEND(b)                                                                     \
  do {                                                                                                     \
    if (const std::string why = ::plexus::test::backend_skip_reason(b); !why.empty()) GTEST_SKIP() << why; \
  } while (0)
