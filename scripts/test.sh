#!/usr/bin/env bash
# The test command (README; CI's .ci/run calls it): installs what is missing, then runs the
# gates in order, each timed (docs/testing.md):
#   release  Release build (gcc 12) and the whole ctest suite
#   asan     the whole project built with clang 14 under ASan + UBSan + LeakSanitizer (CMake
#            preset asan) and the whole ctest suite: the clang build and the sanitizers at once
#   fuzz     each libFuzzer harness for FUZZ_SECONDS (default 8) on its seed corpus
#   clang    (not by default) a plain clang 14 build (preset clang) and its ctest suite
# HEADROOM_GATES="release asan" runs a subset (default: release asan fuzz). Extra arguments go
# to the release ctest (e.g. -R tst_cli).
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
gates="${HEADROOM_GATES:-release asan fuzz}"
jobs="$(nproc)"
bash scripts/deps.sh
summary=""
# one gate: configure, build and test a CMake preset
preset_gate() {
  local preset="$1"
  shift
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs" "$@"
}
run_gate() {
  local name="$1"
  shift
  local start=$SECONDS
  echo "=== gate $name"
  "$@"
  summary+="$(printf '  %-8s %5d s' "$name" $((SECONDS - start)))"$'\n'
}
for g in $gates; do
  case "$g" in
    release) run_gate release preset_gate release "$@" ;;
    asan) run_gate asan preset_gate asan ;;
    clang) run_gate clang preset_gate clang ;;
    fuzz) run_gate fuzz bash scripts/fuzz.sh ;;
    *)
      echo "unknown gate '$g' (release, asan, clang, fuzz)" >&2
      exit 2 ;;
  esac
done
echo "=== all gates passed; time per gate:"
printf '%s' "$summary"
