#!/usr/bin/env python3
"""Golden outputs of `headroom-cli estimate --json` over tools/golden/scenarios.txt.

The golden file (tests/data/golden/estimate.golden.txt) holds, per scenario, the exact stdout of
the CLI. tests/cli/tst_golden.cpp runs every scenario again and compares byte for byte, so a
change in any number, formula text, note or playbook line shows as a failing row.

    tools/golden/golden.py --check               # compare (exit 1 and a diff on any change)
    tools/golden/golden.py --update              # rewrite the golden file, deliberately
    tools/golden/golden.py --cli PATH --out F    # another binary / output file

Regenerate only when a change of numbers or texts is intended, and say why in the commit.
"""

import argparse
import difflib
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tools", "golden", "scenarios.txt")
GOLDEN = os.path.join(ROOT, "tests", "data", "golden", "estimate.golden.txt")
MODELS = os.path.join(ROOT, "tests", "data", "models")
HEADER = "### "  # a section starts with "### name" then "$ args", then stdout


def scenarios(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        name, _, args = line.partition(" ")
        out.append((name, args.strip()))
    names = [n for n, _ in out]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        sys.exit(f"{path}: duplicate scenario names {sorted(dup)}")
    return out


def run(cli, args):
    argv = [cli, "estimate", "--json"] + shlex.split(args.replace("{models}", MODELS))
    p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        sys.exit(f"{' '.join(argv)}: exit {p.returncode}\n{p.stderr}")
    return p.stdout


def render(cli, items):
    parts = []
    for name, args in items:
        parts.append(f"{HEADER}{name}\n$ {args}\n{run(cli, args)}")
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "release", "app", "headroom-cli"))
    ap.add_argument("--scenarios", default=SCENARIOS)
    ap.add_argument("--out", default=GOLDEN)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--update", action="store_true", help="rewrite the golden file")
    mode.add_argument("--check", action="store_true", help="compare with the golden file")
    a = ap.parse_args()
    text = render(a.cli, scenarios(a.scenarios))
    if a.update:
        os.makedirs(os.path.dirname(a.out), exist_ok=True)
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {a.out} ({text.count(HEADER)} scenarios)")
        return 0
    old = open(a.out, encoding="utf-8").read()
    if old == text:
        print(f"identical: {text.count(HEADER)} scenarios")
        return 0
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                               "golden", "now", n=2))
    return 1


if __name__ == "__main__":
    sys.exit(main())
