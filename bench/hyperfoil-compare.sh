#!/usr/bin/env bash
# hyperfoil-compare.sh: the workbench's load generator and Hyperfoil (in process, ./workbench load
# --engine hyperfoil) side by side on the same open-model scenario: /hello?wait=0 on the iocore
# target pinned to CPU 0, each generator pinned to CPU 1, one after the other at each rate, in one
# session. Output: bench/results/<timestamp>-hyperfoil-compare/ (each run's directory, the table in
# summary.md). Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="hyperfoil-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

RATES="10000 20000 50000"
DURATION=10s
WARMUP=5s
OUT=""

usage() {
  cat <<EOF
usage: bench/hyperfoil-compare.sh [options]

  --rates "R ..."   open-model rates, each run by both generators (default: $RATES)
  --duration D      measured time of each run (default $DURATION)
  --warmup D        each generator's warm-up at the same rate before it measures (default $WARMUP)
  --out DIR         where to put the results (default bench/results/<timestamp>-hyperfoil-compare)
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --rates) RATES="${2:?--rates needs a list}"; shift 2 ;;
    --duration) DURATION="${2:?--duration needs a value}"; shift 2 ;;
    --warmup) WARMUP="${2:?--warmup needs a value}"; shift 2 ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done

require_tools taskset
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (target on CPU 0, generators on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-hyperfoil-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  machine_lines
  echo "command: bench/hyperfoil-compare.sh --rates \"$RATES\" --duration $DURATION --warmup $WARMUP"
} >"$OUT/environment.txt"

build_targets
start_target iocore "$OUT/target" taskset -c 0 || bench_die "the iocore target did not start"
URL="$TARGET_URL/hello?wait=0"

# The target's JIT and pools settle before anything is measured.
taskset -c 1 "$BENCH_ROOT/workbench" load "$URL" --concurrency 64 --duration 10s --out "$OUT/target-warmup" --quiet >/dev/null

dirs=()
for rate in $RATES; do
  for engine in loadgen hyperfoil; do
    bench_say "$engine at $rate req/s"
    taskset -c 1 "$BENCH_ROOT/workbench" load --engine "$engine" "$URL" --rate "$rate" --duration "$DURATION" \
      --warmup "$WARMUP" --out "$OUT/$engine-$rate" --quiet >/dev/null
    dirs+=("$OUT/$engine-$rate")
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/environment.txt"
stop_target
"$BENCH_ROOT/workbench" report --table "${dirs[@]}" | tee "$OUT/summary.md"
bench_say "raw results in $OUT"
