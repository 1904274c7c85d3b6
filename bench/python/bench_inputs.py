"""What the Python benchmarks share: their graphs (kron:SCALE made by the plexus command, or a
file) and the checks of their number options, so that a bad value is one line from argparse."""

import argparse
import pathlib
import subprocess
import sys


def at_least_one(text):
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def graph_path(spec, plexus_command, folder, weighted=False):
    """The file of `spec`: kron:SCALE generated into `folder` by the plexus command (with integer
    weights when `weighted`), else `spec` itself. A failed generation ends the program with the
    command's own message."""
    if not spec.startswith("kron:"):
        return pathlib.Path(spec)
    path = pathlib.Path(folder) / f"kron{spec[5:]}.plx"
    command = [plexus_command, "generate", "kron", "--scale", spec[5:], "-o", str(path)]
    if weighted:
        command.insert(-2, "--weighted")
    try:
        made = subprocess.run(command, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"{sys.argv[0]}: cannot run {plexus_command}: {e.strerror}")
    if made.returncode != 0:
        sys.exit(f"{sys.argv[0]}: {spec}: {made.stderr.strip() or 'plexus generate failed'}")
    return path


def load_graph(path, device="host", **options):
    """plexus.Graph.from_file(path, **options) uploaded to `device`, or the end of the program
    with the package's one-line error."""
    import plexus

    try:
        return plexus.Graph.from_file(str(path), **options).to(device)
    except (OSError, ValueError, MemoryError) as e:
        sys.exit(f"{sys.argv[0]}: {e}")
