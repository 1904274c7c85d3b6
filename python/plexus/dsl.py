"""The graph DSL from Python: check a program's text, and run one of its functions on a graph
with the DSL's interpreter (the reference semantics that the command line's compiled runs are
tested against; see docs/dsl.md).

    import plexus, plexus.dsl
    g = plexus.Graph.from_edges([0, 1, 2], [1, 2, 3])
    run = plexus.dsl.run(open("dsl/examples/bfs.sp").read(), g, src=0)
    run.properties["level"]        # one value per vertex

Vertices are numbered as everywhere in the package (0 .. num_vertices - 1; ``g.labels`` gives
the input's ids); a node parameter takes a vertex number, a SetN parameter an iterable of them,
and a node property comes back as an array (a node-valued one with -1 where the program left
INF, the DSL's "none")."""

from dataclasses import dataclass, field

from plexus import _plexus
from plexus._algorithms import core_of, name as _name


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # "error" or "warning"
    line: int  # 1-based
    column: int  # 1-based, in bytes
    end_line: int
    end_column: int
    message: str
    headline: str  # "NAME:line:column: error: message", as the command line prints it
    text: str  # the headline, the program's line and a caret under the place

    def __str__(self):
        return self.text


@dataclass(frozen=True)
class CheckResult:
    diagnostics: list
    functions: list  # the program's functions, by name
    stopped: bool  # more errors were found than are reported
    ok: bool = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "ok", not any(d.severity == "error" for d in self.diagnostics))


@dataclass(frozen=True)
class RunResult:
    properties: dict  # node-property parameter name -> NumPy array, one value per vertex
    returned: object  # what the function returned, or None
    function: str
    seconds: float  # the function's run (on the device, for a compiled run)
    engine: str  # "interpreter", or "compiled for host (CACHE FOLDER)"


def _text(source):
    if not isinstance(source, str):
        raise ValueError(f"plexus.dsl: the program must be its text (a str), not {type(source).__name__}")
    return source


def check(source, name="<program>"):
    """Parses and checks the program ``source``; every problem found, with its line and column
    (``name`` is the file name they are reported under)."""
    found = _plexus.dsl_check(_text(source), str(name))
    return CheckResult(
        diagnostics=[Diagnostic(**d) for d in found["diagnostics"]],
        functions=list(found["functions"]),
        stopped=found["stopped"],
    )


def run(source, graph, function=None, device="interpreter", name="<program>", **arguments):
    """Runs ``function`` (the program's only one when None) of ``source`` on ``graph`` with its
    scalar, node and set parameters given as keyword arguments; the node properties it computes
    come back as arrays. A program with errors raises ValueError with the first one's
    "NAME:line:column: message"; a fault while it runs (a node outside the graph) the same, at
    its place. ``device`` is "interpreter" (the default: serial, the reference semantics) or a
    back end, "host" or "cuda": the program compiled by the Plexus back end with the toolchain
    Plexus was built with, as ``plexus dsl run --device`` does (the first run of a program
    builds it, a minute or so; later ones reuse the build from the cache folder,
    $PLEXUS_CACHE_DIR or ~/.cache/plexus)."""
    found = _plexus.dsl_run(_text(source), str(name), core_of(graph), function, arguments,
                            _name("device", device))
    return RunResult(**found)
