#!/usr/bin/env bash
# The run command: installs dependencies, builds, and opens the app on the default scenario
# (Llama-3.1-8B, full fine-tune, bf16, AdamW, micro-batch 4, seq 2048, H100 80GB).
# Without a display it says so, prints the CLI breakdown and writes a screenshot instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
bin=build/release/app
if [ -x "$bin/headroom" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec "$bin/headroom" "$@"
fi
if [ -x "$bin/headroom" ]; then
  echo "headroom: no display found (DISPLAY and WAYLAND_DISPLAY are unset)." >&2
  echo "headroom: writing the window to headroom-default.png with --screenshot instead;" >&2
  echo "headroom: run it under a desktop, or 'xvfb-run build/release/app/headroom', to interact." >&2
  QT_QPA_PLATFORM=offscreen "$bin/headroom" --screenshot headroom-default.png
  echo "headroom: wrote $(pwd)/headroom-default.png" >&2
fi
exec "$bin/headroom-cli" estimate "$@"
