// `plexus run hyper-lp`: hypergraph label propagation (De Caro et al., see hyper_lp.hpp) from
// random initial labels drawn with --seed, reported as iterations, communities and the
// vertices changed in the last iteration, plus the time per iteration of each phase and the
// bandwidth it achieved, by the byte count the result documents
// (hyper_label_propagation_result::edge_phase_bytes: the bytes the algorithm needs, 4 B per
// gathered label, not whole cache lines or sectors). A bench trial draws its initial labels
// with the bench's --seed. --validate compares labels and iteration count exactly with the
// serial reference (hyper_lp_verify.hpp). --out writes the vertex labels; hyperedge labels
// are not written.
#include <fmt/format.h>

#include <memory>

#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"
#include "plexus/cli/algorithm_command.hpp"
#include "plexus/io/result_writer.hpp"

namespace plexus::cli {
namespace {

class hyper_lp_command final : public algorithm_command {
 public:
  hyper_lp_command()
      : algorithm_command("hyper-lp", "Hypergraph label propagation: communities of vertices",
                          input_kind::hypergraph, 110) {}

  void add_run_options(CLI::App& run, load_settings&) override {
    run.add_option("--tolerance", options_.tolerance,
                   "Fraction of the vertices changed to stop at, in [0, 1] (default 1e-6)")
        ->check(CLI::Range(0.0, 1.0));
    run.add_option("--max-iter", options_.max_iterations, "Iteration limit (default 100)")
        ->check(CLI::NonNegativeNumber);
    run.add_option("--seed", options_.seed, "Seed of the initial labels (default 1)");
  }

  std::uint64_t working_bytes(const input_shape& shape, backend where) const override {
    // Vertex labels, next labels and hyperedge labels; GPUs also keep each vertex's winning
    // label and count, and the degree buckets' lists.
    const bool gpu = family_of(where) == backend_family::simt;
    return (gpu ? 24 : 8) * (shape.vertices + shape.hyperedges) + kSmallBuffers;
  }

  run_report run(const run_request& request) override {
    const device_hypergraph& graph = *request.hypergraph;
    const hypergraph& host = graph.host_hypergraph();
    hyper_label_propagation_options o;
    if (request.purpose == run_purpose::run) o = options_;
    if (request.purpose == run_purpose::bench) o.seed = request.seed;
    auto r = std::make_shared<hyper_label_propagation_result>(hyper_label_propagation(graph, o));
    run_report report = iterative_report(r->seconds, r->iterations);
    report.lines.emplace_back("Communities", fmt::format("{}", r->num_communities));
    report.lines.emplace_back("Last Changed", fmt::format("{}", r->changed_last));
    report.summary = fmt::format("{} communities after {} iterations", r->num_communities, r->iterations);
    // Phase bytes are per iteration; the phase times are summed over the iterations.
    const double iterations = r->iterations;
    const double edge_bytes = static_cast<double>(r->edge_phase_bytes) * iterations;
    const double vertex_bytes = static_cast<double>(r->vertex_phase_bytes) * iterations;
    const double per_iteration = iterations > 0 ? 1 / iterations : 0.0;
    report.figures = {
        {"Time/Iteration", "seconds_per_iteration", r->seconds * per_iteration, false},
        {"Edge Phase Time/Iteration", "edge_phase_seconds_per_iteration",
         r->edge_phase_seconds * per_iteration, false},
        {"Vertex Phase Time/Iteration", "vertex_phase_seconds_per_iteration",
         r->vertex_phase_seconds * per_iteration, false},
        {"Edge Phase GB/s", "edge_phase_gbytes_per_second",
         per_second(edge_bytes, r->edge_phase_seconds) / 1e9, true},
        {"Vertex Phase GB/s", "vertex_phase_gbytes_per_second",
         per_second(vertex_bytes, r->vertex_phase_seconds) / 1e9, true},
    };
    report.metric_name = "GB/s";
    report.bytes_moved =
        (r->edge_phase_bytes + r->vertex_phase_bytes) * static_cast<std::uint64_t>(r->iterations);
    report.metric = per_second(edge_bytes + vertex_bytes, r->seconds) / 1e9;
    report.record = {{"iterations", r->iterations},
                     {"communities", r->num_communities},
                     {"last_changed", r->changed_last},
                     {"seed", o.seed},
                     {"edge_phase_bytes", r->edge_phase_bytes},
                     {"vertex_phase_bytes", r->vertex_phase_bytes}};
    if (request.validate) {
      verify::hyper_label_propagation_options reference;
      reference.max_iterations = o.max_iterations;
      reference.tolerance = o.tolerance;
      reference.seed = o.seed;
      report.verdict = verify::hyper_label_propagation(host, reference, r->vertex_labels, r->hyperedge_labels,
                                                       r->iterations);
    }
    report.write = [&host, r](const std::filesystem::path& path) {
      io::write_vertex_labels(path, host, r->vertex_labels, "community");
    };
    return report;
  }

 private:
  hyper_label_propagation_options options_;
};

PLEXUS_REGISTER_ALGORITHM(hyper_lp_command);

}  // namespace
}  // namespace plexus::cli
