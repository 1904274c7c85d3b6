// The interpreter (interpreter.hpp) and the lowering on an else-if ladder of thousands of
// arms: it runs, is lowered and printed, arm after arm.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "dsl_test_support.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/emit_cpp.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/lower.hpp"
#include "suite_support.hpp"

namespace plexus::dsl {
namespace {

/// `text`, parsed and checked clean.
struct checked_text {
  test::parsed parsed;
  checked_program types;
  explicit checked_text(const std::string& text) : parsed(text, "t.sp") {
    types = check(parsed.tree, parsed.problems);
    EXPECT_FALSE(parsed.problems.has_errors()) << parsed.problems.render_all();
  }
  run_outputs run(const csr_graph& g, const run_inputs& inputs = {}) const {
    return interpret(parsed.tree, parsed.tree.functions.at(0).name, g, inputs);
  }
};

/// A ladder of `arms` arms testing `k`: arm i sets x to i, the final else to -1.
std::string ladder(int arms, const std::string& indent) {
  std::string text = indent + "if (k == 0) { x = 0; }";
  for (int i = 1; i < arms; ++i)
    text += " else if (k == " + std::to_string(i) + ") { x = " + std::to_string(i) + "; }";
  return text + " else { x = -1; }\n";
}

TEST(dsl_interpreter_errors, an_else_if_ladder_of_thousands_of_arms_runs_lowers_and_prints) {
  constexpr int kArms = 20000;
  const checked_text program("function f(Graph g, propNode<int> p, int k) {\n  int x = 0;\n" +
                             ladder(kArms, "  ") + "  forall (v in g.nodes()) {\n    int x = 0;\n" +
                             ladder(kArms, "    ") + "    v.p = x;\n  }\n  return x;\n}\n");
  const csr_graph g = ::plexus_test::tiny_graph(false);
  for (const std::int64_t k : {0, 1, kArms - 1, kArms}) {
    run_inputs in;
    in.scalars["k"] = scalar::of_int(k);
    const run_outputs out = program.run(g, in);
    const std::int64_t expected = k < kArms ? k : -1;
    EXPECT_EQ(out.returned->integer, expected);
    EXPECT_EQ(out.properties.at("p").values[5].integer, expected);
  }
  const std::vector<ir::function_ir> lowered{lower(program.parsed.tree.functions[0], program.parsed.file)};
  const std::string ir = ir::print(lowered[0]);
  EXPECT_NE(ir.find("\n  host_if\n    host scalar\n  else host_if\n    host scalar\n  else host_if\n"),
            std::string::npos)
      << ir.substr(0, 400);
  const std::string cpp = emit_cpp(program.parsed.tree, program.types, program.parsed.file, lowered);
  EXPECT_NE(cpp.find("  } else if ((k == 19999)) {\n"), std::string::npos);
  EXPECT_NE(cpp.find("      } else if ((k == 19999)) {\n"), std::string::npos);
}

}  // namespace
}  // namespace plexus::dsl
