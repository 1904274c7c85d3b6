// Each rank reads only its part of a .plx graph: the split points by binary
// search through the file's offsets (a few preads each), then its offsets, arc ids and
// weights with pread, checked as read_plx_graph checks a whole file wherever a part can tell
// (io/plx_slice.hpp), and the whole-file checks made together: every rank hashes the 1 MiB
// blocks that start in its bytes of each section and the ranks all-gather the hashes (8
// bytes per MiB) to compare each section's chain with the header; the keyed multiset sums
// of the "same arcs" rules, drawn under keys rank 0 broadcasts, are all-reduced. No rank
// reads the whole file and no edge list is shuffled.
//
// Order of the checks, as in the whole-file reader, so that a damaged file is called
// damaged: the vertex-indexed sections' checksums, then the offsets' own checks (which make
// the ranks' arc ranges tile the arc sections), then the arc sections' checksums, then the
// lists' own checks, then the sums. A fault one rank finds (a missing file, a read error, a
// row out of order in its part) is agreed on, so every rank throws it, naming the rank.
#pragma once

#include <filesystem>

#include "plexus/dist/communicator.hpp"
#include "plexus/dist/graph_slice.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/dist/vertex_ranges.hpp"

namespace plexus::dist {

/// Collective: this rank's slice of the .plx graph at `path`.
rank_slice read_plx_slice(communicator& comm, const std::filesystem::path& path);

/// Collective: this rank's part of the .plx graph at `path`, ready to run on, its local lists
/// in `order`.
rank_graph load_plx(communicator& comm, const std::filesystem::path& path,
                    list_order order = list_order::local);

}  // namespace plexus::dist
