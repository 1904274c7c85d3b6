// What the command line hands an algorithm for a distributed run, and what it gets back:
// `plexus run NAME GRAPH --distributed`, one process per rank under mpirun (or one rank alone
// without it), driven by tools/plexus/run/run_distributed.cpp, and the trials of `plexus bench
// --distributed` (tools/plexus/bench/bench_distributed_trials.cpp). An algorithm that runs distributed
// says so through algorithm_command::distributed_lists and implements run_distributed; the
// command line does the rest (communicator, loading each rank's part, upload, the report's
// common lines, --out, --out-per-rank, --validate's verdict, errors), for every algorithm alike.
//
// Every rank calls run_distributed with its own part; the call is collective. Checks an
// algorithm makes of its options before its first collective go through dist::agreed, so that
// a refusal is one error for the whole run; a fault after that is its rank's alone and ends the
// job (communicator::abort).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/run_report.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/communicator.hpp"
#include "plexus/dist/gather.hpp"
#include "plexus/dist/ghost_exchange.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/io/result_writer.hpp"

namespace plexus::cli {

struct distributed_request {
  /// run: the command's options (-s, the algorithm's own); bench: the defaults a bench gives
  /// every trial (algorithm_command.hpp), from `source` where the algorithm takes one.
  run_purpose purpose = run_purpose::run;
  std::optional<vertex_t> source;  // bench: the trial's source (global id)
  dist::communicator* comm = nullptr;
  const dist::rank_graph* graph = nullptr;  // this rank's part, lists in the order asked for
  const device_graph* local = nullptr;      // its local graph on the run's back end
  std::string input_name;                   // the input as the user named it, for messages
  input_origin origin = input_origin::file;
  /// --validate: rank 0 checks the gathered result against `whole` (the graph as one process
  /// loads it; null on the other ranks).
  bool validate = false;
  const csr_graph* whole = nullptr;
  bool writes_output = false;    // --out: the result is gathered to rank 0, which writes it
  bool writes_per_rank = false;  // --out-per-rank: every rank writes its own vertices
  /// bench: rank 0's report keeps the gathered result as its `answer` (run_answer.hpp), in
  /// global ids, which are the ids of the whole graph one process loads: the bench compares it
  /// with the single run's.
  bool keeps_answer = false;
};

struct distributed_report {
  /// The run's report. On rank 0 complete, as a single run's (lines, figures, the verdict under
  /// --validate, `write` for --out, which then holds the gathered result); on the others its
  /// figures only.
  run_report report;
  /// This rank's own vertices' result file (set with writes_per_rank).
  std::function<void(const std::filesystem::path&)> write_rank;
  dist::exchange_stats exchange;  // this rank's
};

/// f() as naming_input (algorithm_command.hpp) for a distributed run: an input the algorithm
/// cannot take, found by whichever rank holds the fault (a dist::agreed_error of kind
/// unsupported, such as a negative weight), is a problem of the whole input, named as the user
/// named it and said as a single run says it, naming no rank.
template <class F>
decltype(auto) naming_input(const distributed_request& request, F&& f) {
  try {
    return f();
  } catch (const dist::agreed_error& e) {
    if (e.kind() != error_kind::unsupported || request.input_name.empty()) throw;
    throw dist::agreed_error(
        e.kind(), e.rank(), request.comm->size(),
        names_input(request.input_name, e.detail()) ? e.detail() : request.input_name + ": " + e.detail(),
        true);
  }
}

/// Collective where request.keeps_answer: every vertex's value gathered to rank 0, whose
/// report keeps make(values) as its answer.
template <class Value, class Make>
void keep_answer(const distributed_request& request, std::span<const Value> owned, Make&& make,
                 run_report& report) {
  if (!request.keeps_answer) return;
  const host_vector<Value> all = dist::gather_to_root<Value>(*request.comm, owned);
  if (request.comm->rank() != 0) return;
  report.answer = [answer = make(std::span<const Value>(all))] { return answer; };
}

/// How this rank's files name its owned vertices.
io::vertex_names owned_names(const dist::rank_graph& graph);

/// Collective: every vertex's input id, in global order, on rank 0 (empty there when the
/// input's ids are the global ids, and on every other rank).
host_vector<std::uint64_t> gather_input_ids(dist::communicator& comm, const dist::rank_graph& graph);

/// Collective: the input ids of the global vertices `globals` (any rank's), each asked of its
/// owner: one exchange of requests and one of answers.
host_vector<std::uint64_t> input_ids_of(dist::communicator& comm, const dist::rank_graph& graph,
                                        std::span<const vertex_t> globals);

/// Collective: the input id of global vertex `v`, on every rank.
std::uint64_t input_id_of(dist::communicator& comm, const dist::rank_graph& graph, vertex_t v);

/// Collective: each rank's best `count` owned vertices by value, gathered from every rank, which
/// hold the best `count` of all (for summaries.hpp's top_vertices and top_vertices_line).
std::vector<ranked_vertex> top_candidates(dist::communicator& comm, const dist::rank_graph& graph,
                                          std::span<const double> owned, std::size_t count);

/// Collective: traversal totals over every rank's, from this rank's.
template <class Value>
traversal_totals<Value> total_over_ranks(dist::communicator& comm, traversal_totals<Value> mine) {
  using shown = typename traversal_totals<Value>::shown;
  const std::uint64_t sums[2] = {mine.count, mine.arcs};
  std::uint64_t totals[2];
  comm.all_reduce(std::span<const std::uint64_t>(sums), std::span<std::uint64_t>(totals),
                  dist::reduce_op::sum);
  mine.count = static_cast<vertex_t>(totals[0]);
  mine.arcs = totals[1];
  mine.largest = comm.all_reduce<shown>(mine.largest, dist::reduce_op::max);
  return mine;
}

}  // namespace plexus::cli
