#!/usr/bin/env python3
"""Checks that scripts/deps.sh installs every Debian package the CMake configure step used.

For every CMake package config the configure step found (the `<Pkg>_DIR:PATH=` entries of
CMakeCache.txt), finds the Debian package that owns it (`dpkg -S`) and fails, naming the
package, unless deps.sh installs it: named in `deps.sh --list`, or a hard dependency of one
named there (Depends/Pre-Depends, recursively; `apt-cache depends --recurse --no-recommends`
over the installed packages, so it works offline). deps.sh installs with
--no-install-recommends, so a package reached only through Recommends is a missing one.

Usage: check_deps.py --cache BUILD/CMakeCache.txt [--packages FILE]
  --packages FILE  the package list to check instead of `bash scripts/deps.sh --list`
                   (one name a line; used by the test that proves the check can fail)
Exit: 0 complete, 1 a package is missing or a config belongs to no package (hand-installed) (each named on stderr), 77 not a Debian system
(no dpkg/apt-cache: nothing to check; ctest reports it as skipped), 2 usage.
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HARD = {"Depends", "PreDepends"}


def cmake_config_dirs(cache: pathlib.Path) -> dict[str, pathlib.Path]:
    """`<Pkg>_DIR` -> directory, for every found package config in the cache."""
    dirs = {}
    for line in cache.read_text(encoding="utf-8", errors="replace").splitlines():
        m = re.match(r"^([A-Za-z0-9_.+-]+)_DIR:PATH=(.*)$", line)
        # `<X>_INCLUDE_DIR` entries are find_path() probes (Qt's optional Vulkan, EGL, ...),
        # not package configs.
        if m and m.group(2) and not m.group(2).endswith("-NOTFOUND") \
                and not m.group(1).endswith("_INCLUDE"):
            dirs[m.group(1)] = pathlib.Path(m.group(2))
    return dirs


def config_file(name: str, d: pathlib.Path) -> pathlib.Path | None:
    """The package's config file in @p d (either CMake naming), or None."""
    for f in (d / f"{name}Config.cmake", d / f"{name.lower()}-config.cmake"):
        if f.exists():
            return f.resolve()
    found = sorted(d.glob("*onfig.cmake")) if d.is_dir() else []
    return found[0].resolve() if found else None


def owning_package(path: pathlib.Path) -> str | None:
    """The Debian package that installed @p path (dpkg -S), without its architecture."""
    for candidate in (str(path), str(path).replace("/usr/lib/", "/lib/", 1)):
        r = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def hard_closure(pkgs: list[str]) -> set[str]:
    """@p pkgs and every package they hard-depend on, recursively, among installed packages."""
    cmd = ["apt-cache", "depends", "--recurse", "--installed", "--no-recommends",
           "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances"]
    r = subprocess.run(cmd + pkgs, capture_output=True, text=True)
    closure = set(pkgs)
    for line in r.stdout.splitlines():
        if not line.startswith(" "):
            closure.add(line.strip().split(":", 1)[0])
            continue
        kind, _, target = line.strip().lstrip("|").partition(": ")
        if kind in HARD:
            closure.add(target.strip("<>").split(":", 1)[0])
    return closure


def package_list(packages: pathlib.Path | None) -> list[str]:
    if packages:
        text = packages.read_text(encoding="utf-8")
    else:
        text = subprocess.run(["bash", str(ROOT / "scripts" / "deps.sh"), "--list"],
                              capture_output=True, text=True, check=True).stdout
    return [p.strip() for p in text.splitlines() if p.strip() and not p.startswith("#")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", required=True, type=pathlib.Path)
    ap.add_argument("--packages", type=pathlib.Path)
    args = ap.parse_args()
    if not shutil.which("dpkg") or not shutil.which("apt-cache"):
        print("check_deps: not a Debian system (no dpkg/apt-cache); nothing checked")
        return 77
    if not args.cache.is_file():
        print(f"check_deps: {args.cache}: no such CMakeCache.txt", file=sys.stderr)
        return 2
    closure = hard_closure(package_list(args.packages))
    missing = {}  # package -> configs; a hand-installed config counts as missing
    for name, d in sorted(cmake_config_dirs(args.cache).items()):
        cfg = config_file(name, d)
        pkg = owning_package(cfg) if cfg else None
        if pkg is None:
            missing.setdefault(f"(no Debian package owns {cfg or d})", []).append(name)
        elif pkg not in closure:
            missing.setdefault(pkg, []).append(name)
    for pkg, names in sorted(missing.items()):
        print(f"check_deps: MISSING {pkg}: the build uses {', '.join(names)} from it, but "
              "scripts/deps.sh neither names it nor installs it as a hard dependency",
              file=sys.stderr)
    used = len(cmake_config_dirs(args.cache))
    print(f"check_deps: {used} CMake package configs checked, "
          f"{len(missing)} package(s) missing from deps.sh")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
