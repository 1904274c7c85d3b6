// memory_cap<host>: a limit on what host buffers hold (backends/memory_account.hpp), so the
// out-of-core engine's region sizing and chunking run on the host as they would on a GPU of
// that size. Host memory has no ballast: the limit is the account's alone.
#pragma once

#include <cstddef>

#include "plexus/backends/host/space.hpp"
#include "plexus/backends/interface.hpp"
#include "plexus/backends/memory_account.hpp"

namespace plexus::exec {

template <>
class memory_cap<host> {
  using account = backends::memory_account<host>;

 public:
  explicit memory_cap(std::size_t bytes) {
    previous_ = account::exchange_cap(bytes);
    account::reset_peak();
  }
  memory_cap(const memory_cap&) = delete;
  memory_cap& operator=(const memory_cap&) = delete;
  ~memory_cap() { account::exchange_cap(previous_); }

  std::size_t bytes() const { return account::cap(); }
  std::size_t peak() const { return account::peak(); }

 private:
  std::size_t previous_ = 0;
};

}  // namespace plexus::exec
