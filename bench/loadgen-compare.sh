#!/usr/bin/env bash
# loadgen-compare.sh: the load generator's five benchmark targets in one session, each judged.
# The fastest hello target (iocore, async-complete) runs pinned to CPU 0; every load tool runs
# pinned to CPU 1 (taskset -c 1), one after the other, against the same warm server:
#   1. open model at 20,000 req/s for D s: achieved within 1% of the rate, generator lag p99 < 1 ms;
#   2. the highest open-model rate held within 1% with lag p99 < 1 ms (rates tried in turn until one
#      fails): at least 80,000 req/s, wrk2's best here; wrk2 at the same rate beside it;
#   3. no timer floor: at 10,000 req/s, intended->end p50 within 0.2 ms of send->end p50;
#      wrk2 at 10,000 req/s beside it (its corrected and uncorrected p50);
#   4. 1,000 connections at 20,000 req/s: the generator's CPU at most half of wrk2's in the same run;
#   5. closed model, 64 connections: at least 0.9x the req/s of wrk -t1 -c64.
# Raw output goes to bench/results/<timestamp>-loadgen-compare/ (each loadgen run's directory with
# its summary.json, hlog and hgrm files; each wrk/wrk2 run's text), the table to stdout and
# summary.md there. Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="loadgen-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

WRK2="${WRK2:-}"
DURATION=10
WARMUP=5
SERVER_WARMUP=30
RATES="40000 60000 80000 100000 120000 140000 160000"
TARGETS="1 2 3 4 5"
OUT=""

usage() {
  cat <<EOF
usage: bench/loadgen-compare.sh [options]

  --wrk2 PATH        the wrk2 binary for the side-by-side runs (default: \$WRK2); without one the
                     wrk2 columns are skipped and target 4 cannot be judged
  --duration S       seconds of each measured run (default $DURATION)
  --warmup S         loadgen's warm-up before each measured run, same schedule (default $WARMUP)
  --server-warmup S  seconds of wrk load on the server before anything is measured (default $SERVER_WARMUP)
  --rates "R ..."    open-model rates tried in turn for target 2 (default: $RATES)
  --targets "N ..."  which targets to run (default: $TARGETS)
  --quick            a smoke run that proves the script: --duration 3 --warmup 2 --server-warmup 5
                     --rates "40000 80000" (its figures are not results)
  --out DIR          where to put the results (default bench/results/<timestamp>-loadgen-compare)

The server: ./workbench target --server iocore --strategy async-complete, on CPU 0. The tools, on
CPU 1: ./workbench load (loadgen), \$WRK2 -t1 -R (wrk2, --latency -U for its corrected and
uncorrected distributions), wrk -t1 -c64 (Debian's wrk). A tool's CPU share is its CPU time over
its wall time: loadgen's from its own summary.json (generator.cpuPercentOfOneCore, the run with
its warm-up, JVM start-up excluded), wrk2's from getrusage of the process.
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --wrk2) WRK2="${2:?--wrk2 needs a path}"; shift 2 ;;
    --duration) positive "$1" "${2:-}"; DURATION="$2"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --server-warmup) positive "$1" "${2:-}"; SERVER_WARMUP="$2"; shift 2 ;;
    --rates) RATES="${2:?--rates needs a list}"; shift 2 ;;
    --targets) TARGETS="${2:?--targets needs a list}"; shift 2 ;;
    --quick) DURATION=3; WARMUP=2; SERVER_WARMUP=5; RATES="40000 80000"; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
for rate in $RATES; do positive --rates "$rate"; done
for t in $TARGETS; do [[ "$t" =~ ^[1-5]$ ]] || bench_die "--targets takes numbers 1 to 5, got '$t'"; done

require_tools wrk taskset awk python3
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
if [ -n "$WRK2" ]; then
  [ -x "$WRK2" ] || bench_die "--wrk2 $WRK2 is not an executable"
else
  bench_say "no wrk2 given (--wrk2 PATH or WRK2=PATH): the wrk2 columns are skipped"
fi
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-loadgen-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  machine_lines
  echo "wrk: $(wrk --version 2>&1 | head -n 1 | cut -c1-40); wrk2: ${WRK2:-none}"
  echo "command: bench/loadgen-compare.sh --duration $DURATION --warmup $WARMUP --server-warmup $SERVER_WARMUP" \
       "--rates \"$RATES\" --targets \"$TARGETS\"${WRK2:+ --wrk2 $WRK2}"
} >"$OUT/environment.txt"

# Builds the target and the load generator first, so that no run below pays for a build.
build_targets

# json FILE EXPRESSION: a value out of a summary.json (EXPRESSION in Python over `s`).
json() {
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); v = eval(sys.argv[2]); print("n/a" if v is None else v)' "$1" "$2"
}

# loadgen NAME ARGS...: one run of ./workbench load on CPU 1 into $OUT/NAME; prints nothing, the
# summary is $OUT/NAME/summary.json.
loadgen() {
  local name="$1"
  shift
  bench_say "loadgen $name: $*"
  timeout $((DURATION + WARMUP + 120)) taskset -c 1 "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" "$@" \
    --label "$name" --out "$OUT/$name" >"$OUT/$name.stdout" 2>"$OUT/$name.stderr" || bench_say "  loadgen exited with status $?"
  [ -f "$OUT/$name/summary.json" ] || bench_die "loadgen $name wrote no summary: $(tail -n 3 "$OUT/$name.stderr" | tr '\n' ' ')"
}

# wrk2_run NAME RATE CONNECTIONS: wrk2 on CPU 1 into $OUT/NAME.txt, with its CPU time (getrusage,
# through a python3 wrapper) into $OUT/NAME.rusage.
wrk2_run() {
  local name="$1" rate="$2" connections="$3"
  bench_say "wrk2 $name: -t1 -c$connections -R$rate -d${DURATION}s"
  # The CPU time of wrk2 and its children (getrusage), and the wall time around it, from one small
  # wrapper, as key=value lines.
  python3 -c '
import resource, subprocess, sys, time
start = time.monotonic()
with open(sys.argv[1], "w") as out:
    status = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT).returncode
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print("exit_status=%d" % status)
print("wall_seconds=%.3f" % wall)
print("cpu_seconds=%.3f" % cpu)
print("cpu_percent=%.0f" % (100 * cpu / wall if wall > 0 else 0))
' "$OUT/$name.txt" timeout $((DURATION + 60)) taskset -c 1 "$WRK2" -t1 -c"$connections" -d"${DURATION}s" -R"$rate" --latency -U \
    "$TARGET_URL/hello" >"$OUT/$name.rusage"
}

# wrk2 figures of a run: "corrected-p50-ms uncorrected-p50-ms req/s cpu-percent" (n/a where wrk2's
# output could not be read).
wrk2_figures() {
  local key value cpu=0
  while IFS='=' read -r key value; do
    [ "$key" = cpu_percent ] && cpu="$value"
  done <"$OUT/$1.rusage"
  if peer_figures wrk2 "$OUT/$1.txt"; then
    echo "${PEER[corrected_p50_ms]} ${PEER[uncorrected_p50_ms]:-n/a} ${PEER[rps]} $cpu"
  else
    echo "n/a n/a n/a $cpu"
  fi
}

# A loadgen run's figures: "achieved/target lag-p99-ms intended-p50 service-p50 cpu-% valid".
loadgen_figures() {
  local s="$OUT/$1/summary.json"
  json "$s" '"%s %.4f %.3f %.3f %.3f %.0f %s" % (s["achievedRate"], (s["achievedRate"] or 0) / s["targetRate"] if s["targetRate"] else 0, s["latency"]["intendedToSend"]["p99Ms"], s["latency"]["intendedToEnd"]["p50Ms"], s["latency"]["sendToEnd"]["p50Ms"], s["generator"]["cpuPercentOfOneCore"], s["validity"]["valid"])'
}

# The server, on CPU 0, warmed up with wrk on CPU 1.
bench_say "iocore hello target (async-complete) on CPU 0"
start_target iocore "$OUT/server" taskset -c 0 || bench_die "the target did not start"
bench_say "warming the server up: wrk -t1 -c64 for ${SERVER_WARMUP}s"
timeout $((SERVER_WARMUP + 30)) taskset -c 1 wrk -t1 -c64 -d"${SERVER_WARMUP}s" "$TARGET_URL/hello" >"$OUT/server-warmup.txt" 2>&1 || true

printf '| # | target | measured | verdict |\n|---|---|---|---|\n' >"$OUT/summary.md"
# row N TARGET MEASURED VERDICT
row() {
  printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4" >>"$OUT/summary.md"
}
met() { if [ "$1" = 1 ]; then echo "met"; else echo "missed"; fi; }

# A loadgen open run held its rate: achieved within 1% of the target, lag p99 under 1 ms.
held() {
  awk -v f="$2" -v lag="$3" 'BEGIN { print ((f >= 0.99 && f <= 1.01 && lag < 1.0) ? 1 : 0) }'
}

for t in $TARGETS; do
  case "$t" in
    1)
      loadgen t1-open-20k --rate 20000 --duration "${DURATION}s" --warmup "${WARMUP}s"
      read -r achieved fraction lag p50 service cpu valid <<<"$(loadgen_figures t1-open-20k)"
      row 1 "open 20,000 req/s for ${DURATION} s: within 1%, lag p99 < 1 ms" \
        "achieved $(printf '%.0f' "$achieved") req/s ($(awk -v f="$fraction" 'BEGIN { printf "%.2f%%", 100 * f }') of target), lag p99 $lag ms, CPU $cpu%" \
        "$(met "$(held x "$fraction" "$lag")")"
      ;;
    2)
      best=0
      measured=""
      for rate in $RATES; do
        loadgen "t2-open-$rate" --rate "$rate" --duration "${DURATION}s" --warmup "${WARMUP}s"
        read -r achieved fraction lag p50 service cpu valid <<<"$(loadgen_figures "t2-open-$rate")"
        measured="$measured $rate: $(awk -v f="$fraction" 'BEGIN { printf "%.2f%%", 100 * f }') lag p99 $lag ms;"
        if [ "$(held x "$fraction" "$lag")" = 1 ]; then best="$rate"; else break; fi
      done
      side=""
      if [ -n "$WRK2" ]; then
        wrk2_run t2-wrk2-80k 80000 64
        read -r c u rps cpu2 <<<"$(wrk2_figures t2-wrk2-80k)"
        side=" (wrk2 -c64 -R80000: $rps req/s, corrected p50 $c ms, uncorrected $u ms)"
      fi
      row 2 "highest open rate held within 1%, lag p99 < 1 ms: >= 80,000 req/s" \
        "held $best req/s;$measured$side" "$(met "$(awk -v b="$best" 'BEGIN { print ((b >= 80000) ? 1 : 0) }')")"
      ;;
    3)
      loadgen t3-open-10k --rate 10000 --duration "${DURATION}s" --warmup "${WARMUP}s"
      read -r achieved fraction lag p50 service cpu valid <<<"$(loadgen_figures t3-open-10k)"
      gap="$(awk -v a="$p50" -v b="$service" 'BEGIN { printf "%.3f", a - b }')"
      side=""
      if [ -n "$WRK2" ]; then
        wrk2_run t3-wrk2-10k 10000 64
        read -r c u rps cpu2 <<<"$(wrk2_figures t3-wrk2-10k)"
        side="; wrk2 -c64 -R10000: corrected p50 $c ms, uncorrected $u ms"
      fi
      row 3 "no timer floor at 10,000 req/s: intended->end p50 within 0.2 ms of send->end p50" \
        "intended->end p50 $p50 ms, send->end p50 $service ms (gap $gap ms), lag p99 $lag ms$side" \
        "$(met "$(awk -v g="$gap" 'BEGIN { print ((g <= 0.2) ? 1 : 0) }')")"
      ;;
    4)
      loadgen t4-open-20k-1000c --rate 20000 --preconnect 1000 --reuse fifo --duration "${DURATION}s" --warmup "${WARMUP}s"
      read -r achieved fraction lag p50 service cpu valid <<<"$(loadgen_figures t4-open-20k-1000c)"
      opened="$(json "$OUT/t4-open-20k-1000c/summary.json" 's["connections"]["opened"]')"
      if [ -n "$WRK2" ]; then
        wrk2_run t4-wrk2-20k-1000c 20000 1000
        read -r c u rps cpu2 <<<"$(wrk2_figures t4-wrk2-20k-1000c)"
        row 4 "1,000 connections at 20,000 req/s: CPU at most half of wrk2's" \
          "loadgen $cpu% of a core ($opened connections, $(printf '%.0f' "$achieved") req/s, lag p99 $lag ms); wrk2 $cpu2% ($rps req/s)" \
          "$(met "$(awk -v a="$cpu" -v b="$cpu2" 'BEGIN { print ((b > 0 && a <= b / 2) ? 1 : 0) }')")"
      else
        row 4 "1,000 connections at 20,000 req/s: CPU at most half of wrk2's" "loadgen $cpu% of a core; no wrk2 given" "not judged"
      fi
      ;;
    5)
      loadgen t5-closed-64 --concurrency 64 --duration "${DURATION}s" --warmup "${WARMUP}s"
      closed="$(json "$OUT/t5-closed-64/summary.json" 's["achievedRate"]')"
      bench_say "wrk t5-wrk-64: -t1 -c64 -d${DURATION}s"
      timeout $((DURATION + 30)) taskset -c 1 wrk -t1 -c64 -d"${DURATION}s" --latency "$TARGET_URL/hello" >"$OUT/t5-wrk-64.txt" 2>&1 || true
      wrk_rps=""
      if peer_figures wrk "$OUT/t5-wrk-64.txt"; then wrk_rps="${PEER[rps]}"; fi
      ratio="$(awk -v a="$closed" -v b="${wrk_rps:-0}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
      row 5 "closed model, 64 connections: >= 0.9x wrk -t1 -c64" \
        "loadgen $(printf '%.0f' "$closed") req/s, wrk ${wrk_rps:-n/a} req/s: ${ratio}x" \
        "$(met "$(awk -v r="$ratio" 'BEGIN { print ((r >= 0.9) ? 1 : 0) }')")"
      ;;
  esac
done

echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/environment.txt"
cat "$OUT/summary.md"
bench_say "raw output in ${OUT#"$BENCH_ROOT"/}"
