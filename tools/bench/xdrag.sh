#!/usr/bin/env bash
# Runs bench_xdrag (bench/bench_xdrag.cpp) on its own Xvfb screen, 1920x1080x24, and stops it.
#   tools/bench/xdrag.sh [steps] [CASE]      BUILD=build/release (default)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${BUILD:-build/release}/bench/bench_xdrag"
[ -x "$bin" ] || { echo "xdrag.sh: $bin not built (needs libxtst-dev, libxdamage-dev)" >&2; exit 2; }
display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  [ -e "/tmp/.X11-unix/X${display#:}" ] && break
  sleep 0.1
done
DISPLAY="$display" "$bin" "$@"
