#!/usr/bin/env bash
# The workbench's load generator and Hyperfoil (in process, ./workbench load --engine hyperfoil) side
# by side on the same open-model scenario: /hello?wait=0 on the iocore target pinned to CPU 0, each
# generator pinned to CPU 1, one after the other at each rate, in one session.
#   bench/hyperfoil-compare.sh [--rates "10000 20000 50000"] [--duration 10s] [--warmup 5s]
# Output: bench/results/<timestamp>-hyperfoil-compare/ (each run's directory, the table in summary.md).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RATES="10000 20000 50000"; DURATION=10s; WARMUP=5s
while [ $# -gt 0 ]; do
  case "$1" in
    --rates) RATES="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "hyperfoil-compare: unknown option $1" >&2; exit 2 ;;
  esac
done
OUT="$ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-hyperfoil-compare"
mkdir -p "$OUT"
{ uname -a; nproc; echo "load before: $(cat /proc/loadavg)"; } > "$OUT/environment.txt"

taskset -c 0 "$ROOT/workbench" target --server iocore --strategy async-complete > "$OUT/target.out" 2> "$OUT/target.err" &
TARGET_PID=$!
trap 'kill "$TARGET_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  grep -q READY "$OUT/target.out" 2>/dev/null && break
  sleep 0.5
done
URL="$(sed -n 's/^READY //p' "$OUT/target.out")/hello?wait=0"
[ -n "$URL" ] || { echo "hyperfoil-compare: the target did not start" >&2; exit 1; }

# The target's JIT and pools settle before anything is measured.
taskset -c 1 "$ROOT/workbench" load "$URL" --concurrency 64 --duration 10s --out "$OUT/target-warmup" --quiet > /dev/null

dirs=()
for rate in $RATES; do
  taskset -c 1 "$ROOT/workbench" load "$URL" --rate "$rate" --duration "$DURATION" --warmup "$WARMUP" \
    --out "$OUT/loadgen-$rate" --quiet > /dev/null
  taskset -c 1 "$ROOT/workbench" load --engine hyperfoil "$URL" --rate "$rate" --duration "$DURATION" --warmup "$WARMUP" \
    --out "$OUT/hyperfoil-$rate" --quiet > /dev/null
  dirs+=("$OUT/loadgen-$rate" "$OUT/hyperfoil-$rate")
done
echo "load after: $(cat /proc/loadavg)" >> "$OUT/environment.txt"
"$ROOT/workbench" report --table "${dirs[@]}" | tee "$OUT/summary.md"
echo "results in $OUT" >&2
