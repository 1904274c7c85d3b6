// How `plexus bench --engine` compares an engine's answer with the in-memory one
// (src/plexus/cli/run_answer.hpp). Correct engines never disagree, so no command can show the
// message; it is checked here, on a graph whose input ids are not its internal ids.
#include "plexus/cli/run_answer.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {
namespace {

TEST(answer_difference, names_the_vertex_by_its_input_id) {
  csr_arrays arcs;
  arcs.offsets = {0, 1, 2, 2};
  arcs.indices = {1, 2};
  const csr_graph graph(std::move(arcs), true, std::nullopt, {100, 200, 300});
  const std::vector<double> reference{0.5, 0.25, 0.25}, close{0.5, 0.25, 0.25 + 1e-12}, far{0.5, 0.25, 0.5};
  EXPECT_EQ(answer_difference(approximate_answer(close, 1e-6), approximate_answer(reference, 1e-6), graph),
            "");
  EXPECT_EQ(
      answer_difference(approximate_answer(far, 1e-6), approximate_answer(reference, 1e-6), graph),
      "differs from the in-memory answer by 1 relative at vertex 300 (0.5 against 0.25), more than 1e-06");
}

}  // namespace
}  // namespace plexus::cli
