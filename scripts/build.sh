#!/usr/bin/env bash
# Configures and builds the Release tree in build/release (CMakePresets.json "release").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
