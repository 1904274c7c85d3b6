// `plexus run hyper-lp`: hypergraph label propagation (De Caro et al., see
// hyper_label_propagation.hpp) from random initial labels drawn with --seed, reported as
// iterations, communities and the vertices changed in the last iteration, plus the time per
// iteration of each phase and the bandwidth it achieved, by the byte count the result
// documents (hyper_label_propagation_result::edge_phase_bytes: the bytes the algorithm needs,
// 4 B per gathered label, not whole cache lines or sectors). --validate compares labels and
// iteration count exactly with the serial reference (verify/hyper_label_propagation.hpp).
// --out writes the vertex labels; hyperedge labels are not written.
#include <fmt/format.h>

#include <memory>

#include "analytics.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

namespace {

double per_second(double work, double seconds) {
  return seconds > 0 ? work / seconds : 0.0;
}

}  // namespace

analytics_run run_hyper_label_propagation(const device_hypergraph& graph, const analytics_options& options) {
  const hypergraph& host = graph.host_hypergraph();
  const hyper_label_propagation_options& o = options.hyper_lp;
  hyper_label_propagation_result r = hyper_label_propagation(graph, o);
  analytics_run run = iterative_run(r.seconds, r.iterations);
  run.lines.emplace_back("Communities", fmt::format("{}", r.num_communities));
  run.lines.emplace_back("Last Changed", fmt::format("{}", r.changed_last));
  run.summary = fmt::format("{} communities after {} iterations", r.num_communities, r.iterations);

  // Phase bytes are per iteration; the phase times are summed over the iterations.
  const double iterations = r.iterations;
  const double edge_bytes = static_cast<double>(r.edge_phase_bytes) * iterations;
  const double vertex_bytes = static_cast<double>(r.vertex_phase_bytes) * iterations;
  const double per_iteration = iterations > 0 ? 1 / iterations : 0.0;
  run.figures = {
      {"Time/Iteration", "seconds_per_iteration", r.seconds * per_iteration, false},
      {"Edge Phase Time/Iteration", "edge_phase_seconds_per_iteration", r.edge_phase_seconds * per_iteration,
       false},
      {"Vertex Phase Time/Iteration", "vertex_phase_seconds_per_iteration",
       r.vertex_phase_seconds * per_iteration, false},
      {"Edge Phase GB/s", "edge_phase_gbytes_per_second", per_second(edge_bytes, r.edge_phase_seconds) / 1e9,
       true},
      {"Vertex Phase GB/s", "vertex_phase_gbytes_per_second",
       per_second(vertex_bytes, r.vertex_phase_seconds) / 1e9, true},
  };
  run.metric_name = "GB/s";
  run.metric = per_second(edge_bytes + vertex_bytes, r.seconds) / 1e9;
  run.record = {{"iterations", r.iterations},
                {"communities", r.num_communities},
                {"last_changed", r.changed_last},
                {"seed", o.seed},
                {"edge_phase_bytes", r.edge_phase_bytes},
                {"vertex_phase_bytes", r.vertex_phase_bytes}};

  if (options.validate) {
    verify::hyper_label_propagation_options reference;
    reference.max_iterations = o.max_iterations;
    reference.tolerance = o.tolerance;
    reference.seed = o.seed;
    run.verdict =
        verify::hyper_label_propagation(host, reference, r.vertex_labels, r.hyperedge_labels, r.iterations);
  }
  auto kept = std::make_shared<hyper_label_propagation_result>(std::move(r));
  run.write = [&host, kept](const std::filesystem::path& path) {
    write_vertex_labels(path, host, kept->vertex_labels);
  };
  return run;
}

}  // namespace plexus::cli
