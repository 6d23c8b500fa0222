#!/usr/bin/env bash
# Runs tools/measure/measure_peak.py over a grid of configurations, one process per point,
# and collects the schema-v1 records in one file that `headroom-cli validate` reads.
#
# Usage: tools/measure/grid.sh [OUT]            (default OUT: measured.records.json)
# Environment (space-separated lists; defaults in brackets):
#   MODELS       config.json files or folders [tests/data/models/Llama-3.2-1B tests/data/models/Qwen2.5-0.5B]
#   FINETUNES    full lora qlora [full lora qlora]
#   ATTENTIONS   eager sdpa [eager sdpa]
#   CHECKPOINTS  none full [none full]
#   BATCHES      micro-batches [1 4]
#   SEQS         sequence lengths [512 2048]
#   INFER        1 to add inference runs (prompt x new tokens below) [1]
#   PROMPTS      prompt lengths for inference [128 2048]
#   NEWS         generated tokens for inference [128]
#   PYTHON       interpreter [python3]
#   QUICK=1      one model, sdpa only, batch 1 and 4 at 1024 tokens: a smoke run
# Out-of-memory points are logged to OUT.oom.txt and skipped; any other failure is logged to
# OUT.failed.txt and the grid goes on. Re-running replaces the records of a point (same id).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-measured.records.json}
PY=${PYTHON:-python3}
SCRIPT=tools/measure/measure_peak.py
MODELS=${MODELS:-"tests/data/models/Llama-3.2-1B tests/data/models/Qwen2.5-0.5B"}
FINETUNES=${FINETUNES:-"full lora qlora"}
ATTENTIONS=${ATTENTIONS:-"eager sdpa"}
CHECKPOINTS=${CHECKPOINTS:-"none full"}
BATCHES=${BATCHES:-"1 4"}
SEQS=${SEQS:-"512 2048"}
INFER=${INFER:-1}
PROMPTS=${PROMPTS:-"128 2048"}
NEWS=${NEWS:-"128"}
if [ "${QUICK:-0}" = 1 ]; then
  MODELS=${MODELS%% *}; ATTENTIONS=sdpa; CHECKPOINTS="none full"; BATCHES="1 4"; SEQS=1024
  PROMPTS=512; NEWS=64
fi
: > "$OUT.log"
ok=0; oom=0; failed=0

run() {
  echo "+ $PY $SCRIPT $*" >> "$OUT.log"
  "$PY" "$SCRIPT" "$@" --out "$OUT" >> "$OUT.log" 2>&1
  case $? in
    0) ok=$((ok + 1)) ;;
    3) oom=$((oom + 1)); echo "$*" >> "$OUT.oom.txt" ;;
    *) failed=$((failed + 1)); echo "$*" >> "$OUT.failed.txt" ;;
  esac
}

for model in $MODELS; do
  for ft in $FINETUNES; do
    for attn in $ATTENTIONS; do
      for ac in $CHECKPOINTS; do
        for mb in $BATCHES; do
          for seq in $SEQS; do
            extra=()
            if [ "$ft" != full ]; then extra=(--lora-rank 16 --lora-targets all-linear); fi
            run --config "$model" --finetune "$ft" --attention "$attn" --checkpointing "$ac" \
                --micro-batch "$mb" --seq-len "$seq" "${extra[@]}"
          done
        done
      done
    done
  done
  if [ "$INFER" = 1 ]; then
    for attn in $ATTENTIONS; do
      for mb in $BATCHES; do
        for p in $PROMPTS; do
          for n in $NEWS; do
            run --config "$model" --mode inference --attention "$attn" --micro-batch "$mb" \
                --prompt-tokens "$p" --new-tokens "$n"
          done
        done
      done
    done
  fi
done
echo "grid: $ok measured, $oom out of memory, $failed failed; records in $OUT (log: $OUT.log)"
[ "$failed" -eq 0 ]
