// What the adaptors of the distributed traversals (bfs, sssp) share once their loop has run:
// the report's totals over the ranks, the parents, built where an output asks for them, this rank's
// --out-per-rank file, and on rank 0 the --validate verdict and the --out writer over every vertex's value
// and parent, gathered and named by input id, so that the file is the single run's byte for byte.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/dist/gather.hpp"
#include "plexus/io/result_writer.hpp"

namespace plexus::cli {

/// Collective: traversal_report (summaries.hpp) of a distributed traversal from global id
/// `source`: the totals over every rank's owned vertices (values `owned`) that `reached`
/// accepts, the source by its input id.
template <class Value, class Reached, class BytesMoved>
run_report traversal_report(dist::communicator& comm, const dist::rank_graph& graph, vertex_t source,
                            double seconds, int iterations, std::span<const Value> owned, Reached&& reached,
                            const std::string& value_name, const std::string& summary_name,
                            BytesMoved&& bytes_moved) {
  const traversal_totals<Value> totals =
      total_over_ranks(comm, count_traversal(graph.graph, graph.part.num_owned(), owned, reached));
  return traversal_report(totals, graph.graph.directed(), input_id_of(comm, graph, source), seconds,
                          iterations, value_name, summary_name, bytes_moved);
}

/// Collective: adds to `out` the outputs of a traversal from global id `source` whose owned
/// vertices' values are `owned`:
///   parents_of(stats)  the parents across the ranks (bfs/canonical_parents_dist.hpp's
///                      distributed_parents), a collective that adds its exchanges to stats;
///                      called only where an output needs them;
///   write(path, names, values, parent_ids)  writes a file of the vertices `names` names, each
///                      parent by its input id (io::kNoParent where unreached);
///   verify(whole, source, values, parents)  the serial verifier over the whole graph, with
///                      every vertex's value and parent (global ids).
/// The parents' exchanges come after the run and stay out of its figures.
template <class Value, class ParentsOf, class Write, class Verify>
void add_traversal_outputs(const distributed_request& request, vertex_t source,
                           std::shared_ptr<const host_vector<Value>> owned, ParentsOf&& parents_of,
                           Write write, Verify&& verify, distributed_report& out) {
  if (!request.validate && !request.writes_output && !request.writes_per_rank) return;
  dist::communicator& comm = *request.comm;
  const dist::rank_graph& graph = *request.graph;
  dist::exchange_stats after_run;
  using parents_type = std::invoke_result_t<ParentsOf&, dist::exchange_stats&>;
  const auto parents = std::make_shared<const parents_type>(parents_of(after_run));
  if (request.writes_per_rank)
    out.write_rank = [names = owned_names(graph), owned, parents, write](const std::filesystem::path& path) {
      write(path, names, std::span<const Value>(*owned), std::span<const std::uint64_t>(parents->input_id));
    };
  if (!request.validate && !request.writes_output) return;
  const auto values = std::make_shared<const host_vector<Value>>(dist::gather_to_root<Value>(comm, *owned));
  const auto parent =
      std::make_shared<const host_vector<vertex_t>>(dist::gather_to_root<vertex_t>(comm, parents->parent));
  const auto ids = std::make_shared<const host_vector<std::uint64_t>>(gather_input_ids(comm, graph));
  if (comm.rank() != 0) return;
  if (request.validate) out.report.verdict = verify(*request.whole, source, *values, *parent);
  if (request.writes_output)
    out.report.write = [n = graph.part.ranges().num_vertices(), values, parent, ids,
                        write](const std::filesystem::path& path) {
      const io::vertex_names names(n, *ids);
      host_vector<std::uint64_t> parent_id(n);
      for (vertex_t v = 0; v < n; ++v)
        parent_id[v] = (*parent)[v] == invalid_vertex ? io::kNoParent : names.original_id((*parent)[v]);
      write(path, names, std::span<const Value>(*values), std::span<const std::uint64_t>(parent_id));
    };
}

}  // namespace plexus::cli
