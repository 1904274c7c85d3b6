#!/usr/bin/python3
"""Random DSL programs, grown from the grammar of docs/dsl.md and bent out of shape, through
`plexus dsl check`, `plexus dsl run` (on a small weighted graph written here) and
`plexus dsl compile`.

    dsl_programs.py PLEXUS [--seed N] [--programs N] [--compiled N]

The programs hold what breaks compilers and interpreters: nodes past the last vertex, -1 and
INF read, written and walked from; integer overflow, INT_MIN / -1, division and remainder by 0,
huge floats stored in ints; expressions and statements nested past the parser's limit, chains
of thousands of operators, else-if ladders of thousands of arms; lines of megabytes; control
bytes and bytes that are not UTF-8; and command lines that give parameters twice, sets with a
vertex twice, values for outputs. Every command must
  - end by itself (no signal, status below 128) within COMMAND_SECONDS,
  - succeed (status 0, nothing on standard error), or print well-formed diagnostics and an
    error count line (status 1), or exactly one line "plexus: error: ..." (status 1, or 2 for a
    wrong command line, which ends with "see 'plexus ... --help'"), with no raw control byte,
  - leave no file behind but the output it was asked for, and that one only on success.
Then --compiled programs (default 2) of kernels that index by nodes they compute, in and
outside the graph, run by the interpreter and compiled for the host (`dsl run --device host`,
one build per program): both must be judged as above and agree, the same error line, or
success with the same values.
The same seed gives the same programs; a failure prints the program's seed and number, the
command, and what went wrong, and keeps the program in $PLEXUS_ADVERSARIAL_KEEP when it is set.
Standard library only, so that /usr/bin/python3 runs it anywhere.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

COMMAND_SECONDS = 30
# A compiled run builds its program first (seconds; minutes under the sanitizers), with a C++
# compiler whose memory is not the program's.
COMPILED_COMMAND_SECONDS = 600
# Generous bounds on what one command may print or hold whatever the program is: 20
# diagnostics of a few hundred bytes each, and the program's text with the interpreter's state.
MOST_STDERR_BYTES = 64 * 1024
MOST_RSS_KIB = 768 * 1024

# The graph every run uses: 8 vertices, ids 0..7 in the file, float weights (0.5 is no int).
GRAPH_TEXT = "".join(f"{u} {v} {w}\n" for u, v, w in [
    (0, 1, 0.5), (1, 2, 2.0), (2, 3, 1.0), (3, 0, 4.0), (1, 4, 0.25), (4, 5, 3.0), (5, 6, 1.5), (6, 7, 2.0),
    (7, 4, 1.0), (2, 6, 6.0)])
VERTICES = 8


# ---- programs -------------------------------------------------------------------------------

class program_writer:
    """One random program: parameters, locals and statements of one or two functions, mostly
    well typed (so that they reach the interpreter), with values that leave the graph."""

    def __init__(self, rng):
        self.rng = rng
        self.ints = ["k"]
        self.nodes = ["src"]  # node variables: what `.out` may follow
        self.floats = []
        self.bools = []
        self.counter = 0
        self.depth = 0

    def pick(self, *choices):
        return self.rng.choice(choices)

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    # -- expressions --
    def node(self):
        """A node variable: it may hold any of node_value()'s values."""
        return self.rng.choice(self.nodes)

    def node_value(self):
        """A value a node is given, a vertex or not."""
        r = self.rng.random()
        if r < 0.35:
            return self.node()
        if r < 0.55:
            return str(self.rng.choice([0, 1, 3, VERTICES - 1]))
        return self.pick("g.num_nodes()", "-1", "INF", "-INF", "src + 100", "g.num_nodes() - 1", "k",
                         "2147483647", "4294967295", "9223372036854775807", "-9223372036854775807", "1e300")

    def integer(self, depth=0):
        r = self.rng.random()
        if depth > 3 or r < 0.3:
            return self.pick("0", "1", "-1", "7", "2147483647", "-2147483647", "9223372036854775807",
                             "-9223372036854775807", *self.ints)
        if r < 0.55:
            op = self.pick("+", "-", "*", "/", "%")
            return f"({self.integer(depth + 1)} {op} {self.integer(depth + 1)})"
        if r < 0.65:
            return f"-{self.integer(depth + 1)}"
        if r < 0.75:
            return f"{self.node()}.out"
        if r < 0.82:
            return f"g.count_outNbrs({self.node_value()})"
        if r < 0.87:
            return "g.num_nodes()"
        if r < 0.92 and self.floats:
            return self.rng.choice(self.floats)
        return self.pick("(-9223372036854775807 - 1) / -1", "(-9223372036854775807 - 1) % -1", "k / 0", "k % 0",
                         "2147483647 + 1", "9223372036854775807 * 3")

    def floating(self):
        return self.pick("0.5", "1e300", "-1e300", "1e-300", "3.", *self.floats, self.integer(2))

    def boolean(self, depth=0):
        r = self.rng.random()
        if depth > 2 or r < 0.2:
            return self.pick("True", "False", *self.bools)
        if r < 0.6:
            return f"{self.integer(depth + 1)} {self.pick('<', '>', '<=', '>=', '==', '!=')} {self.integer(depth + 1)}"
        if r < 0.75:
            return f"!({self.boolean(depth + 1)})"
        if r < 0.85:
            return f"g.is_an_edge({self.node_value()}, {self.node_value()})"
        return f"({self.boolean(depth + 1)} {self.pick('&&', '||')} {self.boolean(depth + 1)})"

    # -- statements --
    def block(self, count):
        """`count` statements in a block of their own: what they declare is not seen after it."""
        names = [list(self.ints), list(self.nodes), list(self.floats), list(self.bools)]
        text = "".join(self.statement() for _ in range(count))
        self.ints, self.nodes, self.floats, self.bools = names
        return text

    def statement(self):
        self.depth += 1
        try:
            return self.statement_kind()
        finally:
            self.depth -= 1

    def statement_kind(self):
        r = self.rng.random()
        nested = self.depth < 3
        if r < 0.12:
            name = self.fresh("i")
            self.ints.append(name)
            return f"int {name} = {self.integer()};\n"
        if r < 0.17:
            name = self.fresh("n")
            text = f"node {name} = {self.node_value()};\n"
            self.nodes.append(name)
            return text
        if r < 0.21:
            name = self.fresh("f")
            self.floats.append(name)
            return f"float {name} = {self.floating()};\n"
        if r < 0.24:
            name = self.fresh("b")
            self.bools.append(name)
            return f"bool {name} = {self.boolean()};\n"
        if r < 0.36:
            return f"{self.node()}.out = {self.integer()};\n"
        if r < 0.42:
            name = self.fresh("l")
            return f"long {name} = {self.integer()};\n{name} {self.pick('+=', '-=', '*=', '/=')} {self.integer()};\n"
        if r < 0.50 and nested:
            arms = self.rng.choice([1, 2, 3, 40])
            text = f"if ({self.boolean()}) {{\n{self.block(1)}}}"
            for _ in range(arms - 1):
                text += f" else if ({self.boolean()}) {{\n{self.block(1)}}}"
            if self.rng.random() < 0.5:
                text += f" else {{\n{self.block(1)}}}"
            return text + "\n"
        if r < 0.57 and nested:
            v = self.fresh("v")
            domain = self.pick("g.neighbors", "g.nodes_to")
            head = f"for ({v} in {domain}({self.node_value()})) {{\n"
            self.nodes.append(v)
            try:
                return head + f"{self.block(2)}}}\n"
            finally:
                self.nodes.remove(v)
        if r < 0.62 and nested:
            v = self.fresh("v")
            return f"forall ({v} in g.nodes()) {{\n{v}.out = {v}.out + {self.pick('1', 'k', '2147483647')};\n}}\n"
        if r < 0.67 and nested:
            i = self.fresh("c")
            return f"int {i} = 0;\nwhile ({i} < 3) {{\n{self.block(1)}{i}++;\n}}\n"
        if r < 0.71 and nested and self.depth == 1:
            v = self.fresh("v")
            return f"iterateInBFS ({v} in g.nodes() from {self.node()}) {{\n{v}.out = 1;\n}}\n"
        if r < 0.75:
            return f"g.attachNodeProperty(out = {self.integer()});\n"
        if r < 0.78:
            return f"edge {self.fresh('e')} = g.get_edge({self.node_value()}, {self.node_value()});\n"
        if r < 0.81:
            return f"{self.pick('k')} = {self.integer()};\n"
        if r < 0.84:
            return f"int {self.fresh('q')} = {self.floating()};\n"
        return f"{self.node()}.out = {self.node()}.out {self.pick('+', '/', '%')} {self.integer()};\n"

    def function(self, name):
        body = ""
        for value in ("g.num_nodes()", "-1", "INF"):
            if self.rng.random() < 0.4:
                body += f"node {self.fresh('bad')} = {value};\n"
                self.nodes.append(f"bad{self.counter}")
        body += "".join(self.statement() for _ in range(self.rng.randint(1, 8)))
        if self.rng.random() < 0.3:
            body += f"return {self.integer()};\n"
        return f"function {name}(Graph g, propNode<int> out, node src, int k) {{\n{body}}}\n"


def deep_program(rng):
    """Syntax trees deeper than any stage may recurse, or ladders longer than any."""
    n = rng.choice([250, 3000, 20000])
    kind = rng.randrange(8)
    if kind == 0:
        body = "int x = " + "+".join(["1"] * n) + ";\n"
    elif kind == 1:
        body = "int x = " + "- " * n + "k;\n"
    elif kind == 2:
        body = "bool b = " + "!" * n + "True;\n"
    elif kind == 3:
        body = "if (k > 0) " * n + "k = 1;\n"
    elif kind == 4:
        body = "int x = " + "(" * n + "1" + ")" * n + ";\n"
    elif kind == 5:
        body = "int x = g" + ".a" * n + ";\n"
    elif kind == 6:
        body = "int x = 0;\nif (k == 0) { x = 0; }" + "".join(f" else if (k == {i}) {{ x = {i}; }}" for i in range(1, n)) + \
            " else { x = -1; }\nreturn x;\n"
    else:
        body = "int x = " + "Min(1, " * n + "1" + ")" * n + ";\n"
    return f"function deep(Graph g, propNode<int> out, node src, int k) {{\n{body}}}\n"


def long_line(rng):
    """A line of megabytes: garbage tokens, a long expression, a long name or number."""
    size = rng.choice([100_000, 2_000_000])
    kind = rng.randrange(4)
    if kind == 0:
        # Latin-1 code points stand for bytes: é and U+2028 in UTF-8, and bytes that are none.
        pieces = ["@", "$", "x", "1", "+", "(", "{", ";", "if", "\x01", "\x7f", "\xff", "\xc3\xa9", "\xe2\x80\xa8"]
        line = " ".join(rng.choice(pieces) for _ in range(size // 3))
    elif kind == 1:
        line = "int x = " + "k+" * (size // 2) + "k;"
    elif kind == 2:
        line = "int " + "a" * size + " = 1;"
    else:
        line = "int x = " + "9" * size + ";"
    return f"function f(Graph g, propNode<int> out, node src, int k) {{\n{line}\n}}\n"


def mutated(rng, text):
    """`text` with a few random bytes changed: a control byte, a byte that is no UTF-8, a
    character deleted or doubled."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        r = rng.random()
        if r < 0.3:
            text = text[:at] + rng.choice(["\x00", "\x01", "\x1b[31m", "\t", "\r", "\x7f", "\xff\xfe", "\xe9", "\xc3\xa9"]) + text[at:]
        elif r < 0.6:
            text = text[:at] + text[at + 1:]
        elif r < 0.8:
            text = text[:at] + text[at:at + 1] * 2 + text[at:]
        else:
            text = text[:at] + rng.choice(["}", "{", "(", ";", "else", "<", ">", "=", "/*", "//"]) + text[at:]
    return text


def make_program(rng):
    """The text of one program (latin-1 code points stand for raw bytes) and how it was made."""
    r = rng.random()
    if r < 0.08:
        return deep_program(rng), "deep"
    if r < 0.11:
        return long_line(rng), "long line"
    if r < 0.13:
        return rng.choice(["", "   \n\t\n", "// only a comment\n", "/* never closed"]), "empty"
    writer = program_writer(rng)
    text = writer.function("f")
    if rng.random() < 0.1:
        text += program_writer(rng).function("h")
    if rng.random() < 0.3:
        return mutated(rng, text), "mutated"
    return text, "grown"


def kernel_case(rng):
    """One parallel loop that indexes by a node w it computes, once; w may be outside the
    graph. Every lane that fails fails with a node no smaller than the lanes before it, so
    that the node the compiled code reports (the least of them) is the one the interpreter
    meets first; and w is never negative as a node, which a compiled node (32 bits, unsigned)
    cannot hold."""
    c = rng.choice([0, 2, 5, VERTICES, VERTICES + 3, 2147483647])
    beyond = rng.choice([VERTICES, VERTICES + 3, 1000])
    form = rng.randrange(3)
    if form == 2:
        # A BFS level's lanes are not in id order: w is the same for every lane, or fails at the
        # source.
        value = rng.choice([f"src + {c}", "g.num_nodes()", f"v + {beyond}", "v.nowhere"])
    else:
        value = rng.choice([f"v + {c}", f"src + {c}", "v.nowhere", "g.num_nodes()", f"v * 2 + {c}"])
    uses = ["w.out = 1;\n", "w.out += 1;\n", "int y = w.other;\nv.out = y;\n", "v.out = g.count_outNbrs(w);\n",
            "if (g.is_an_edge(v, w)) {\nv.out = 1;\n}\n",
            "int i = 0;\nwhile (i < 3 && w.other == 7) {\ni = i + 1;\n}\nv.out = i;\n"]
    if form != 2:
        # Inside a BFS body a loop over neighbours takes only the lane's children.
        uses.append("for (u in g.neighbors(w)) {\nv.out = v.out + 1;\n}\n")
    body = f"node w = {value};\n{rng.choice(uses)}"
    if rng.random() < 0.15:
        offset = beyond if form == 2 else c
        body = f"v.out = g.count_outNbrs({rng.choice(['-1', f'v + {offset}', 'g.num_nodes()'])});\n"
    if form == 0:
        return f"forall (v in g.nodes()) {{\n{body}}}\n"
    if form == 1:
        return f"forall (v in g.nodes()) {{\nfor (x in g.neighbors(v)) {{\n{body}}}\n}}\n"
    return f"iterateInBFS (v in g.nodes() from src) {{\n{body}}}\n"


def kernel_program(rng, cases):
    """A function running kernel_case number k (1..cases) for its parameter k; k = 0 runs none."""
    body = "propNode<node> nowhere;\npropNode<int> other;\ng.attachNodeProperty(out = 0, nowhere = INF, other = 7);\n"
    for k in range(1, cases + 1):
        body += f"if (k == {k}) {{\n{kernel_case(rng)}}}\n"
    return f"function f(Graph g, propNode<int> out, node src, int k) {{\n{body}}}\n"


def run_arguments(rng, text):
    """What `dsl run` is given: mostly fitting values, at times a wrong command line."""
    args = []
    if "function h(" in text and rng.random() < 0.8:
        args += ["--function", rng.choice(["f", "h"])]
    r = rng.random()
    src = str(rng.randrange(VERTICES)) if r < 0.85 else rng.choice(["8", "-1", "99999999999999999999", "x"])
    args += ["--arg", f"src={src}"]
    k = rng.choice(["0", "1", "7", "-1", "2147483647", "9223372036854775807"]) if r < 0.9 else rng.choice(
        ["99999999999999999999", "1.5", ""])
    args += ["--arg", f"k={k}"]
    r = rng.random()
    if r < 0.05:
        args += ["--arg", "k=3"]  # twice
    elif r < 0.1:
        args += ["--arg", "out=1"]  # an output
    elif r < 0.13:
        args += ["--arg", "g=1"]  # the graph
    elif r < 0.16:
        args += ["--set", "out=1,1"]  # not a set
    return args


# ---- running and judging --------------------------------------------------------------------

HEADLINE = re.compile(r"^(.*):(\d+):(\d+): (error|warning): (.+)$")
CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]")


def run(command, folder, seconds=COMMAND_SECONDS, environment=None):
    """Runs `command` in `folder`; returns (status, stdout, stderr, timed out, max RSS KiB)."""
    with open(os.path.join(folder, ".stdout"), "wb") as out, open(os.path.join(folder, ".stderr"), "wb") as err:
        child = subprocess.Popen(command, cwd=folder, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 env=environment)
        deadline = time.monotonic() + seconds
        timed_out = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid != 0:
                break
            if time.monotonic() > deadline:
                child.kill()
                timed_out = True
            time.sleep(0.002)
        child.returncode = os.waitstatus_to_exitcode(status)
    with open(os.path.join(folder, ".stdout"), "rb") as out, open(os.path.join(folder, ".stderr"), "rb") as err:
        stdout, stderr = out.read(), err.read()
    os.remove(os.path.join(folder, ".stdout"))
    os.remove(os.path.join(folder, ".stderr"))
    return child.returncode, stdout, stderr, timed_out, usage.ru_maxrss


def judge_diagnostics(lines, program_name):
    """What is wrong with stderr lines that should be diagnostics and a count line, or None."""
    errors = 0
    i = 0
    stopped = False
    while i < len(lines) - 1:
        line = lines[i]
        if line == f"{program_name}: too many errors; stopping":
            stopped = True
            i += 1
            continue
        match = HEADLINE.match(line)
        if not match or match.group(1) != program_name:
            return f"not a diagnostic: {line[:200]!r}"
        if match.group(4) == "error":
            errors += 1
        if i + 2 >= len(lines) or not lines[i + 1].startswith("    ") or not lines[i + 2].startswith("    "):
            return f"a diagnostic without its line and caret: {line[:200]!r}"
        caret = lines[i + 2].strip(" \t")
        if not re.fullmatch(r"\^~*", caret):
            return f"no caret under {line[:200]!r}: {lines[i + 2][:200]!r}"
        if len(lines[i + 1]) > 200 * 4 + 20:
            return f"a source line of {len(lines[i + 1])} bytes under {line[:200]!r}"
        i += 3
    count = lines[-1]
    want = f"{program_name}: more than 20 errors" if stopped else \
        f"{program_name}: {errors} error{'' if errors == 1 else 's'}"
    if count != want:
        return f"count line {count[:200]!r}, expected {want!r}"
    if errors == 0 or errors > 20 or (stopped and errors != 20):
        return f"{errors} errors reported{' before stopping' if stopped else ''}"
    return None


def judge(status, stdout, stderr, timed_out, rss, program_name):
    """What is wrong with one command's outcome, or None (rss None: not judged)."""
    if timed_out:
        return "still running after its time limit"
    if status < 0 or status >= 128:
        return f"killed by signal {-status if status < 0 else status - 128}"
    if rss is not None and rss > MOST_RSS_KIB:
        return f"held {rss // 1024} MiB"
    if len(stderr) > MOST_STDERR_BYTES:
        return f"{len(stderr)} bytes on standard error"
    if CONTROL.search(stderr):
        return f"a raw control byte on standard error: {stderr[:300]!r}"
    text = stderr.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if status == 0:
        return f"status 0 with standard error {text[:300]!r}" if text else None
    if status not in (1, 2):
        return f"status {status}"
    if len(lines) == 1 and lines[0].startswith("plexus: error: "):
        usage = re.search(r"; see 'plexus [a-z ]+--help'$", lines[0]) is not None
        if usage != (status == 2):
            return f"status {status} with {lines[0][:300]!r}"
        return None
    if any(line.startswith("plexus: error:") for line in lines):
        return f"'plexus: error:' among other lines: {text[:300]!r}"
    if status != 1 or not lines:
        return f"status {status} with standard error {text[:300]!r}"
    return judge_diagnostics(lines, program_name)


def files_in(folder):
    return sorted(name for name in os.listdir(folder))


def report_failure(number, how, seed, command, problem, text, folder, program_name, keep):
    """Prints one failing command with its program, and keeps the program under `keep`."""
    shown = " ".join(["plexus"] + command[1:])
    print(f"FAIL program {number} ({how}, seed {seed}): {shown}: {problem}")
    if len(text) < 2000:
        print(f"  program: {text!r}")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(os.path.join(folder, program_name), os.path.join(keep, f"program-{number}.sp"))


def compiled_programs(plexus, options, folder, program_name, keep):
    """The kernel programs through the interpreter and compiled for the host; the failures."""
    failures = 0
    with tempfile.TemporaryDirectory(prefix="plexus-dsl-cache-") as cache:
        environment = dict(os.environ, PLEXUS_CACHE_DIR=cache)
        for number in range(options.compiled):
            rng = random.Random(f"{options.seed}:compiled:{number}")
            cases = 6
            text = kernel_program(rng, cases)
            with open(os.path.join(folder, program_name), "w") as program:
                program.write(text)
            before = files_in(folder)
            for k in range(cases + 1):
                src = str(rng.randrange(VERTICES))
                outcomes = []
                for device, output in (([], "interpreted.tsv"), (["--device", "host"], "compiled.tsv")):
                    command = [plexus, "dsl", "run", program_name, "graph.wel", "--arg", f"src={src}", "--arg",
                               f"k={k}", "--out", output, *device]
                    status, stdout, stderr, timed_out, _ = run(command, folder, COMPILED_COMMAND_SECONDS, environment)
                    problem = judge(status, stdout, stderr, timed_out, None, program_name)
                    path = os.path.join(folder, output)
                    values = None
                    if os.path.exists(path):
                        with open(path, "rb") as written:
                            values = written.read()
                        os.remove(path)
                    if problem is None and (values is not None) != (status == 0):
                        problem = f"status {status}, and {output} was {'' if values is not None else 'not '}written"
                    if problem is None and files_in(folder) != before:
                        problem = f"left {sorted(set(files_in(folder)) - set(before))} behind"
                    outcomes.append((command, status, stderr, values, problem))
                (_, status_i, stderr_i, values_i, _), (command, status_c, stderr_c, values_c, problem) = outcomes
                problem = outcomes[0][4] or problem
                if problem is None and (status_c, stderr_c) != (status_i, stderr_i):
                    problem = (f"status {status_c}, {stderr_c[:300]!r}; the interpreter's status {status_i}, "
                               f"{stderr_i[:300]!r}")
                if problem is None and values_c != values_i:
                    problem = "values unlike the interpreter's"
                if problem is not None:
                    failures += 1
                    report_failure(number, "compiled", options.seed, command, problem, text, folder, program_name, keep)
                for name in set(files_in(folder)) - set(before):
                    path = os.path.join(folder, name)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("plexus")
    parser.add_argument("--seed", type=int, default=1)
    # PLEXUS_ADVERSARIAL_PROGRAMS and PLEXUS_ADVERSARIAL_COMPILED set the defaults:
    # scripts/sanitize.sh runs fewer programs and compiles none, as every run is several times
    # slower under the sanitizers and a program compiled there takes minutes.
    parser.add_argument("--programs", type=int, default=int(os.environ.get("PLEXUS_ADVERSARIAL_PROGRAMS", "300")))
    parser.add_argument("--compiled", type=int, default=int(os.environ.get("PLEXUS_ADVERSARIAL_COMPILED", "2")))
    options = parser.parse_args()
    plexus = os.path.abspath(options.plexus)
    keep = os.environ.get("PLEXUS_ADVERSARIAL_KEEP")
    failures = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="plexus-dsl-programs-") as folder:
        with open(os.path.join(folder, "graph.wel"), "w") as graph:
            graph.write(GRAPH_TEXT)
        program_name = "prog.sp"
        for number in range(options.programs):
            rng = random.Random(f"{options.seed}:{number}")
            text, how = make_program(rng)
            with open(os.path.join(folder, program_name), "wb") as program:
                program.write(text.encode("latin-1"))
            before = files_in(folder)
            commands = [
                ([plexus, "dsl", "check", program_name], None),
                ([plexus, "dsl", "run", program_name, "graph.wel", *run_arguments(rng, text),
                  *(["--out", "values.tsv"] if rng.random() < 0.5 else [])], "values.tsv"),
                ([plexus, "dsl", "compile", program_name, "-o", "program.hpp"], "program.hpp"),
            ]
            for command, output in commands:
                status, stdout, stderr, timed_out, rss = run(command, folder)
                problem = judge(status, stdout, stderr, timed_out, rss, program_name)
                written = output is not None and output in command and os.path.exists(os.path.join(folder, output))
                if problem is None and written and status != 0:
                    problem = f"status {status}, and {output} was written"
                if problem is None and output in command and status == 0 and not written:
                    problem = f"status 0, and {output} was not written"
                if written:
                    os.remove(os.path.join(folder, output))
                if problem is None and files_in(folder) != before:
                    problem = f"left {sorted(set(files_in(folder)) - set(before))} behind"
                if problem is not None:
                    failures += 1
                    report_failure(number, how, options.seed, command, problem, text, folder, program_name, keep)
                    for name in set(files_in(folder)) - set(before):
                        path = os.path.join(folder, name)
                        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        failures += compiled_programs(plexus, options, folder, program_name, keep)
    seconds = time.monotonic() - started
    commands = 3 * options.programs + 2 * 7 * options.compiled
    print(f"{options.programs} programs and {options.compiled} compiled, {commands} commands, {failures} failures, "
          f"{seconds:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
