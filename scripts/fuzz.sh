#!/usr/bin/env bash
# Fuzz smoke run (docs/testing.md): builds the libFuzzer harnesses (CMake preset "fuzz",
# clang++-14 with ASan + UBSan) and runs each for FUZZ_SECONDS (default 8) on a scratch copy of
# its committed seed corpus (tests/fuzz/corpus/<target>). A crash, leak, sanitizer report or
# timeout fails the run, and the input that caused it is copied into
# tests/fuzz/regressions/<target>/, which ctest replays in every build (fuzz_replay_<target>):
# commit it with the fix.
#   scripts/fuzz.sh [target...]      (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
seconds="${FUZZ_SECONDS:-8}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(hf_config safetensors_header safetensors_index scenario records presets serving_records
    memory_snapshot measured_run)
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)" --target "${targets[@]/#/fuzz_}"
status=0
for t in "${targets[@]}"; do
  work="$(mktemp -d)"
  cp -r "tests/fuzz/corpus/$t/." "$work/"
  artifacts="$(mktemp -d)"
  echo "fuzz_$t: ${seconds} s"
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" \
      >"$artifacts/log.txt" 2>&1; then
    status=1
    tail -n 40 "$artifacts/log.txt"
    for f in "$artifacts"/crash-* "$artifacts"/leak-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
      [ -e "$f" ] || continue
      cp "$f" "tests/fuzz/regressions/$t/"
      echo "fuzz_$t: kept $(basename "$f") in tests/fuzz/regressions/$t/ (commit it with the fix)"
    done
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$artifacts/log.txt" | sed "s/^/  /"
  fi
  rm -rf "$work" "$artifacts"
done
exit "$status"
