"""What the Python generators of the adversarial suite share: running the real plexus binary on
one input, judging the outcome by the suite's rules (README.md, "What every case asserts"), and
printing a reproducer of every failing case.

An outcome passes when plexus
  - was not killed by a signal and finished within the time limit, and
  - either exited 0 (with --validate: printing "Verification: PASS" or "Verification: SKIPPED";
    with an output path: having written it), or exited 1 with exactly one line on standard
    error, starting "plexus: error: ", naming the input, with no raw control byte, or exited 2
    with such a line where the case allows a refusal of the command line (a directed graph
    given to an algorithm that needs an undirected one), and
  - left every input as it was and no other file behind (no temporary, no partial output).

A failing case prints one line "FAIL case: command: what happened", then once per case how to
recreate its files: the bytes as a printf string when they are short, and, when the environment
variable PLEXUS_ADVERSARIAL_KEEP names a folder, a copy of them there.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile

# Generous for inputs of a few hundred bytes, even under the sanitizers; a run past it is a hang.
COMMAND_SECONDS = 20
# Inputs up to this size are printed as a printf string in the reproducer.
PRINTED_BYTES = 2048
# Runs on inputs this small last milliseconds, and OpenMP threads that spin while they wait
# for work (libgomp's default) make each one several times longer on a busy machine: they
# wait passively here (the caller's setting wins).
RUN_ENVIRONMENT = dict(os.environ)
RUN_ENVIRONMENT.setdefault("OMP_WAIT_POLICY", "passive")
# scripts/sanitize.sh ends a process with this status when a sanitizer reports an error.
SANITIZER_STATUS = 86


def start(name, doc, counts=None):
    """Reads the command line every generator takes (the binary, --seed, --case, and an integer
    option per entry of counts: option name -> default); returns the arguments, the Suite and a
    random generator seeded with --seed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("plexus", help="the plexus binary")
    parser.add_argument("--seed", type=int, default=1, help="the seed every case is drawn from (default 1)")
    parser.add_argument("--case", default="", help="run only the cases whose name holds this text")
    for option, default in (counts or {}).items():
        parser.add_argument("--" + option, type=int, default=default, help="default %d" % default)
    args = parser.parse_args()
    return args, Suite(args.plexus, name), random.Random(args.seed)


class Outcome:
    def __init__(self, status, stdout, stderr, timed_out):
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out
        self.written = None  # what the command wrote to its output path


def shown(data, limit=300):
    """The first bytes of data on one line, control bytes escaped."""
    text = data[:limit].decode("latin-1")
    return "".join(c if " " <= c <= "~" else "\\x%02x" % ord(c) for c in text)


def printf_string(data):
    """A bash printf format that writes data exactly."""
    out = []
    for b in data:
        c = chr(b)
        if c == "\n":
            out.append("\\n")
        elif c in "\\'%" or not (" " <= c <= "~"):
            out.append("\\x%02x" % b)
        else:
            out.append(c)
    return "".join(out)


def error_line_problem(stderr, needles):
    """Why stderr is not exactly one clean "plexus: error:" line naming every needle; None when
    it is."""
    text = shown(stderr)
    if stderr.count(b"\n") != 1 or not stderr.endswith(b"\n"):
        return "stderr is not exactly one line: '%s'" % text
    if not stderr.startswith(b"plexus: error: "):
        return "stderr does not start with 'plexus: error: ': '%s'" % text
    if any(b < 0x20 or b == 0x7F or b == 0xFF for b in stderr[:-1]):
        return "stderr holds raw control bytes: '%s'" % text
    for needle in needles:
        if needle.encode() not in stderr:
            return "stderr does not name '%s': '%s'" % (needle, text)
    return None


def snapshot(folder):
    """Every file under folder with the SHA-256 of its content (a link or FIFO by its kind)."""
    state = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            key = os.path.relpath(path, folder)
            if os.path.islink(path):
                state[key] = "link"
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    state[key] = hashlib.sha256(f.read()).hexdigest()
            elif not os.path.isdir(path):
                state[key] = "special"
    return state


def write_files(folder, files):
    for path, data in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)


def sanitizer_report(stderr):
    """The line of a sanitizer's report that names the error."""
    for line in stderr.splitlines():
        if b"ERROR: " in line or b"runtime error:" in line:
            return shown(line)
    return shown(stderr)


def changes(before, after, allowed):
    """What changed between two snapshots, leaving out the allowed paths; None when nothing."""
    added = sorted(k for k in after if k not in before and k not in allowed)
    gone = sorted(k for k in before if k not in after and k not in allowed)
    changed = sorted(k for k in before if k in after and before[k] != after[k] and k not in allowed)
    temporaries = [k for k in added if ".tmp" in k]
    if temporaries:
        return "temporary files left behind: %s" % " ".join(temporaries)
    if added or gone or changed:
        return "files changed or left behind: added %s, removed %s, changed %s" % (added, gone, changed)
    return None


class Suite:
    """One generator's run: a work folder, the cases run in it, and the failures counted."""

    def __init__(self, plexus, name):
        self.plexus = os.path.abspath(plexus)
        if not os.access(self.plexus, os.X_OK):
            sys.exit("%s: %s is not an executable file" % (name, self.plexus))
        self.name = name
        self.work = tempfile.mkdtemp(prefix="plexus-%s." % name)
        self.keep = os.environ.get("PLEXUS_ADVERSARIAL_KEEP")
        self.cases = 0
        self.failed_cases = 0
        self.runs = 0
        self.failed_runs = 0

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def run(self, args, cwd, timeout=COMMAND_SECONDS):
        """plexus with args in cwd, standard input empty."""
        self.runs += 1
        try:
            done = subprocess.run([self.plexus] + args, cwd=cwd, env=RUN_ENVIRONMENT, timeout=timeout,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            return Outcome(done.returncode, done.stdout, done.stderr, False)
        except subprocess.TimeoutExpired as e:
            return Outcome(None, e.stdout or b"", e.stderr or b"", True)

    def case(self, name, files):
        """A case: its files written into a fresh folder (names may hold one subfolder)."""
        return Case(self, name, files)

    def finish(self):
        """Prints the summary and returns the exit status: 1 when a case failed."""
        self.close()
        print("%s: %d runs of %d cases, %d runs failed in %d cases" %
              (self.name, self.runs, self.cases, self.failed_runs, self.failed_cases))
        return 1 if self.failed_cases else 0


class Case:
    def __init__(self, suite, name, files):
        self.suite = suite
        self.name = name
        self.files = files
        self.folder = os.path.join(suite.work, "case")
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        write_files(self.folder, files)
        self.reproduced = False
        self.failed = False
        suite.cases += 1

    def add_file(self, path, data):
        """One more input of the case, in its reproducer too."""
        self.files[path] = data
        write_files(self.folder, {path: data})

    def check(self, args, input_name, output=None, usage_errors=()):
        """Runs plexus args and judges the outcome (module comment). input_name must appear in an
        error line; output is the path the command writes on success, removed afterwards (its
        bytes are kept in outcome.written); usage_errors are texts that make an exit status 2
        acceptable when the error line holds one."""
        before = snapshot(self.folder)
        outcome = self.suite.run(args, self.folder)
        problem = self.judge(outcome, args, input_name, output, usage_errors)
        after = snapshot(self.folder)
        if problem is None:
            problem = changes(before, after, {output} if output and outcome.status == 0 else set())
        if output:
            path = os.path.join(self.folder, output)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    outcome.written = f.read()
            if os.path.lexists(path):
                os.remove(path)
        if problem is not None:
            self.fail(args, problem)
        return outcome

    def judge(self, outcome, args, input_name, output, usage_errors):
        if outcome.timed_out:
            return "did not finish in %d s (stderr: '%s')" % (COMMAND_SECONDS, shown(outcome.stderr))
        if outcome.status < 0:
            name = signal.Signals(-outcome.status).name
            return "killed by %s (stderr: '%s')" % (name, shown(outcome.stderr))
        if outcome.status == SANITIZER_STATUS:
            return "sanitizer report: %s" % sanitizer_report(outcome.stderr)
        if outcome.status == 0:
            if outcome.stderr:
                return "exit status 0 with stderr '%s'" % shown(outcome.stderr)
            if "--validate" in args and not any(
                    re.match(rb"Verification: +(PASS|SKIPPED)", line) for line in outcome.stdout.splitlines()):
                return "exit status 0 without 'Verification: PASS' (stdout: '%s')" % shown(
                    outcome.stdout[-300:])
            if output and not os.path.exists(os.path.join(self.folder, output)):
                return "exit status 0 but %s was not written" % output
            return None
        if outcome.status == 1:
            for line in outcome.stdout.splitlines():
                if re.match(rb"Verification: +FAIL", line):
                    return "accepted the input, then %s" % shown(line)
            return error_line_problem(outcome.stderr, [input_name])
        if outcome.status == 2 and any(text.encode() in outcome.stderr for text in usage_errors):
            return error_line_problem(outcome.stderr, [])
        return "exit status %d (stderr: '%s')" % (outcome.status, shown(outcome.stderr))

    def fail(self, args, problem):
        suite = self.suite
        suite.failed_runs += 1
        if not self.failed:
            suite.failed_cases += 1
            self.failed = True
        print("FAIL %s: plexus %s: %s" % (self.name, " ".join(args), problem))
        if not self.reproduced:
            self.reproduced = True
            self.print_reproducer()
        sys.stdout.flush()

    def print_reproducer(self):
        for path, data in sorted(self.files.items()):
            if len(data) <= PRINTED_BYTES:
                folder = os.path.dirname(path)
                prefix = "mkdir -p %s && " % folder if folder else ""
                print("  reproduce (bash): %sprintf '%s' > %s" % (prefix, printf_string(data), path))
            else:
                print("  reproduce: %s is %d bytes, too long to print; set PLEXUS_ADVERSARIAL_KEEP to keep it"
                      % (path, len(data)))
        if self.suite.keep:
            kept = os.path.join(self.suite.keep, self.name)
            shutil.rmtree(kept, ignore_errors=True)
            write_files(kept, self.files)
            print("  kept in %s" % kept)
