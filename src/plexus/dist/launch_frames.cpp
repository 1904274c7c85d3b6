// Frames between a launcher and its workers (launch_frames.hpp).
#include "plexus/dist/launch_frames.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "plexus/core/error.hpp"

namespace plexus::dist::launch_detail {

namespace {

bool write_all(int fd, const void* data, std::size_t bytes) noexcept {
  const auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t written = send(fd, p, bytes, MSG_NOSIGNAL);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += written;
    bytes -= static_cast<std::size_t>(written);
  }
  return true;
}

/// Reads exactly `bytes`; false at the end of the stream.
bool read_all(int fd, void* data, std::size_t bytes,
              const std::optional<std::chrono::steady_clock::time_point>& deadline) {
  auto* p = static_cast<char*>(data);
  while (bytes > 0) {
    if (deadline) {
      const auto left =
          std::chrono::ceil<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      pollfd channel{fd, POLLIN, 0};
      const int ready = left.count() <= 0
                            ? 0
                            : poll(&channel, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) throw error(error_kind::io, fmt::format("poll: {}", std::strerror(errno)));
      if (ready == 0) throw error(error_kind::io, std::string(kTimedOut));
    }
    const ssize_t got = read(fd, p, bytes);
    if (got < 0) {
      if (errno == EINTR) continue;
      if (errno == ECONNRESET) return false;
      throw error(error_kind::io, fmt::format("read: {}", std::strerror(errno)));
    }
    if (got == 0) return false;
    p += got;
    bytes -= static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace

void append(std::vector<std::byte>& out, const void* data, std::size_t bytes) {
  if (bytes == 0) return;
  const std::size_t at = out.size();
  out.resize(at + bytes);
  std::memcpy(out.data() + at, data, bytes);
}

bool write_frame(int fd, frame_kind kind, std::span<const std::byte> payload) noexcept {
  const frame_header header{kind, 0, payload.size()};
  return write_all(fd, &header, sizeof header) && write_all(fd, payload.data(), payload.size());
}

std::optional<frame> read_frame(int fd, std::optional<std::chrono::steady_clock::time_point> deadline) {
  frame_header header{};
  if (!read_all(fd, &header, sizeof header, deadline)) return std::nullopt;
  frame out;
  out.kind = header.kind;
  out.payload.resize(header.bytes);
  if (!read_all(fd, out.payload.data(), out.payload.size(), deadline)) return std::nullopt;
  return out;
}

std::vector<std::byte> pack_round(std::span<const std::vector<std::byte>> messages) {
  std::vector<std::byte> out;
  const std::uint64_t count = messages.size();
  append(out, &count, sizeof count);
  for (const auto& message : messages) {
    const std::uint64_t bytes = message.size();
    append(out, &bytes, sizeof bytes);
    append(out, message.data(), message.size());
  }
  return out;
}

std::vector<std::vector<std::byte>> unpack_round(std::span<const std::byte> round) {
  std::size_t at = 0;
  const auto take = [&](void* to, std::size_t bytes) {
    if (round.size() - at < bytes) throw error(error_kind::internal, "a launcher's round ends early");
    std::memcpy(to, round.data() + at, bytes);
    at += bytes;
  };
  std::uint64_t count = 0;
  take(&count, sizeof count);
  std::vector<std::vector<std::byte>> messages;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t bytes = 0;
    take(&bytes, sizeof bytes);
    if (round.size() - at < bytes) throw error(error_kind::internal, "a launcher's round ends early");
    messages.emplace_back(round.begin() + static_cast<std::ptrdiff_t>(at),
                          round.begin() + static_cast<std::ptrdiff_t>(at + bytes));
    at += bytes;
  }
  return messages;
}

}  // namespace plexus::dist::launch_detail
