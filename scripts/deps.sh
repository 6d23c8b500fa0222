#!/usr/bin/env bash
# Installs the Debian 12 packages Headroom needs to build, run, test and package. Idempotent:
# skips apt entirely when everything is already installed. Needs root (or sudo) only to install.
# Installs with --no-install-recommends, so every package the build needs is named here, or is
# a hard dependency of one named here (scripts/check_deps.py, run by ctest, proves it).
#   deps.sh          install what is missing
#   deps.sh --list   print the package list, one a line, and install nothing
set -euo pipefail
pkgs=(
  # toolchain and build
  build-essential cmake ninja-build pkg-config file
  # clang 14 (the clang preset, the clang14 syntax tests) and its runtime with libFuzzer and
  # the sanitizers (the asan and fuzz presets, scripts/fuzz.sh)
  clang-14 libclang-rt-14-dev
  # Qt 6: Widgets, Charts (whose CMake config needs Qt6OpenGL), Svg, Test, Linguist tools
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev libxkbcommon-dev
  # libraries
  nlohmann-json3-dev libbenchmark-dev
  # bench_xdrag: a drag in a real X window (XTest input, DAMAGE reports; tools/bench/xdrag.sh)
  libx11-dev libxtst-dev libxdamage-dev
  # running and testing: offscreen/Xvfb, fonts (Latin + CJK for the zh_CN UI),
  # appstreamcli (metainfo validation), python3 (tools/)
  xvfb xauth fonts-dejavu-core fonts-noto-cjk appstream python3
  # the capture helper's CPU test (tests/tools/test_capture.py: torch's module and optimizer
  # objects, no GPU)
  python3-torch
)
if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${pkgs[@]}"
  exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "headroom: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
