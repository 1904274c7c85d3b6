// `plexus run lp`: community detection by label propagation (synchronous, randomized or LDBC
// CDLP, see label_propagation.hpp), reported as iterations, the number of communities and
// their modularity (verify/modularity.hpp; undirected graphs with edges only). --validate
// compares the labels exactly with the serial reference of the synchronous and CDLP variants
// (verify/label_propagation.hpp); the randomized variant breaks ties by a seeded hash that no
// serial reference reproduces, so its check is skipped with a note.
#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "analytics.hpp"
#include "plexus/algorithms/lp/lp_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

namespace {

std::string_view variant_name(lp_variant v) {
  switch (v) {
    case lp_variant::synchronous: return "synchronous";
    case lp_variant::randomized: return "randomized";
    case lp_variant::cdlp: return "cdlp";
  }
  return "synchronous";
}

}  // namespace

analytics_run run_label_propagation(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  lp_result r = label_propagation(graph, options.lp);
  analytics_run run;
  run.seconds = r.seconds;
  run.iterations = r.iterations;

  const bool has_modularity = !std::isnan(r.modularity);
  const std::string modularity = has_modularity ? fmt::format("{:.6f}", r.modularity) : "n/a";
  run.lines.emplace_back("Iterations", fmt::format("{}", r.iterations));
  run.lines.emplace_back("Communities", fmt::format("{}", r.num_communities));
  run.lines.emplace_back("Modularity", modularity);
  run.lines.emplace_back("Last Changed", fmt::format("{}", r.last_changed));
  run.summary = fmt::format("{} communities, modularity {}", r.num_communities, modularity);
  // Each iteration reads every stored arc once.
  run.metric_name = "Edges/s";
  run.metric = run.seconds > 0 ? static_cast<double>(host.num_edges()) * r.iterations / run.seconds : 0.0;
  run.record = {{"iterations", r.iterations},
                {"communities", r.num_communities},
                {"variant", variant_name(options.lp.variant)}};
  if (has_modularity) run.record["modularity"] = r.modularity;

  if (options.validate) {
    switch (options.lp.variant) {
      case lp_variant::synchronous:
        run.verdict = verify::compare_labels(
            verify::reference_label_propagation(host, options.lp.max_iterations, options.lp.tolerance), r.label);
        break;
      case lp_variant::cdlp:
        run.verdict = verify::compare_labels(verify::reference_cdlp(host, options.lp.max_iterations), r.label);
        break;
      case lp_variant::randomized:
        run.validation_note = "no serial reference breaks ties as the randomized variant does";
        break;
    }
  }
  auto kept = std::make_shared<lp_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) { write_vertex_labels(path, host, kept->label); };
  return run;
}

}  // namespace plexus::cli
