// `plexus run cc`: connected components (Afforest, see cc.hpp), reported as the component
// count, the largest sizes and a histogram of sizes in power-of-two buckets. The benchmark
// figure is undirected edges per second. --validate compares the partition and the labels
// with the union-find reference (cc_verify.hpp) on the graph as the input gave it; --out
// writes "vertex<TAB>label", each component labelled by its member of smallest original id.
#include <fmt/format.h>

#include <memory>

#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_dist.hpp"
#include "plexus/algorithms/cc/cc_outofcore.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/distributed_run.hpp"
#include "plexus/cli/input_ids.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/gather.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class cc_command final : public algorithm_command {
 public:
  cc_command()
      : algorithm_command("cc", "Connected components (Afforest): component count, sizes and labels",
                          input_kind::graph, 30) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--rounds", options_.neighbor_rounds,
                   "Neighbours each vertex links before the largest component is sampled (default 2)")
        ->check(CLI::NonNegativeNumber);
    run.add_option("--samples", options_.sample_size,
                   "Vertices sampled to find the largest intermediate component (default 1024)")
        ->check(CLI::PositiveNumber);
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    return cc_working_bytes(shape, where);
  }

  bool streams() const override { return true; }

  run_report run(const run_request& request) override {
    if (request.streaming) {
      // Out of core: min-label propagation (cc_outofcore.hpp), the same components.
      const streaming_run& streaming = *request.streaming;
      return report(*streaming.graph,
                    std::make_shared<cc_result>(connected_components_out_of_core(
                        *streaming.graph, streaming.where, streaming.options, *streaming.report)),
                    request);
    }
    const device_graph& graph = *request.graph;
    const cc_options options = request.purpose == run_purpose::run ? options_ : cc_options{};
    return report(graph.host_graph(), std::make_shared<cc_result>(connected_components(graph, options)),
                  request);
  }

  std::optional<dist::list_order> distributed_lists() const override { return dist::list_order::local; }

  distributed_report run_distributed(const distributed_request& request) override {
    dist::communicator& comm = *request.comm;
    const dist::rank_graph& graph = *request.graph;
    const cc_options options =
        dist::agreed(comm, [&] { return request.purpose == run_purpose::run ? options_ : cc_options{}; });
    const auto r = std::make_shared<cc_dist_result>(
        connected_components_distributed(comm, graph.part, *request.local, graph.original_ids, options));
    // Each label by its input id, asked of the rank that owns it.
    const auto label_ids = std::make_shared<host_vector<std::uint64_t>>(input_ids_of(comm, graph, r->label));
    const host_vector<vertex_t> labels = dist::gather_to_root<vertex_t>(comm, r->label);
    const host_vector<std::uint64_t> ids = gather_input_ids(comm, graph);
    const host_vector<std::uint64_t> all_label_ids = dist::gather_to_root<std::uint64_t>(comm, *label_ids);
    const std::uint64_t edges =
        comm.all_reduce<std::uint64_t>(graph.graph.num_logical_edges(), dist::reduce_op::sum);
    distributed_report out;
    out.exchange = r->exchange;
    if (request.writes_per_rank)
      out.write_rank = [names = owned_names(graph), label_ids](const std::filesystem::path& path) {
        io::write_vertex_labels(path, names, *label_ids, "component");
      };
    run_report& report = out.report;
    report.seconds = r->seconds;
    report.iterations = r->rounds;
    report.lines.emplace_back("Components", fmt::format("{}", r->num_components));
    report.record["components"] = r->num_components;
    if (comm.rank() != 0) return out;
    const std::uint64_t giant = add_component_sizes(report, labels);
    report.summary = fmt::format("{} components, largest {} vertices", r->num_components, giant);
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(edges), report.seconds);
    if (request.validate) report.verdict = verify::compare_component_labels(*request.whole, labels);
    if (request.keeps_answer)
      report.answer = [answer = exact_answer(std::span<const vertex_t>(labels))] { return answer; };
    if (request.writes_output) {
      const vertex_t n = graph.part.ranges().num_vertices();
      out.report.write = [n, ids = std::make_shared<host_vector<std::uint64_t>>(ids),
                          all = std::make_shared<host_vector<std::uint64_t>>(all_label_ids)](
                             const std::filesystem::path& path) {
        io::write_vertex_labels(path, io::vertex_names(n, *ids), *all, "component");
      };
    }
    return out;
  }

 private:
  /// The run's lines, its check and its output, whichever engine computed `r`.
  static run_report report(const csr_graph& host, std::shared_ptr<cc_result> r, const run_request& request) {
    run_report report;
    report.seconds = r->seconds;
    report.iterations = r->iterations;
    report.lines.emplace_back("Components", fmt::format("{}", r->num_components));
    report.record["components"] = r->num_components;
    const std::uint64_t giant = add_component_sizes(report, r->label);
    report.summary = fmt::format("{} components, largest {} vertices", r->num_components, giant);
    report.metric_name = "Edges/s";
    report.metric = per_second(static_cast<double>(host.num_logical_edges()), report.seconds);
    report.bytes_moved = perf::cc_bytes(host.num_vertices(), host.num_edges());
    if (request.validate) {
      const input_ids input(request);
      report.verdict = verify::compare_component_labels(input.graph(), input.vertices(r->label));
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_labels(path, host, r->label, "component");
    };
    report.answer = [r] { return exact_answer(std::span<const vertex_t>(r->label)); };
    return report;
  }

  cc_options options_;
};

PLEXUS_REGISTER_ALGORITHM(cc_command);

}  // namespace
}  // namespace plexus::cli
