#!/usr/bin/env bash
# One device call's worth of measurements: transformers Trainer (the hf-trainer profile of the
# transformers version installed) on random-weight checkpoints saved in their config's dtype,
# plus a few generate() runs, in parallel lanes on one large GPU (each lane's runs fit beside
# the others'; every run is its own process, so its torch peaks are its own).
#
# Usage: [GRID=fp32|varlen|expandable] tools/measure/hf_trainer_grid.sh OUT_DIR [DEADLINE_S]
#   Writes OUT_DIR/hf-trainer.records.json (every lane's records), OUT_DIR/grid.log and
#   OUT_DIR/failed.txt. No lane starts a run after DEADLINE_S seconds (default 300).
# What ran, and on which machine, is in each record's notes; docs/validation-data.md says how
# the records were added to tests/data.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?OUT_DIR}
DEADLINE=${2:-300}
PY=${PYTHON:-python3}
M=tools/measure
CK=${CHECKPOINTS_DIR:-/tmp/headroom-ckpt}
mkdir -p "$OUT" "$CK"
START=$(date +%s)
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false HF_HUB_OFFLINE=1

{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  $PY -c 'import torch, transformers, peft, accelerate; print("torch", torch.__version__, "transformers", transformers.__version__, "peft", peft.__version__, "accelerate", accelerate.__version__)'
} > "$OUT/env.txt" 2>&1

# Checkpoints, in parallel: model name -> config folder.
declare -A CFG=([Llama-3.2-1B]=tests/data/models/Llama-3.2-1B
                [Qwen2.5-0.5B]=tests/data/models/Qwen2.5-0.5B
                [Llama-3.2-3B-Instruct]=tests/data/models/Llama-3.2-3B-Instruct
                [Qwen2.5-7B]=tests/data/models/Qwen2.5-7B
                [gpt2-large]=tests/data/models/gpt2-large
                [Llama-2-7b-hf]=tests/data/models/Llama-2-7b-hf)
NEEDED="${!CFG[@]}"
[ "${GRID:-auto}" = varlen ] && NEEDED="Qwen2.5-7B Llama-2-7b-hf Llama-3.2-1B Qwen2.5-0.5B"
[ "${GRID:-auto}" = expandable ] && NEEDED="Qwen2.5-7B Llama-3.2-1B Qwen2.5-0.5B"
for m in $NEEDED; do
  $PY $M/make_checkpoint.py "${CFG[$m]}" "$CK/$m" > "$OUT/ckpt-$m.log" 2>&1 &
done
wait

# hf MODEL FINETUNE ATTENTION CHECKPOINTING MICRO SEQ [extra...]: one Trainer run.
hf() {
  local m=$1 ft=$2 attn=$3 ac=$4 mb=$5 seq=$6; shift 6
  run "$m" --config "$CK/$m" --name "$m" --trainer hf --checkpoint "$CK/$m" --finetune "$ft" \
      --attention "$attn" --checkpointing "$ac" --micro-batch "$mb" --seq-len "$seq" "$@"
}
# gen MODEL ATTENTION MICRO PROMPT NEW: one generate() run (bf16 weights, from_config).
gen() {
  run "$1" --config "${CFG[$1]}" --name "$1" --mode inference --attention "$2" \
      --micro-batch "$3" --prompt-tokens "$4" --new-tokens "$5"
}
run() {
  local lane=$LANE m=$1; shift
  if (( $(date +%s) - START > DEADLINE )); then echo "deadline: skipped $m $*" >> "$OUT/failed.txt"; return; fi
  echo "+ [$lane $(( $(date +%s) - START ))s] $m $*" >> "$OUT/lane-$lane.log"
  timeout 180 $PY $M/measure_peak.py "$@" --out "$OUT/lane-$lane.records.json" >> "$OUT/lane-$lane.log" 2>&1
  local rc=$?
  [ $rc -eq 0 ] || echo "rc=$rc lane $lane: $m $*" >> "$OUT/failed.txt"
}

lane_a() { LANE=a  # Qwen2.5-7B (about 65 GB at most)
  hf Qwen2.5-7B lora sdpa full 1 2048 --lora-rank 64 --lora-alpha 16 --lora-targets all-linear
  hf Qwen2.5-7B full sdpa full 1 1024
  hf Qwen2.5-7B lora sdpa full 1 8192 --lora-rank 64 --lora-alpha 16 --lora-targets all-linear
  gen Qwen2.5-7B sdpa 1 4096 256
  hf Qwen2.5-7B lora sdpa none 1 1024 --lora-rank 64 --lora-alpha 16 --lora-targets all-linear
}
lane_b() { LANE=b  # Llama-3.2-3B, gpt2-large (about 35 GB at most)
  hf Llama-3.2-3B-Instruct full sdpa full 2 2048
  hf gpt2-large full sdpa none 4 1024
  hf Llama-3.2-3B-Instruct lora eager none 1 2048 --lora-targets all-linear
  hf Llama-3.2-3B-Instruct lora sdpa full 4 1024 --lora-rank 8 --lora-alpha 16 --lora-targets q_proj,v_proj
}
lane_c() { LANE=c  # Llama-3.2-1B (about 20 GB at most)
  hf Llama-3.2-1B full sdpa none 1 1024
  hf Llama-3.2-1B full sdpa full 4 2048
  hf Llama-3.2-1B lora sdpa none 2 1024 --lora-targets all-linear
  hf Llama-3.2-1B lora eager full 4 2048 --lora-targets all-linear
  gen Llama-3.2-1B sdpa 4 2048 128
  run Llama-3.2-1B --config "${CFG[Llama-3.2-1B]}" --name Llama-3.2-1B --finetune full \
      --precision bf16-true --checkpointing full --micro-batch 4 --seq-len 2048  # plain loop
}
lane_d() { LANE=d  # Qwen2.5-0.5B (about 15 GB at most)
  hf Qwen2.5-0.5B full sdpa none 4 512
  hf Qwen2.5-0.5B full eager none 2 1024
  hf Qwen2.5-0.5B lora sdpa full 8 1024 --lora-rank 8 --lora-alpha 16 --lora-targets q_proj,v_proj
  gen Qwen2.5-0.5B eager 8 512 512
}
# GRID=fp32: the same Trainer with from_pretrained(dtype=float32), what a script that passes no
# dtype got before transformers 5 (HF Trainer 4.x: fp32 weights under bf16 autocast).
lane_a_fp32() { LANE=a
  hf Qwen2.5-7B lora sdpa full 1 2048 --load-dtype fp32 --lora-rank 64 --lora-alpha 16 --lora-targets all-linear
  hf Qwen2.5-7B lora sdpa none 1 1024 --load-dtype fp32 --lora-rank 8 --lora-alpha 16 --lora-targets q_proj,v_proj
  hf Llama-3.2-3B-Instruct full sdpa full 2 2048 --load-dtype fp32
}
lane_b_fp32() { LANE=b
  hf Llama-3.2-3B-Instruct lora eager none 1 2048 --load-dtype fp32 --lora-targets all-linear
  hf Llama-3.2-3B-Instruct lora sdpa full 4 1024 --load-dtype fp32 --lora-rank 8 --lora-alpha 16 --lora-targets q_proj,v_proj
}
lane_c_fp32() { LANE=c
  hf Llama-3.2-1B full sdpa none 1 1024 --load-dtype fp32
  hf Llama-3.2-1B full sdpa full 4 2048 --load-dtype fp32
  hf Llama-3.2-1B lora sdpa none 2 1024 --load-dtype fp32 --lora-targets all-linear
  hf Llama-3.2-1B lora eager full 4 2048 --load-dtype fp32 --lora-targets all-linear
}
lane_d_fp32() { LANE=d
  hf Qwen2.5-0.5B full sdpa none 4 512 --load-dtype fp32
  hf Qwen2.5-0.5B full eager none 2 1024 --load-dtype fp32
  hf Qwen2.5-0.5B lora sdpa full 8 1024 --load-dtype fp32 --lora-rank 8 --lora-alpha 16 --lora-targets q_proj,v_proj
}
# GRID=varlen: the caching allocator under variable sample lengths. LoRA as ms-swift 1.5 runs
# it (rank 8, alpha 32, dropout 0.05, q/k/v, checkpointing, batch 1 padded to its longest
# sample) on lengths drawn like its benchmark dataset's (3234 +- 2547 tokens, 91 to 19548,
# those above max_length dropped), 60 steps, each beside the same run at a fixed length.
SWIFT_LORA=(--lora-rank 8 --lora-alpha 32 --lora-dropout 0.05 --lora-targets q_proj,k_proj,v_proj)
DIST=3234.4,2547.5,91,19548
lane_a_varlen() { LANE=a
  hf Qwen2.5-7B lora sdpa full 1 8192 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST
  hf Qwen2.5-7B lora sdpa full 1 8192 "${SWIFT_LORA[@]}"
}
lane_b_varlen() { LANE=b
  hf Llama-2-7b-hf lora sdpa full 1 4096 --load-dtype bf16 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST
  hf Llama-2-7b-hf lora sdpa full 1 4096 --load-dtype bf16 "${SWIFT_LORA[@]}"
  hf Llama-2-7b-hf lora sdpa full 1 2048 --load-dtype bf16 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST
}
lane_c_varlen() { LANE=c
  hf Llama-3.2-1B lora sdpa none 1 8192 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST
  hf Llama-3.2-1B lora sdpa none 1 8192 "${SWIFT_LORA[@]}"
}
lane_d_varlen() { LANE=d
  hf Qwen2.5-0.5B full sdpa full 1 4096 --steps 60 --random-lengths $DIST
  hf Qwen2.5-0.5B full sdpa full 1 4096
}
# GRID=expandable: the variable-length runs again with PYTORCH_CUDA_ALLOC_CONF
# expandable_segments:True (segments grow in place instead of one cudaMalloc per new size).
lane_a_expandable() { LANE=a
  hf Qwen2.5-7B lora sdpa full 1 8192 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST --alloc-conf expandable_segments:True
}
lane_b_expandable() { LANE=b
  hf Llama-3.2-1B lora sdpa none 1 8192 "${SWIFT_LORA[@]}" --steps 60 --random-lengths $DIST --alloc-conf expandable_segments:True
}
lane_c_expandable() { LANE=c
  hf Qwen2.5-0.5B full sdpa full 1 4096 --steps 60 --random-lengths $DIST --alloc-conf expandable_segments:True
}
if [ "${GRID:-auto}" = expandable ]; then
  lane_a_expandable & lane_b_expandable & lane_c_expandable &
elif [ "${GRID:-auto}" = varlen ]; then
  lane_a_varlen & lane_b_varlen & lane_c_varlen & lane_d_varlen &
elif [ "${GRID:-auto}" = fp32 ]; then
  lane_a_fp32 & lane_b_fp32 & lane_c_fp32 & lane_d_fp32 &
else
  lane_a & lane_b & lane_c & lane_d &
fi
wait

$PY - "$OUT" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
recs = []
for f in sorted(out.glob("lane-*.records.json")):
    recs += json.loads(f.read_text())
(out / "hf-trainer.records.json").write_text(json.dumps(recs, indent=1) + "\n")
print(f"{len(recs)} records")
PY
cat "$OUT"/lane-*.log "$OUT"/ckpt-*.log > "$OUT/grid.log" 2>/dev/null
rm -f "$OUT"/lane-*.log "$OUT"/ckpt-*.log "$OUT"/lane-*.records.json
touch "$OUT/failed.txt"
echo "grid: $(( $(date +%s) - START )) s; failed:"; cat "$OUT/failed.txt"
