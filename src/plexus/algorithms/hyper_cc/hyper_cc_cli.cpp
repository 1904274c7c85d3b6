// `plexus run hyper-cc`: connected components of a hypergraph (vertices sharing a hyperedge
// are connected; see hyper_cc.hpp), reported as the component count (isolated vertices
// included), the count of components holding a hyperedge, the rounds run, the largest sizes
// and the power-of-two size histogram that cc prints. "Pins/s" is the input's pins over the
// run time. --validate compares vertex and hyperedge labels exactly with the serial reference
// (hyper_cc_verify.hpp). --out writes each vertex's label: the original id of the smallest
// vertex of its component.
#include <fmt/format.h>

#include <memory>

#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/cli/summaries.hpp"
#include "plexus/io/result_writer.hpp"
#include "plexus/perf/bytes_moved.hpp"

namespace plexus::cli {
namespace {

class hyper_cc_command final : public algorithm_command {
 public:
  hyper_cc_command()
      : algorithm_command("hyper-cc", "Hypergraph connected components: component count, sizes and labels",
                          input_kind::hypergraph, 130) {}

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // A label per vertex and per hyperedge.
    // GPUs also keep the changed flags and the compaction of what is left.
    const bool gpu = family_of(where) == backend_family::simt;
    return (gpu ? 20 : 5) * (shape.vertices + shape.hyperedges) + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_hypergraph& graph = *request.hypergraph;
    const hypergraph& host = graph.host_hypergraph();
    auto r = std::make_shared<hyper_components_result>(hyper_components(graph));
    run_report report = iterative_report(r->seconds, r->rounds);
    report.lines.emplace_back("Components", fmt::format("{}", r->num_components));
    report.lines.emplace_back("With Hyperedges", fmt::format("{}", r->num_nontrivial_components));
    report.record = {{"components", r->num_components},
                     {"components_with_hyperedges", r->num_nontrivial_components}};
    const std::uint64_t giant = add_component_sizes(report, r->vertex_labels);
    report.summary = fmt::format("{} components, largest {} vertices", r->num_components, giant);
    report.metric_name = "Pins/s";
    report.metric = per_second(static_cast<double>(host.num_pins()), r->seconds);
    report.bytes_moved = perf::hyper_cc_bytes(host, r->rounds);
    if (request.validate)
      report.verdict = verify::hyper_components(host, r->vertex_labels, r->hyperedge_labels);
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_labels(path, host, r->vertex_labels, "component");
    };
    return report;
  }
};

PLEXUS_REGISTER_ALGORITHM(hyper_cc_command);

}  // namespace
}  // namespace plexus::cli
