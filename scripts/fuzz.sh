#!/usr/bin/env bash
# Runs every fuzz target (cargo fuzz, libFuzzer) for a fixed time or number of executions and
# prints executions, time and corpus size, and findings. Long-running; not part of `npm test`.
# Each finding (fuzz/artifacts/<target>/) is copied to fuzz/regressions/<target>/, which
# tests/fuzz_regressions.rs runs in `cargo test`: commit it with the fix.
#
#   bash scripts/fuzz.sh [seconds per target, default 60]
#   bash scripts/fuzz.sh --runs 10000000      (executions per target: the volume run)
#   FUZZ_TARGETS="host setters" bash scripts/fuzz.sh --runs 10000000
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--runs" ]; then
  limit="-runs=${2:?--runs needs a number}"
  what="${2} executions"
else
  limit="-max_total_time=${1:-60}"
  what="${1:-60}s"
fi
# FUZZ_TARGETS="host setters" picks targets (to run two runners side by side).
read -r -a targets <<< "${FUZZ_TARGETS:-parse parse_with_base setters host urlencoded records urlpattern_constructor urlpattern_exec render}"

command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
# cargo fuzz passes nightly-only flags; RUSTC_BOOTSTRAP lets this stable toolchain take them.
# No sanitizer: the crate forbids unsafe code, so panics and hangs are what is looked for.
export RUSTC_BOOTSTRAP=1
node scripts/fuzz-seed.mjs
summary=""
for target in "${targets[@]}"; do
  log="target/fuzz-$target.log"
  mkdir -p target
  echo "== $target: $what"
  status=0
  # Findings of earlier runs are in fuzz/regressions/ already: count this run's only.
  rm -rf "fuzz/artifacts/$target"
  start=$(date +%s)
  cargo fuzz run "$target" --sanitizer none --release -- \
    "$limit" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  runs=$(grep -aoE "stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" | tail -1)
  corpus=$(find "fuzz/corpus/$target" -type f 2>/dev/null | wc -l)
  findings=$(find "fuzz/artifacts/$target" -type f 2>/dev/null | wc -l)
  if [ "$findings" -gt 0 ]; then
    mkdir -p "fuzz/regressions/$target"
    cp fuzz/artifacts/"$target"/* "fuzz/regressions/$target/"
  fi
  line="$target: ${runs:-?} executions in ${elapsed}s, corpus $corpus inputs, $findings findings (exit $status)"
  echo "$line"
  summary="$summary$line"$'\n'
done
echo
echo "== fuzzing summary ($what per target)"
printf "%s" "$summary"
