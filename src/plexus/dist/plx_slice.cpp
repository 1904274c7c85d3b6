// Each rank's part of a .plx graph, read in place (plx_slice.hpp).
#include "plexus/dist/plx_slice.hpp"

#include <array>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "plexus/dist/agree.hpp"
#include "plexus/io/plx_slice.hpp"

namespace plexus::dist {

namespace {

/// Every rank hashes its blocks of the sections `parts` names (the same sections, in the
/// same order, on every rank); each section's hashes are gathered in rank order and compared
/// with the header. Every rank holds the same hashes, so every rank throws the same mismatch.
void check_sections(communicator& comm, const io::plx_graph_file& file,
                    const std::vector<io::plx_graph_file::section_bytes>& parts) {
  const std::vector<std::vector<std::uint64_t>> mine = agreed(comm, [&] {
    std::vector<std::vector<std::uint64_t>> hashes;
    for (const auto& part : parts) hashes.push_back(file.block_hashes(part));
    return hashes;
  });
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const host_vector<std::uint64_t> all = comm.all_gather_v<std::uint64_t>(mine[i]);
    file.check_checksum(parts[i].slot, all);
  }
}

}  // namespace

rank_slice read_plx_slice(communicator& comm, const std::filesystem::path& path) {
  const auto file = agreed(comm, [&] { return std::make_unique<io::plx_graph_file>(path); });
  const int rank = comm.rank();
  const bool last_part = rank == comm.size() - 1;
  const bool both_lists = file->directed() && file->has_reverse();
  const byte_model model = byte_model::of(file->weighted(), both_lists);
  rank_slice result;
  result.ranges = agreed(comm, [&] {
    return split_by_cost(file->num_vertices(), comm.size(), [&](vertex_t v) {
      return model.per_vertex * v +
             model.per_arc * (file->offset(v, false) + (both_lists ? file->offset(v, true) : 0));
    });
  });
  const vertex_t first = result.ranges.first(rank), last = result.ranges.last(rank);

  check_sections(comm, *file, file->vertex_sections(first, last, last_part));
  const auto [out_offsets, in_offsets] = agreed(comm, [&] {
    return std::pair(file->read_offsets(first, last, false),
                     both_lists ? file->read_offsets(first, last, true) : host_vector<edge_t>());
  });
  check_sections(comm, *file, file->arc_sections(out_offsets, in_offsets, last_part));

  // The multiset sums of every rank must be drawn under the same keys: rank 0's.
  std::array<std::uint64_t, 3> keys = multiset_hash().keys();
  comm.broadcast(std::span<std::uint64_t>(keys), 0);
  const multiset_hash hash(keys);
  io::plx_arc_sums sums;
  graph_slice& slice = result.slice;
  slice.num_vertices = file->num_vertices();
  slice.num_edges = file->num_edges();
  slice.directed = file->directed();
  slice.weighted = file->weighted();
  slice.first = first;
  // Structured bindings are named through references: clang before 16 cannot capture them.
  agreed(comm, [&, &out_offsets = out_offsets, &in_offsets = in_offsets] {
    slice.out = file->read_lists(first, out_offsets, false, hash, sums);
    if (both_lists) slice.in = file->read_lists(first, in_offsets, true, hash, sums);
    slice.original_ids = file->read_original_ids(first, last);
  });
  std::array<std::uint64_t, 3> total{sums.forward[0], sums.forward[1], sums.backward};
  comm.all_reduce(std::span<std::uint64_t>(total), reduce_op::sum);
  file->check_arc_sums(io::plx_arc_sums{{total[0], total[1]}, total[2]});
  return result;
}

rank_graph load_plx(communicator& comm, const std::filesystem::path& path, list_order order) {
  rank_slice read = read_plx_slice(comm, path);
  return assemble(comm, read.ranges, std::move(read.slice), order);
}

}  // namespace plexus::dist
