#!/usr/bin/env bash
# The test command: installs dependencies, builds, and runs the whole suite (ctest, offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --preset release -j "$(nproc)" "$@"
