#!/usr/bin/env bash
# pacing-compare.sh: the ways a generator loop can wait for an intended time less than a
# millisecond away, measured side by side in one session against the same warm server, so that the
# load generator's default rests on figures anyone can rerun.
# The iocore hello target (async-complete) runs pinned to CPU 0, the generator pinned to CPU 1; for
# each variant (a --pacing mode with a --batch window and a --spin window) and each rate, one open
# run over 64 preconnected connections, the most it may open (as wrk2 -c64 keeps 64), in rounds (every variant once per round, so that a drift of
# the machine touches them all alike). Per run it reports the generator's lateness (intended -> tried to send
# p50/p99), the service time p50 (a way of waiting that delays reads shows there), the CPU over the
# measured phase (everything the process spent, spinning included) and its loop's busy and spin
# shares, the context switches of all its threads per second of its run (getrusage: each is a
# sleep or a preemption, and a wake costs the kernel far more than the loop's own work per request),
# and the verdict. With --wrk2, wrk2 -t1 -c64 at each rate runs in every round beside them, its CPU
# and switches over its whole run: the open-model peer whose timers wake once a millisecond.
# Raw output: bench/results/<timestamp>-pacing-compare/ (each run's directory), the table on stdout
# and in summary.md there. Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="pacing-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

DURATION=10
WARMUP=5
SERVER_WARMUP=30
ROUNDS=2
RATES="20000 50000"
VARIANTS="alarm/100us/0 alarm/0/0 alarm/50us/0 alarm/200us/0 select/0/0 park/0/0 spin/0/1200us"
WRK2="${WRK2:-}"
OUT=""

usage() {
  cat <<EOF
usage: bench/pacing-compare.sh [options]

  --variants "V ..."  each MODE/BATCH/SPIN: --pacing MODE --batch BATCH --spin SPIN
                      (default: $VARIANTS)
  --rates "R ..."     open-model rates (default: $RATES)
  --rounds N          every variant and rate once per round (default $ROUNDS)
  --duration S        seconds of each measured run (default $DURATION)
  --warmup S          the generator's warm-up before each (default $WARMUP)
  --server-warmup S   seconds of wrk load on the server first (default $SERVER_WARMUP)
  --wrk2 PATH         also run wrk2 -t1 -c64 -R RATE in every round (default: \$WRK2; none: skipped)
  --quick             a smoke run: --rounds 1 --duration 3 --warmup 1 --server-warmup 5 (figures are not results)
  --out DIR           where to put the results (default bench/results/<timestamp>-pacing-compare)
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --variants) VARIANTS="${2:?--variants needs a list}"; shift 2 ;;
    --rates) RATES="${2:?--rates needs a list}"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --duration) positive "$1" "${2:-}"; DURATION="$2"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --server-warmup) positive "$1" "${2:-}"; SERVER_WARMUP="$2"; shift 2 ;;
    --quick) ROUNDS=1; DURATION=3; WARMUP=1; SERVER_WARMUP=5; shift ;;
    --wrk2) WRK2="${2:?--wrk2 needs a path}"; shift 2 ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
for rate in $RATES; do positive --rates "$rate"; done
for variant in $VARIANTS; do
  [[ "$variant" =~ ^(alarm|select|park|spin)/[0-9]+(us|ms)?/[0-9]+(us|ms)?$ ]] || bench_die "--variants: MODE/BATCH/SPIN, got '$variant'"
done

require_tools wrk taskset python3
[ -z "$WRK2" ] || [ -x "$WRK2" ] || bench_die "--wrk2 $WRK2 is not an executable"
# timed's bound on each run: its duration, plus the warm-up, the priming and the JVM's start.
TIMED_SLACK=$((WARMUP + 120))
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-pacing-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM
{
  machine_lines
  echo "command: bench/pacing-compare.sh --variants \"$VARIANTS\" --rates \"$RATES\" --rounds $ROUNDS --duration $DURATION" \
       "--warmup $WARMUP --server-warmup $SERVER_WARMUP${WRK2:+ --wrk2 $WRK2}"
} >"$OUT/environment.txt"

build_targets
bench_say "iocore hello target (async-complete) on CPU 0"
start_target iocore "$OUT/server" taskset -c 0 || bench_die "the target did not start"
bench_say "warming the server up: wrk -t1 -c64 for ${SERVER_WARMUP}s"
timeout $((SERVER_WARMUP + 30)) taskset -c 1 wrk -t1 -c64 -d"${SERVER_WARMUP}s" "$TARGET_URL/hello" >"$OUT/server-warmup.txt" 2>&1 || true

printf '| round | variant (pacing/batch/spin) | rate | lag p50 ms | lag p99 ms | service p50 ms | CPU %% (measured) | loop busy | spin | switches/s | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|\n' >"$OUT/summary.md"
for round in $(seq 1 "$ROUNDS"); do
  for rate in $RATES; do
    for variant in $VARIANTS; do
      IFS=/ read -r mode batch spin <<<"$variant"
      name="r$round-$mode-b$batch-s$spin-$rate"
      bench_say "$name"
      timed "$name" "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" --rate "$rate" \
        --duration "${DURATION}s" --warmup "${WARMUP}s" --preconnect 64 --max-connections 64 \
        --pacing "$mode" --batch "$batch" --spin "$spin" --label "$name" --out "$OUT/$name" --quiet
      [ "$(rusage "$name" exit_status)" = 0 ] || bench_say "  exited with status $(rusage "$name" exit_status)"
      [ -f "$OUT/$name/summary.json" ] || bench_die "$name wrote no summary: $(tail -n 3 "$OUT/$name.txt" | tr '\n' ' ')"
      python3 - "$OUT/$name/summary.json" "$round" "$variant" "$rate" "$(rusage "$name" switches_per_second)" >>"$OUT/summary.md" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
g, l, v = s["generator"], s["latency"], s["validity"]
# The generator's lateness; a summary written before it was kept apart has its intended->send.
lag = l.get("lateness") or l["intendedToSend"]
cpu = 100 * g["measuredCpuSeconds"] / g["measuredWallSeconds"] if g["measuredWallSeconds"] else 0
share = lambda x: "-" if x is None else "%.2f" % x
print("| %s | %s | %s | %.3f | %.3f | %.3f | %.1f | %s | %s | %s | %s |" % (sys.argv[2], sys.argv[3], sys.argv[4],
      lag["p50Ms"], lag["p99Ms"], l["sendToEnd"]["p50Ms"], cpu,
      share(g["loopBusyShare"]), share(g["loopSpinShare"]), sys.argv[5],
      "valid" if v["valid"] else "invalid (%s)" % v["limitedBy"]))
PY
    done
    if [ -n "$WRK2" ]; then
      name="r$round-wrk2-$rate"
      bench_say "$name"
      timed "$name" "$WRK2" -t1 -c64 -d"${DURATION}s" -R"$rate" --latency "$TARGET_URL/hello"
      rps="n/a"
      if peer_figures wrk2 "$OUT/$name.txt"; then rps="${PEER[rps]}"; fi
      printf '| %s | wrk2 -t1 -c64 (%s req/s achieved) | %s | - | - | - | %s (whole run) | - | - | %s | - |\n' "$round" "$rps" "$rate" \
        "$(rusage "$name" cpu_percent)" "$(rusage "$name" switches_per_second)" >>"$OUT/summary.md"
    fi
  done
done

echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/environment.txt"
cat "$OUT/summary.md"
bench_say "raw output in ${OUT#"$BENCH_ROOT"/}"
