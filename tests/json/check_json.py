#!/usr/bin/env python3
"""Runs `plexus` commands with --json and checks what they print against the JSON Schemas of
docs/json/ (docs/json.md): every field documented, of its type, the required ones present.

Usage: check_json.py PLEXUS_BINARY SCHEMA_FOLDER DATA_FOLDER

The Python standard library only: the checker below reads the subset of JSON Schema (draft
2020-12) that the schemas use, and refuses any other keyword, so that a schema never says more
than is checked. Exits 1 naming every command whose output does not match, and every changed
copy of a passing document (a field added, one dropped, a count as text) that its schema does
not refuse: the check itself must be able to fail.
"""

import json
import os
import subprocess
import sys
import tempfile

# Keywords that only describe.
ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "unit", "examples"}
CHECKED = {"$ref", "$defs", "type", "enum", "const", "minimum", "properties", "required", "additionalProperties", "unevaluatedProperties", "items", "allOf", "anyOf",
           "if", "then", "else"}


class Schemas:
    """The schema files of one folder, by name; references are "file.json#/$defs/name" or
    "#/$defs/name" within the same file."""

    def __init__(self, folder):
        self.files = {}
        for name in sorted(os.listdir(folder)):
            if name.endswith(".schema.json"):
                with open(os.path.join(folder, name)) as f:
                    self.files[name] = json.load(f)

    def resolve(self, ref, here):
        file, _, pointer = ref.partition("#")
        file = file or here
        node = self.files[file]
        for part in [p for p in pointer.split("/") if p]:
            node = node[part]
        return node, file


def type_matches(value, name):
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "null":
        return value is None
    raise ValueError("unknown type " + name)


def validate(schemas, value, schema, file, path):
    """Returns (problems, names of the object's properties this schema evaluated)."""
    problems, evaluated = [], set()
    if schema is True:
        return problems, evaluated
    if schema is False:
        return ["%s: not allowed" % path], evaluated
    for key in schema:
        if key not in CHECKED and key not in ANNOTATIONS:
            raise ValueError("%s: keyword %s is not checked by this checker" % (file, key))
    if "$ref" in schema:
        target, target_file = schemas.resolve(schema["$ref"], file)
        p, e = validate(schemas, value, target, target_file, path)
        problems += p
        evaluated |= e
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(type_matches(value, n) for n in names):
            return problems + ["%s: %s is not of type %s" % (path, json.dumps(value)[:80], "/".join(names))], evaluated
    if "enum" in schema and value not in schema["enum"]:
        problems.append("%s: %s is not one of %s" % (path, json.dumps(value), schema["enum"]))
    if "const" in schema and value != schema["const"]:
        problems.append("%s: %s is not %s" % (path, json.dumps(value), json.dumps(schema["const"])))
    if "minimum" in schema and type_matches(value, "number") and value < schema["minimum"]:
        problems.append("%s: %s is below %s" % (path, value, schema["minimum"]))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problems += validate(schemas, item, schema["items"], file, "%s[%d]" % (path, i))[0]
    if isinstance(value, dict):
        here = set()
        for name, sub in schema.get("properties", {}).items():
            if name in value:
                here.add(name)
                problems += validate(schemas, value[name], sub, file, path + "." + name)[0]
        for name in schema.get("required", []):
            if name not in value:
                problems.append("%s: the required field %s is missing" % (path, name))
        if "additionalProperties" in schema:
            for name in value:
                if name not in here:
                    problems += validate(schemas, value[name], schema["additionalProperties"], file,
                                         path + "." + name)[0]
                    here.add(name)
        evaluated |= here
    for sub in schema.get("allOf", []):
        p, e = validate(schemas, value, sub, file, path)
        problems += p
        evaluated |= e
    if "anyOf" in schema:
        results = [validate(schemas, value, sub, file, path) for sub in schema["anyOf"]]
        passing = [e for p, e in results if not p]
        if not passing:
            problems.append("%s: matches none of anyOf; %s" % (
                path, " / ".join("; ".join(p[:3]) for p, _ in results)))
        for e in passing:
            evaluated |= e
    if "if" in schema:
        p, e = validate(schemas, value, schema["if"], file, path)
        branch = schema.get("then") if not p else schema.get("else")
        if not p:
            evaluated |= e
        if branch is not None:
            p, e = validate(schemas, value, branch, file, path)
            problems += p
            evaluated |= e
    if isinstance(value, dict) and "unevaluatedProperties" in schema:
        for name in value:
            if name not in evaluated:
                problems += validate(schemas, value[name], schema["unevaluatedProperties"], file,
                                     path + "." + name)[0]
                if schema["unevaluatedProperties"] is False:
                    problems[-1] = "%s.%s: a field the schema does not document" % (path, name)
        evaluated |= set(value)
    return problems, evaluated


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    plexus, folder, data = sys.argv[1:]
    schemas = Schemas(folder)
    graph = os.path.join(data, "cli", "bowtie.mtx")
    directed = os.path.join(data, "cli", "directed.mtx")
    hyper = os.path.join(data, "cli", "tiny.hgr")
    scratch = tempfile.mkdtemp(prefix="plexus-json-")
    out = os.path.join(scratch, "out.tsv")
    pairs = os.path.join(scratch, "pairs.txt")
    with open(pairs, "w") as f:
        f.write("1 4\n6 3\n")

    run = "run.schema.json"
    commands = []
    for algorithm, options in [
            ("bfs", [graph, "-s", "1"]), ("bfs", [directed, "--order", "degree"]),
            ("sssp", [graph]), ("sssp", [directed, "--random-weights"]),
            ("bc", [graph]), ("bc", [graph, "-k", "2"]), ("cc", [graph]), ("cc", [graph, "--engine", "in-memory"]),
            ("pagerank", [graph]), ("pagerank", [graph, "--weighted", "--gather", "vertex"]),
            ("pagerank", [graph, "--variant", "graphalytics"]),
            ("lp", [graph]), ("lp", [graph, "--variant", "cdlp"]), ("lp", [graph, "--variant", "randomized"]),
            ("lp", [directed]),
            ("tc", [graph]), ("tc", [graph, "--per-vertex"]),
            ("jaccard", [graph]), ("jaccard", [graph, "--top-k", "2"]), ("jaccard", [graph, "--pairs", pairs]),
            ("kcore", [graph]), ("lcc", [graph]), ("lcc", [directed]),
            ("hyper-lp", [hyper]), ("hyper-bfs", [hyper, "-s", "1"]), ("hyper-cc", [hyper])]:
        commands.append((run, ["run", algorithm] + options + ["--json", "--validate", "--out", out]))
    commands.append((run, ["run", "bfs", graph, "--json"]))
    commands.append((run, ["run", "pagerank", "kron:8:4", "--json"]))
    commands.append((run, ["run", "bfs", graph, "--engine", "out-of-core", "--json"]))
    for algorithm in ("bfs", "sssp", "pagerank", "cc"):
        commands.append((run, ["run", algorithm, "kron:8:4", "--distributed", "--json", "--validate"]))
    bench = "bench.schema.json"
    graph_algorithms = "bfs,sssp,cc,pagerank,lp,tc,lcc,jaccard,bc,kcore"
    commands += [
        (bench, ["bench", "--algorithm", graph_algorithms, "--graph", graph, "--trials", "2", "--validate",
                 "--json", "-"]),
        (bench, ["bench", "--algorithm", "bfs,pagerank", "--graph", graph, "--trials", "1", "--portability",
                 "--device", "host", "--json", "-"]),
        (bench, ["bench", "--algorithm", "bfs,pagerank", "--graph", graph, "--trials", "1", "--engine",
                 "auto,out-of-core", "--json", "-"]),
        (bench, ["bench", "--algorithm", "hyper-lp,hyper-bfs,hyper-cc", "--graph", hyper, "--trials", "2",
                 "--validate", "--json", "-"]),
        (bench, ["bench", "--distributed", "--graph", "kron:8:4", "--trials", "2", "--validate", "--json", "-"]),
        (bench, ["bench", "--distributed", "--graph", "kron:8:4", "--algorithm", "sssp,cc", "--trials", "1",
                 "--no-baseline", "--json", "-"]),
    ]
    info = "info.schema.json"
    commands += [(info, ["info", graph, "--json"]), (info, ["info", directed, "--json"]),
                 (info, ["info", hyper, "--json"]),
                 (info, ["generate", "kron", "--scale", "6", "--json"]),
                 (info, ["generate", "hypergraph", "--vertices", "64", "--hyperedges", "32", "--json"]),
                 ("job.schema.json", ["--json"])]

    failed = 0
    documents = {}
    distributed_bench = None
    for schema, args in commands:
        shown = "plexus " + " ".join(args)
        done = subprocess.run([plexus] + args, capture_output=True, text=True)
        if done.returncode != 0:
            print("FAIL %s: exit status %d: %s" % (shown, done.returncode, done.stderr.strip()))
            failed += 1
            continue
        try:
            document = json.loads(done.stdout)
        except json.JSONDecodeError as e:
            print("FAIL %s: not one JSON document: %s" % (shown, e))
            failed += 1
            continue
        problems, _ = validate(schemas, document, schemas.files[schema], schema, "$")
        if problems:
            failed += 1
            print("FAIL %s against %s:\n  %s" % (shown, schema, "\n  ".join(problems)))
        else:
            documents.setdefault(schema, document)
            if "--distributed" in args and schema == bench:
                distributed_bench = distributed_bench or document
            print("ok   %s" % shown)
    print("%d of %d commands print JSON their schema describes" % (len(commands) - failed, len(commands)))
    return 1 if failed or not refuses_changed_documents(schemas, documents, distributed_bench) else 0


def refuses_changed_documents(schemas, documents, distributed_bench):
    """Checks that the schemas and this checker catch what they are there for: a field no schema
    documents (a renamed one), a required field dropped, a count printed as text. `documents`
    holds one document per schema that passed, `distributed_bench` a `bench --distributed` one
    that passed; returns whether every changed copy is refused."""
    if "run.schema.json" not in documents:
        print("FAIL no run document passed: nothing to show the schemas refuse")
        return False
    changed = [(schema, "an undocumented field", dict(document, undocumented_seconds=1.0))
               for schema, document in documents.items()]
    run = documents["run.schema.json"]
    dropped = {key: value for key, value in run.items() if key != "load_seconds"}
    memory = dict(run["memory"], undocumented_bytes=1)
    changed += [("run.schema.json", "load_seconds dropped", dropped),
                ("run.schema.json", "vertices as text", dict(run, vertices=str(run["vertices"]))),
                ("run.schema.json", "an undocumented field in memory", dict(run, memory=memory))]
    if distributed_bench is None:
        print("FAIL no bench --distributed document passed: nothing to show its rows' schema refuses")
        return False
    row = distributed_bench["results"][0]
    trial = dict(row["trials"][0], undocumented_bytes=1)
    statistics = {key: value for key, value in row["statistics"].items() if key != "round_bytes"}
    for change, changed_row in [("an undocumented field in a distributed trial", dict(row, trials=[trial])),
                                ("a distributed row without round_bytes statistics", dict(row, statistics=statistics)),
                                ("ranks as text", dict(row, ranks=str(row["ranks"])))]:
        changed.append(("bench.schema.json", change, dict(distributed_bench, results=[changed_row])))
    ok = True
    for schema, change, document in changed:
        problems, _ = validate(schemas, document, schemas.files[schema], schema, "$")
        if not problems:
            print("FAIL %s accepts a document with %s" % (schema, change))
            ok = False
    return ok


if __name__ == "__main__":
    sys.exit(main())
