#!/usr/bin/env python3
"""Checks the project's include graph (docs/architecture.md "Layers"):

  1. no include cycle: among all files (two headers including each other, directly or
     not), and in core/ among units too (a unit is a header and its source file, x.h +
     x.cpp: x.cpp including y.h while y.cpp includes x.h is a cycle of units; ui/'s Qt
     pairs such as a controller and its undo command may know each other);
  2. core/ includes nothing from ui/ or app/ (core is pure C++, no Qt);
  3. outside core/engine/, nothing under core/engine/reserve/ is included but
     replay_cache.h (the allocator-reserve wing's one entry point: the UI and the planners
     include the cache, never a replay's internals). tests/ and bench/ are exempt: they
     test the internals.

An include is `#include "path"`, resolved against the root (the project's "core/...",
"ui/..." style) or, failing that, the including file's directory. System and Qt includes
(<...>) are not part of the graph.

Usage: check_includes.py [--root DIR]   (default: the repository this script is in)
Exit: 0 clean; 1 a rule is broken (each break named on stderr: the files and, for a cycle,
the whole cycle); 2 usage.
Cost: one read of every .h/.cpp under core/, ui/, app/, tests/, bench/; the cycle search is a
depth-first search, linear in files + includes.
"""

import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
SOURCE_DIRS = ("core", "ui", "app", "tests", "bench")
RESERVE = "core/engine/reserve/"
RESERVE_ENTRY = RESERVE + "replay_cache.h"
# this check's own test trees (tests/structure/CMakeLists.txt), not part of the project
FIXTURES = "tests/structure/fixtures/"


def project_files(root: pathlib.Path) -> list[str]:
    files = []
    for d in SOURCE_DIRS:
        base = root / d
        if base.is_dir():
            files += [p.relative_to(root).as_posix() for p in sorted(base.rglob("*"))
                      if p.suffix in (".h", ".cpp") and p.is_file()
                      and not p.relative_to(root).as_posix().startswith(FIXTURES)]
    return files


def includes(root: pathlib.Path, name: str, known: set[str]) -> list[str]:
    """The project files @p name includes (unresolvable ones, e.g. generated, left out)."""
    text = (root / name).read_text(encoding="utf-8", errors="replace")
    out = []
    for inc in INCLUDE.findall(text):
        beside = (pathlib.PurePosixPath(name).parent / inc).as_posix()
        for candidate in (inc, beside):
            if candidate in known:
                out.append(candidate)
                break
    return out


def unit(name: str) -> str:
    return name.rsplit(".", 1)[0]


def unit_graph(graph: dict[str, list[str]]) -> dict[str, list[str]]:
    """@p graph with x.h and x.cpp merged into the unit x (a unit's includes of itself
    dropped)."""
    units: dict[str, list[str]] = {}
    for f, incs in graph.items():
        edges = units.setdefault(unit(f), [])
        edges += [unit(i) for i in incs if unit(i) != unit(f) and unit(i) not in edges]
    for edges in list(units.values()):
        for e in edges:
            units.setdefault(e, [])
    return units


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One include cycle (first file repeated at the end), or None. Iterative DFS."""
    state = {}  # 1: on the stack, 2: done
    for start in graph:
        if state.get(start):
            continue
        stack = [(start, iter(graph[start]))]
        path = [start]
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                stack.append((nxt, iter(graph[nxt])))
                path.append(nxt)
    return None


def rule_breaks(graph: dict[str, list[str]]) -> list[str]:
    breaks = []
    for f, incs in graph.items():
        for inc in incs:
            if f.startswith("core/") and inc.startswith(("ui/", "app/")):
                breaks.append(f"LAYER {f} includes {inc}: core/ never includes ui/ or app/")
            exempt = f.startswith(("core/engine/", "tests/", "bench/"))
            if inc.startswith(RESERVE) and inc != RESERVE_ENTRY and not exempt:
                breaks.append(f"RESERVE {f} includes {inc}: outside core/engine/ only "
                              f"{RESERVE_ENTRY} is included")
    return breaks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=pathlib.Path,
                    default=pathlib.Path(__file__).resolve().parent.parent)
    args = ap.parse_args()
    root = args.root.resolve()
    if not root.is_dir():
        print(f"check_includes: --root {root} is not a directory", file=sys.stderr)
        return 2
    files = project_files(root)
    known = set(files)
    graph = {f: includes(root, f, known) for f in files}
    breaks = rule_breaks(graph)
    core = {f: [i for i in incs if i.startswith("core/")]
            for f, incs in graph.items() if f.startswith("core/")}
    for cycle in (find_cycle(graph), find_cycle(unit_graph(core))):
        if cycle:
            breaks.append("CYCLE " + " -> ".join(cycle))
    for b in breaks:
        print(b, file=sys.stderr)
    print(f"check_includes: {len(files)} files, "
          f"{sum(len(v) for v in graph.values())} includes, {len(breaks)} breaks")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main())
