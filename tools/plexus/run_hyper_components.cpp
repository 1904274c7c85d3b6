// `plexus run hyper-cc`: connected components of a hypergraph (vertices sharing a hyperedge
// are connected; see hyper_components.hpp), reported as the component count (isolated
// vertices included), the count of components holding a hyperedge, the rounds run, the
// largest sizes and the power-of-two size histogram that cc prints. "Pins/s" is the input's
// pins over the run time. --validate compares vertex and hyperedge labels exactly with the
// serial reference (verify/hyper_components.hpp). --out writes each vertex's label: the
// original id of the smallest vertex of its component.
#include <fmt/format.h>

#include <memory>

#include "analytics.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

analytics_run run_hyper_components(const device_hypergraph& graph, const analytics_options& options) {
  const hypergraph& host = graph.host_hypergraph();
  hyper_components_result r = hyper_components(graph);
  analytics_run run = iterative_run(r.seconds, r.rounds);
  run.lines.emplace_back("Components", fmt::format("{}", r.num_components));
  run.lines.emplace_back("With Hyperedges", fmt::format("{}", r.num_nontrivial_components));
  run.record = {{"components", r.num_components},
                {"components_with_hyperedges", r.num_nontrivial_components}};
  const std::uint64_t giant = add_component_sizes(run, r.vertex_labels);
  run.summary = fmt::format("{} components, largest {} vertices", r.num_components, giant);
  run.metric_name = "Pins/s";
  run.metric = run.seconds > 0 ? host.num_pins() / run.seconds : 0.0;

  if (options.validate) run.verdict = verify::hyper_components(host, r.vertex_labels, r.hyperedge_labels);
  auto kept = std::make_shared<hyper_components_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) {
    write_vertex_labels(path, host, kept->vertex_labels);
  };
  return run;
}

}  // namespace plexus::cli
