#!/usr/bin/env python3
"""Every file or folder of the repository that a document names must exist.

Reads README.md and every other tracked Markdown file (docs/**/*.md, the READMEs under tests/)
and takes as a path:
  - the target of a Markdown link [text](target), resolved from the document's folder;
  - a word in a `code span` that starts with a top-level entry of the repository (src/...,
    tests/..., docs/...), with a module of src/plexus/ (graph/..., backends/..., as the
    documents write them), with build/ or with ../. A bare file name (bc_single.hpp) is not
    checked: documents also name files a user writes (prog.hpp).
Placeholders stand for any name: `<name>`, `*` and a word in capitals (`cases_AREA.sh`, unless
a file is spelled so) match within one path component, so `src/plexus/algorithms/<name>/`
needs one algorithm folder.

Paths that a clone does not hold are allowed only when listed in ALLOWED below: what a build
writes (build/bin/plexus) and the datasets folder the tests look in by default.

Usage: check_doc_paths.py REPOSITORY
Prints one line per missing path, `FILE:LINE: 'PATH' does not exist`, and exits 1 if any; exits
77 (ctest's SKIPPED) outside a git checkout, where the repository's files are not known.
"""

import fnmatch
import re
import subprocess
import sys
from pathlib import Path

# Paths a document may name that are not in the repository, as fnmatch patterns.
ALLOWED = [
    "build/*",  # what the build writes: build/bin/plexus, build/bench/..., build/Testing/...
    "build-sanitize/*",  # scripts/sanitize.sh's build folder
    "build",
    "../shared/datasets",  # PLEXUS_DATASETS_DIR's default, the datasets folder beside the clone
    "../shared/datasets/*",
    "docs/performance.md",  # the notebook docs/performance/ replaced, read from git's history
]

LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
PLACEHOLDER = re.compile(r"<[^>/]*>|(?<![A-Za-z])[A-Z][A-Z_]*[A-Z](?![A-Za-z])")


def repository_files(repository):
    """Tracked files and new ones git does not ignore (not the build folders), or None outside git."""
    listing = subprocess.run(["git", "-C", str(repository), "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, text=True)
    if listing.returncode != 0:
        return None
    return [name for name in listing.stdout.split("\0") if name and (repository / name).exists()]


def documents(files):
    return [name for name in files if name.endswith(".md")]


class repository_index:
    """The tracked files and folders, for existence checks that ignore untracked build output."""

    def __init__(self, files):
        self.files = set(files)
        self.folders = {str(Path(name).parents[i]) for name in files for i in range(len(Path(name).parents) - 1)}
        self.top_level = {name.split("/")[0] for name in files}
        self.modules = {name.split("/")[2] for name in files if name.startswith("src/plexus/") and name.count("/") > 2}

    def exists(self, path):
        path = path.rstrip("/")
        if not any(ch in path for ch in "*?["):
            return path in self.files or path in self.folders
        return any(fnmatch.fnmatchcase(name, path) for name in self.files | self.folders)


def normalise(path):
    """Folds '.' and '..' components; a path that climbs out of the repository keeps its '..'."""
    parts = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == ".." and parts and parts[-1] != "..":
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def allowed(path):
    return any(fnmatch.fnmatchcase(path.rstrip("/"), pattern) for pattern in ALLOWED)


def with_wildcards(word):
    return PLACEHOLDER.sub("*", word)


def path_words(text, roots):
    """The words of `text` that name a path starting with one of `roots`, as written."""
    for word in text.split():
        word = word.lstrip("('\"").rstrip(".,;:)'\"")
        word = re.sub(r":\d+(:\d+)?$", "", word)  # file:line
        word = word.removeprefix("./")
        if not word or word.startswith(("-", "http", "$")) or "=" in word:
            continue
        if "/" in word and word.split("/")[0] in roots:
            yield word


def missing_paths(repository, files):
    index = repository_index(files)
    problems = []
    for document in documents(files):
        folder = str(Path(document).parent)
        in_fence = False
        for number, line in enumerate((repository / document).read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            named = []
            for target in LINK.findall(line):
                if target.startswith(("http://", "https://", "mailto:", "#")):
                    continue
                named.append(("link", target.split("#")[0]))
            if not in_fence:
                code_roots = index.top_level | index.modules | {"build", ".."}
                for _, span in CODE_SPAN.findall(line):
                    named.extend(("code", word) for word in path_words(span, code_roots))
                prose = LINK.sub("]", CODE_SPAN.sub(" ", line))
                named.extend(("code", word) for word in path_words(prose, index.top_level))
            for kind, path in named:
                if not path or exists(path, kind, folder, index):
                    continue
                problems.append(f"{document}:{number}: '{path}' does not exist")
    return problems


def exists(path, kind, folder, index):
    bases = [folder] if kind == "link" else ["", folder, "src/plexus"]
    for spelled in (path, with_wildcards(path)):
        for base in bases:
            resolved = normalise(f"{base}/{spelled}" if base and base != "." else spelled)
            if allowed(resolved) or index.exists(resolved):
                return True
    return False


def main():
    if len(sys.argv) != 2:
        print("usage: check_doc_paths.py REPOSITORY", file=sys.stderr)
        return 2
    repository = Path(sys.argv[1])
    files = repository_files(repository)
    if files is None:
        print(f"SKIPPED: {repository} is not a git checkout, so its files cannot be told from build output")
        return 77
    problems = missing_paths(repository, files)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} path(s) named in the documents do not exist; fix the document or, for a "
              "path outside the repository, add it to ALLOWED in tests/docs/check_doc_paths.py")
        return 1
    print("every path the documents name exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
