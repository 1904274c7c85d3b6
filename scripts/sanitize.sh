#!/usr/bin/env bash
# Runs the tests that feed Plexus what an attacker or a careless user would under
# AddressSanitizer and UndefinedBehaviorSanitizer, in the instrumented build the fuzzers use
# (scripts/sanitized_build.sh): the adversarial suite (tests/adversarial/: crafted inputs,
# options and outputs through every command, crafted .plx structures through every algorithm,
# random DSL programs through the interpreter) and the GoogleTest programs of the readers and
# writers, the core and the graph builders. A sanitizer's report fails the test that hit it:
# AddressSanitizer ends the process, and -fno-sanitize-recover makes UBSan do the same.
#
# The algorithms' and the DSL's own test programs are left out: each compiles and runs for many
# minutes under the sanitizers on two cores, and the adversarial suite already runs every
# algorithm on the host over crafted graphs and the DSL's interpreter over random programs (the
# DSL's parser is fuzzed in this build too). Also left out, each several minutes under the
# sanitizers:
# - the DSL programs adversarial.dsl_programs compiles for the host
#   (PLEXUS_ADVERSARIAL_COMPILED=0): each is a C++ build of minutes under the sanitizers; the
#   normal build runs them; and 60 of its 300 random programs (PLEXUS_ADVERSARIAL_PROGRAMS);
# - adversarial.text_mutations: scripts/fuzz.sh fuzzes every reader in this same build, and the
#   inputs that parse are small valid graphs like those the other cases run;
# - adversarial.networkx_differential: valid random graphs, whose worth is the comparison with
#   NetworkX, made in the normal build.
# Usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitized_build.sh
programs=(plexus_io_tests plexus_core_tests plexus_graph_tests)
sanitized_build plexus_cli "${programs[@]}"

# Leaks are not checked: OpenMP's runtime keeps its thread pools alive on purpose. An allocation
# too large for the sanitizer's allocator throws std::bad_alloc, as it does without it, since
# Plexus turns that into its out-of-memory error. Exit code 86 tells a sanitizer's report from
# plexus's own failures (1, 2) in the adversarial suite's output.
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:strict_string_checks=1:exitcode=86
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86
# AddressSanitizer's frames are several times larger than the optimised build's: the DSL's
# deepest accepted program (200 levels, its copies of the syntax tree recursive) needs more
# than the default 8 MiB of stack under it, which the optimised build runs them within.
ulimit -s 65536

failed=0
for program in "${programs[@]}"; do
  echo "sanitize: $program"
  if ! "$sanitized_build_dir/tests/$program" --gtest_brief=1 >"$sanitized_build_dir/$program.log" 2>&1; then
    echo "sanitize: $program FAILED; last lines of $sanitized_build_dir/$program.log:"
    tail -n 60 "$sanitized_build_dir/$program.log"
    failed=1
  fi
done
excluded='^adversarial\.(text_mutations|networkx_differential)$'
PLEXUS_ADVERSARIAL_PROGRAMS=60 PLEXUS_ADVERSARIAL_COMPILED=0 ctest --test-dir "$sanitized_build_dir" -R '^adversarial\.' -E "$excluded" \
  --output-on-failure --parallel "$(nproc)" --timeout 1800 || failed=1
exit "$failed"
