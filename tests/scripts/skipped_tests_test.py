#!/usr/bin/env python3
"""scripts/skipped_tests.py on a sample of ctest's JUnit report (junit_sample.xml beside this
file): every skipped test is counted once under the reason it printed, tests that ran are not
counted, the datasets' reason says how to point the build at them, and a report with no skip
says so.

Usage: skipped_tests_test.py REPOSITORY
"""

import pathlib
import subprocess
import sys
import tempfile
import unittest

REPOSITORY = pathlib.Path(sys.argv.pop(1) if len(sys.argv) > 1 else ".")
SCRIPT = REPOSITORY / "scripts" / "skipped_tests.py"
SAMPLE = REPOSITORY / "tests" / "scripts" / "junit_sample.xml"


def summarise(junit_file):
    return subprocess.run([sys.executable, str(SCRIPT), str(junit_file)], capture_output=True, text=True)


class skipped_tests(unittest.TestCase):
    def test_counts_each_reason_once_largest_first(self):
        result = summarise(SAMPLE)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines(), [
            "Skipped 8 of 10 tests:",
            "  datasets not found at /home/user/shared/datasets (2): set -DPLEXUS_DATASETS_DIR=FOLDER to where "
            "they are (README.md, \"Tests and datasets\")",
            "  no CUDA device (2)",
            "  FileCheck not found (Debian: llvm-14-tools, scripts/setup.sh) (1)",
            "  a cuda device is present, so the message for a missing one cannot be seen (1)",
            "  hip back end not built (1)",
            "  skipped by ctest (Disabled) (1)",
        ])

    def test_says_so_when_nothing_was_skipped(self):
        with tempfile.NamedTemporaryFile("w", suffix=".xml") as report:
            report.write('<testsuite tests="1"><testcase name="a" status="run"><system-out>Skipped\n'
                         '</system-out></testcase></testsuite>')
            report.flush()
            result = summarise(report.name)
        self.assertEqual((result.returncode, result.stdout), (0, "No test of 1 was skipped.\n"), result.stderr)

    def test_an_unreadable_report_is_one_line_and_status_2(self):
        result = summarise(REPOSITORY / "no-such-report.xml")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn("no-such-report.xml", result.stderr)


if __name__ == "__main__":
    unittest.main()
