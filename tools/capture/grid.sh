#!/usr/bin/env bash
# Captures the committed measured runs (tests/data/measured-runs/) on a CUDA machine with torch,
# transformers and peft: one process per run, headroom_capture writing each file.
#   tools/capture/grid.sh OUTDIR
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?usage: grid.sh OUTDIR}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
M=tests/data/models
run() {
  local name=$1; shift
  echo "+ $name: $*"
  timeout 240 "$PY" tools/capture/capture_run.py "$@" --out "$OUT/$name.headroom.json" \
    || echo "FAILED $name ($?)"
}
# the same variable-length run under expandable segments (the allocator setting the
# what-differs list names)
run_expandable() {
  PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True run "$@"
}
run llama-3.2-1b-full-bf16 --config $M/Llama-3.2-1B --micro-batch 4 --seq-len 1024 --history
run llama-3.2-1b-full-amp-ckpt --config $M/Llama-3.2-1B --precision amp-bf16 --checkpointing \
  --fused --micro-batch 4 --seq-len 2048
run qwen2.5-0.5b-lora-varlen --config $M/Qwen2.5-0.5B --finetune lora --micro-batch 8 \
  --seq-len 2048 --lengths 256,2048 --steps 6 --capture-steps 5
run_expandable qwen2.5-0.5b-lora-varlen-expandable --config $M/Qwen2.5-0.5B --finetune lora \
  --micro-batch 8 --seq-len 2048 --lengths 256,2048 --steps 6 --capture-steps 5
run qwen2.5-0.5b-trainer-amp --config $M/Qwen2.5-0.5B --trainer --precision amp-bf16 \
  --micro-batch 4 --seq-len 1024
run qwen2.5-0.5b-lora-eager --config $M/Qwen2.5-0.5B --finetune lora --attention eager \
  --micro-batch 4 --seq-len 1024 --history
run llama-3.2-3b-lora-ckpt-trainer --config $M/Llama-3.2-3B-Instruct --finetune lora --trainer \
  --checkpointing --micro-batch 2 --seq-len 2048
