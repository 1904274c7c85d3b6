#!/usr/bin/env python3
"""Counts the tests ctest reported as skipped, by the reason each test gave.

ctest's own summary says "100% tests passed" whether or not hundreds of tests were skipped;
scripts/test.sh prints this after it. The reasons come from ctest's JUnit report
(`ctest --output-junit FILE`), which holds every test's output:
  - a GoogleTest test that called GTEST_SKIP() printed `FILE:LINE: Skipped` and its message on
    the next lines (tests/common/skip_reasons.hpp words each cause one way);
  - a script test that exits with its SKIP_RETURN_CODE printed `SKIPPED: why`;
  - otherwise ctest's own word for the skip (`Disabled`, ...) is the reason.
Tests giving the same reason are counted together, largest count first.

Usage: skipped_tests.py JUNIT_FILE
Prints nothing when no test was skipped. Exits 0, or 2 when the report cannot be read.
"""

import collections
import sys
import xml.etree.ElementTree as ElementTree

# What follows a reason starting so in the summary: how to make those tests run.
ADVICE = {
    "datasets not found at ": "set -DPLEXUS_DATASETS_DIR=FOLDER to where they are "
                              "(README.md, \"Tests and datasets\")",
}


def reason_in_output(output):
    """The reason a skipped test printed, or None."""
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("SKIPPED: "):
            return line[len("SKIPPED: "):].strip()
        if line.endswith(": Skipped"):
            message = []
            for following in lines[i + 1:]:
                if not following.strip() or following.startswith("[  SKIPPED ]"):
                    break
                message.append(following.strip())
            return " ".join(message) or "GTEST_SKIP() without a message"
    return None


def skipped_reasons(junit_file):
    """(number of tests, Counter of reasons of the skipped ones) from ctest's JUnit report."""
    cases = ElementTree.parse(junit_file).getroot().iter("testcase")
    total = 0
    reasons = collections.Counter()
    for case in cases:
        total += 1
        skipped = case.find("skipped")
        if skipped is None:
            continue
        output = case.findtext("system-out") or ""
        reason = reason_in_output(output)
        if reason is None:
            reason = "skipped by ctest (" + (skipped.get("message") or "no reason given") + ")"
        reasons[reason] += 1
    return total, reasons


def summary(total, reasons):
    skipped = sum(reasons.values())
    if not skipped:
        return [f"No test of {total} was skipped."]
    lines = [f"Skipped {skipped} of {total} tests:"]
    for reason, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0])):
        advice = "".join(f": {text}" for prefix, text in ADVICE.items() if reason.startswith(prefix))
        lines.append(f"  {reason} ({count}){advice}")
    return lines


def main():
    if len(sys.argv) != 2:
        print("usage: skipped_tests.py JUNIT_FILE", file=sys.stderr)
        return 2
    try:
        total, reasons = skipped_reasons(sys.argv[1])
    except (OSError, ElementTree.ParseError) as e:
        print(f"skipped_tests.py: cannot read ctest's JUnit report {sys.argv[1]}: {e}", file=sys.stderr)
        return 2
    for line in summary(total, reasons):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
