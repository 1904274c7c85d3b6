// What a launcher and its workers say to each other over their sockets (launcher.hpp): frames
// of a kind, a length and that many bytes.
//   worker -> launcher: message (its part of a round), failure (an error kind and a message),
//                       exec_failed (errno of a failed execve, written by the forked child);
//   launcher -> worker: round (the count of messages, then each message's length and bytes,
//                       in rank order).
// Writes never raise SIGPIPE (a peer that died is seen as an error, or the end of its stream).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace plexus::dist::launch_detail {

enum class frame_kind : std::uint32_t { message = 1, failure = 2, exec_failed = 3, round = 4 };

struct frame_header {
  frame_kind kind;
  std::uint32_t reserved;
  std::uint64_t bytes;
};

struct frame {
  frame_kind kind = frame_kind::message;
  std::vector<std::byte> payload;
};

/// Writes one whole frame; false when the other side has gone. Only write(2)-like calls, so
/// that a forked child may use it before it executes.
bool write_frame(int fd, frame_kind kind, std::span<const std::byte> payload) noexcept;

/// What read_frame's error says when its deadline passed.
inline constexpr std::string_view kTimedOut = "timed out";

/// Reads one frame; nullopt at the end of the stream (the other side closed or died, also
/// inside a frame). Waits at most until `deadline` when one is given, then throws
/// plexus::error(io) kTimedOut; throws plexus::error(io) on a failed read.
std::optional<frame> read_frame(int fd, std::optional<std::chrono::steady_clock::time_point> deadline);

/// Appends `bytes` bytes at `data` to `out`.
void append(std::vector<std::byte>& out, const void* data, std::size_t bytes);

/// The bytes of a round: the count of messages, then each one's length and bytes.
std::vector<std::byte> pack_round(std::span<const std::vector<std::byte>> messages);
/// Its inverse; throws plexus::error(internal) on a malformed round.
std::vector<std::vector<std::byte>> unpack_round(std::span<const std::byte> round);

}  // namespace plexus::dist::launch_detail
