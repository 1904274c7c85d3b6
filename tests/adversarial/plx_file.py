"""The .plx binary cache written from Python, exactly as src/plexus/io/plx_format.hpp lays it out
and src/plexus/io/plx_checksum.hpp checksums it, so that a test can write files whose header and
checksums are valid but whose arrays are not (plx_structures.py). Also a model of how plexus
builds a graph or hypergraph from a small input, which plx_structures.py uses to check this
writer against `plexus convert` byte for byte.
"""

import math
import struct
from dataclasses import dataclass
from typing import List, Optional

MASK = (1 << 64) - 1
VERSION = 1
ENDIAN_MARK = 0x01020304
ALIGNMENT = 64
SLOTS = 8
SECTIONS_USED = 7
HEADER_BYTES = 384
HASH_BLOCK = 1 << 20

GRAPH_MAGIC = b"PLEXUSGR"
HYPERGRAPH_MAGIC = b"PLEXUSHG"

DIRECTED = 1 << 0
WEIGHTED = 1 << 1
HAS_REVERSE = 1 << 2
HAS_REVERSE_WEIGHTS = 1 << 3
HAS_ORIGINAL_IDS = 1 << 4
HAS_EDGE_WEIGHTS = 1 << 5
HAS_VERTEX_WEIGHTS = 1 << 6

# magic, version, endian mark, header bytes, sections, flags, vertices, entries, hyperedges,
# file bytes; then 8 sections {offset, bytes, checksum, element bytes, 0}; 7 reserved words; the
# header's checksum.
HEADER_START = struct.Struct("<8sIIIIQQQQQ")
SECTION = struct.Struct("<QQQII")
HEADER_END = struct.Struct("<7Q")
assert HEADER_START.size + SLOTS * SECTION.size + HEADER_END.size + 8 == HEADER_BYTES


def fmix64(h):
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & MASK
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & MASK
    h ^= h >> 33
    return h


def block_hash(data):
    """plx_block_hash: four lanes folding 8-byte words, the tail zero-padded into lane b."""
    k = 0x9E3779B97F4A7C15
    a, b, c, d = 0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89
    size = len(data)
    i = 0
    while i + 32 <= size:
        w0, w1, w2, w3 = struct.unpack_from("<4Q", data, i)
        a = ((a ^ w0) * k) & MASK
        b = ((b ^ w1) * k) & MASK
        c = ((c ^ w2) * k) & MASK
        d = ((d ^ w3) * k) & MASK
        i += 32
    while i + 8 <= size:
        (w,) = struct.unpack_from("<Q", data, i)
        a = ((a ^ w) * k) & MASK
        i += 8
    if i < size:
        w = int.from_bytes(data[i:], "little")
        b = ((b ^ w) * k) & MASK
    h = fmix64(a ^ size)
    h = fmix64(h ^ b)
    h = fmix64(h ^ c)
    return fmix64(h ^ d)


def checksum(data):
    """io::checksum: 1 MiB blocks hashed and chained in order."""
    h = fmix64(len(data) ^ 0x5BE0CD19137E2179)
    for begin in range(0, len(data), HASH_BLOCK):
        h = fmix64(h ^ block_hash(data[begin:begin + HASH_BLOCK]))
    return h


def align_up(x):
    return (x + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT


def pack(code, values):
    return struct.pack("<%d%s" % (len(values), code), *values)


def write(magic, flags, vertices, entries, hyperedges, sections):
    """The file's bytes: sections is a list of SLOTS entries, each None (absent) or (element
    bytes, data)."""
    table = []
    body = bytearray()
    end = HEADER_BYTES
    for section in sections:
        if section is None:
            table.append((0, 0, 0, 0, 0))
            continue
        element, data = section
        offset = align_up(end)
        body += bytes(offset - end) + data
        table.append((offset, len(data), checksum(data), element, 0))
        end = offset + len(data)
    header = HEADER_START.pack(magic, VERSION, ENDIAN_MARK, HEADER_BYTES, SECTIONS_USED, flags, vertices,
                               entries, hyperedges, end)
    header += b"".join(SECTION.pack(*entry) for entry in table) + HEADER_END.pack(*[0] * 7)
    header_hash = fmix64(fmix64(len(header) ^ 0x5BE0CD19137E2179) ^ block_hash(header))
    return header + struct.pack("<Q", header_hash) + bytes(body)


@dataclass
class Csr:
    offsets: List[int]
    indices: List[int]
    weights: Optional[List[float]] = None

    @staticmethod
    def from_lists(lists, weights=None):
        offsets = [0]
        for row in lists:
            offsets.append(offsets[-1] + len(row))
        flat = [x for row in lists for x in row]
        return Csr(offsets, flat, None if weights is None else [w for row in weights for w in row])

    def rows(self):
        return [self.indices[self.offsets[v]:self.offsets[v + 1]] for v in range(len(self.offsets) - 1)]


@dataclass
class Graph:
    """A graph as the .plx file stores it; the flags follow from which arrays are present."""
    directed: bool
    out: Csr
    reverse: Optional[Csr] = None
    ids: Optional[List[int]] = None

    @property
    def n(self):
        return len(self.out.offsets) - 1

    def flags(self):
        flags = DIRECTED if self.directed else 0
        if self.out.weights is not None:
            flags |= WEIGHTED
        if self.reverse is not None:
            flags |= HAS_REVERSE
            if self.reverse.weights is not None:
                flags |= HAS_REVERSE_WEIGHTS
        if self.ids is not None:
            flags |= HAS_ORIGINAL_IDS
        return flags

    def to_bytes(self):
        sections = [None] * SLOTS
        sections[0] = (8, pack("Q", self.out.offsets))
        sections[1] = (4, pack("I", self.out.indices))
        if self.out.weights is not None:
            sections[2] = (4, pack("f", self.out.weights))
        if self.reverse is not None:
            sections[3] = (8, pack("Q", self.reverse.offsets))
            sections[4] = (4, pack("I", self.reverse.indices))
            if self.reverse.weights is not None:
                sections[5] = (4, pack("f", self.reverse.weights))
        if self.ids is not None:
            sections[6] = (8, pack("Q", self.ids))
        return write(GRAPH_MAGIC, self.flags(), self.n, len(self.out.indices), 0, sections)


@dataclass
class Hypergraph:
    """A hypergraph as the .plx file stores it: incidence both ways."""
    vertex_edges: Csr
    edge_pins: Csr
    edge_weights: Optional[List[float]] = None
    vertex_weights: Optional[List[float]] = None
    ids: Optional[List[int]] = None

    def to_bytes(self):
        flags = 0
        sections = [None] * SLOTS
        sections[0] = (8, pack("Q", self.vertex_edges.offsets))
        sections[1] = (4, pack("I", self.vertex_edges.indices))
        sections[2] = (8, pack("Q", self.edge_pins.offsets))
        sections[3] = (4, pack("I", self.edge_pins.indices))
        if self.edge_weights is not None:
            flags |= HAS_EDGE_WEIGHTS
            sections[4] = (4, pack("f", self.edge_weights))
        if self.vertex_weights is not None:
            flags |= HAS_VERTEX_WEIGHTS
            sections[5] = (4, pack("f", self.vertex_weights))
        if self.ids is not None:
            flags |= HAS_ORIGINAL_IDS
            sections[6] = (8, pack("Q", self.ids))
        n = len(self.vertex_edges.offsets) - 1
        h = len(self.edge_pins.offsets) - 1
        return write(HYPERGRAPH_MAGIC, flags, n, len(self.edge_pins.indices), h, sections)


def build_graph(arcs, directed, weights=None):
    """The graph plexus builds from an id list (README, "Graph representation"): the ids that
    occur renumbered in increasing order and kept as original ids, undirected edges stored both
    ways, self-loops dropped, parallel arcs merged keeping the smallest weight, neighbour lists
    sorted, and a directed graph's reverse CSR. weights: one per arc, or None."""
    ids = sorted({x for arc in arcs for x in arc})
    dense = {x: i for i, x in enumerate(ids)}
    best = {}
    for k, (u, v) in enumerate(arcs):
        u, v = dense[u], dense[v]
        if u == v:
            continue
        w = weights[k] if weights is not None else 0.0
        ends = [(u, v)] if directed else [(u, v), (v, u)]
        for end in ends:
            best[end] = min(best.get(end, math.inf), w)
    n = len(ids)

    def csr(pairs):
        lists = [[] for _ in range(n)]
        for (u, v), w in sorted(pairs.items()):
            lists[u].append((v, w))
        return Csr.from_lists([[v for v, _ in row] for row in lists],
                              None if weights is None else [[w for _, w in row] for row in lists])

    out = csr(best)
    reverse = csr({(v, u): w for (u, v), w in best.items()}) if directed else None
    return Graph(directed, out, reverse, ids)


def build_hypergraph(hyperedges):
    """The hypergraph plexus builds from a plain one-hyperedge-per-line list: the ids that occur
    renumbered in increasing order and kept as original ids, each hyperedge's pins sorted without
    repeats, each vertex's hyperedges in increasing order."""
    ids = sorted({x for edge in hyperedges for x in edge})
    dense = {x: i for i, x in enumerate(ids)}
    pins = [sorted({dense[x] for x in edge}) for edge in hyperedges]
    incidence = [[] for _ in ids]
    for e, edge in enumerate(pins):
        for v in edge:
            incidence[v].append(e)
    return Hypergraph(Csr.from_lists(incidence), Csr.from_lists(pins), ids=ids)
