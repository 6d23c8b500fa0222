#!/usr/bin/env bash
# Renders the screenshots of docs/images with `headroom --screenshot --check-labels` (offscreen,
# no display needed) and stops at the first picture with a cut, elided or overlapping text.
#   tools/screenshots/make.sh [build/release/app/headroom]
# Scenarios: the default (Llama-3.1-8B full fine-tune on one H100), compare-b.json (micro-batch
# 8 with full checkpointing and no framework profile, pure bf16: the B of Compare) and serving-qwen2.5-72b-tp4.json (inference, 32k
# context on 4 x H100 in TP, the Serving tab) and server-qwen2.5-72b-tp4.json (the same served
# by vLLM at gpu_memory_utilization 0.9: the serving cliff).
set -euo pipefail
cd "$(dirname "$0")/../.."
app="${1:-build/release/app/headroom}"
here=tools/screenshots
out=docs/images
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
shot() { # FILE ARGS...
  local file="$1"
  shift
  local rc=0
  "$app" --screenshot "$out/$file" --check-labels "$@" 2>"$log" || rc=$?
  grep -vE 'propagateSizeHints|XDG_RUNTIME_DIR' "$log" || true
  if [ "$rc" -ne 0 ]; then
    echo "make.sh: $file: exit $rc (3: unreadable texts above)" >&2
    exit "$rc"
  fi
}
for size in 1280x720 3840x2160; do
  for theme in light dark; do
    for tab in breakdown playbook layout timeline; do
      shot "stage-$size-$theme-$tab.png" --presentation --size "$size" --theme "$theme" --tab "$tab"
    done
    shot "stage-$size-$theme-serving.png" --presentation --size "$size" --theme "$theme" \
      --tab serving --scenario "$here/serving-qwen2.5-72b-tp4.json"
    shot "stage-$size-$theme-compare.png" --presentation --size "$size" --theme "$theme" \
      --compare "$here/compare-b.json"
  done
done
shot compare.png --size 1600x1000 --compare "$here/compare-b.json"
shot compare-de-1600x1000.png --size 1600x1000 --language de --compare "$here/compare-b.json"
shot playbook-de-1600x1000.png --size 1600x1000 --language de --tab playbook
shot normal.png --size 1600x1000
# a verdict the band decides: "may not fit" (Llama 3.1 8B LoRA, 4 x 2080 tokens, one H100)
shot may-not-fit-1600x1000.png --size 1600x1000 --scenario "$here/may-not-fit.json"
shot stage-1280x720-light-may-not-fit.png --presentation --size 1280x720 \
  --scenario "$here/may-not-fit.json"
# a sized server: the cliff panel draws the serving curve (docs/gui.md "Serving cliff")
shot serving-cliff.png --size 1600x1000 --scenario "$here/server-qwen2.5-72b-tp4.json"
