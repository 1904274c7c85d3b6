// What the out-of-core engine itself places in device memory, so that the region plan
// (region_plan.hpp) reserves it before sizing the static region and the chunks. Every figure
// is an upper bound of an allocation in edge_stream.hpp and the classes it holds; a test runs
// each engine at the smallest limit the plan accepts and checks the measured peak against it
// (tests/outofcore/footprint_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/core/types.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus::outofcore {

/// How an algorithm reads the stream: visit_active (push over active lists) or reduce_all
/// (a reduction over every list, which also keeps a segment plan of the resident lists).
enum class stream_use { visit, reduce };

/// A chunk holds at most one segment (a piece of one list) per this many arcs: chunks of short
/// lists are cut early, and a slot's segment arrays cost 12 / 4 = 3 bytes per arc of room.
inline constexpr std::uint64_t kArcsPerSegment = 4;

/// Segments a chunk of `arcs` arcs may hold.
constexpr std::uint64_t chunk_segments(std::uint64_t arcs) {
  return arcs / kArcsPerSegment > 0 ? arcs / kArcsPerSegment : 1;
}

/// Bytes of one half of a slot of `arcs` arcs of `arc_bytes` each (the device half, and the
/// pinned host half it is gathered into): the arcs, one owner id and one 64-bit start per
/// segment, and the closing start.
constexpr std::uint64_t slot_bytes(std::uint64_t arcs, std::uint64_t arc_bytes) {
  const std::uint64_t segments = chunk_segments(arcs);
  return arcs * arc_bytes + segments * sizeof(vertex_t) + (segments + 1) * sizeof(edge_t);
}

/// Device bytes per slot arc, rounded up: what the plan divides the on-demand region by.
constexpr std::uint64_t slot_bytes_per_arc(std::uint64_t arc_bytes) {
  return arc_bytes + (sizeof(vertex_t) + sizeof(edge_t) + kArcsPerSegment - 1) / kArcsPerSegment;
}

/// Device bytes per resident vertex besides its arcs: its offset (8), the push scan of resident
/// degrees for edge-balanced kernels (16), the segment plan of resident lists for reductions (8
/// kept and 8 while it is built). The out-of-core plan charges them to the static region per
/// static vertex; the engines that read every list in place charge them for every vertex.
constexpr std::uint64_t resident_vertex_bytes(stream_use use, load_balance balance) {
  return sizeof(edge_t) + (balance == load_balance::edge_balanced ? 16 : 0) + (use == stream_use::reduce ? 16 : 0);
}

/// The small buffers of the engine and of the algorithm (counts, sums, totals read back). On
/// the host the count and tally of each of the engine's two sparse frontiers take a cache line
/// per thread, 4 KiB (sparse_frontier, exec::spread_counter).
inline constexpr std::uint64_t kSmallBuffers = std::uint64_t(16) << 10;

/// Room for the vendor library's scratch (the copy-rate probe takes as much, but is freed
/// before anything else is placed).
inline constexpr std::uint64_t kEngineFixedBytes = std::uint64_t(64) << 20;

/// The engine's device bytes for a graph of `num_vertices`, besides the algorithm's own state,
/// the resident arcs and the slots, an upper bound:
///   static and on-demand id lists       4 per vertex together (their sizes add up to n)
///   resident bitmap, long-lists bitmap  n / 8 each
///   the split's word counts and places  6 x 8 bytes per 64 vertices: 3n / 4
///   resident vertices' own bytes        (n + 1) x resident_vertex_bytes where every list is
///                                       resident; one offset where the plan places a prefix
///   kSmallBuffers and kEngineFixedBytes
constexpr std::uint64_t engine_device_bytes(std::uint64_t num_vertices, bool every_list_resident, stream_use use,
                                            load_balance balance) {
  const std::uint64_t per_vertex_eighths = 8 * 4 + 2 + 6;
  const std::uint64_t resident = every_list_resident ? (num_vertices + 1) * resident_vertex_bytes(use, balance)
                                                     : resident_vertex_bytes(use, balance);
  return (num_vertices + 1) * per_vertex_eighths / 8 + kSmallBuffers + resident + kEngineFixedBytes;
}

}  // namespace plexus::outofcore
