"""Shared fixtures: the datasets folder (PLEXUS_DATASETS_DIR, else ../shared/datasets beside
the clone), and small graphs every test can afford."""

import os
import pathlib

import numpy as np
import pytest


def datasets_dir():
    configured = os.environ.get("PLEXUS_DATASETS_DIR")
    if configured:
        return pathlib.Path(configured)
    return pathlib.Path(__file__).resolve().parents[3] / "shared" / "datasets"


def dataset(name):
    """The path of a graph of the datasets folder; the test is skipped, saying where it looked,
    when the folder or the file is missing."""
    path = datasets_dir() / "graphs" / name
    if not path.exists():
        pytest.skip(f"datasets not found at {path.parent}: set PLEXUS_DATASETS_DIR")
    return path


def random_edges(n, m, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, n, size=m), rng.integers(0, n, size=m)
