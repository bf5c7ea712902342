#!/usr/bin/env bash
# trace-cost.sh: what tracing costs a target. GET /hello with a zero wait at a fixed open rate
# (20,000 req/s by default) from the load generator, against each cell started with and without
# --trace, the generator with and without --trace to match: the traced requests carry their ids,
# the target stamps them and keeps one record each, and after the run the generator fetches the
# records (GET /trace) and joins them. The figure is the target's CPU per request (utime + stime
# from /proc/PID/stat over the load command, the /trace fetch included, divided by the requests
# its /stats counted), traced over untraced, with the untraced and traced runs of each cell
# interleaved round by round (their order alternating) so the machine's drift moves both. Each
# run is a fresh JVM (pinned to CPU 0), warmed by a closed run of the same requests; the generator
# runs on CPU 1. Raw output goes to bench/results/<timestamp>-trace-cost/, the table to stdout and
# summary.md there. Every run is bounded in count and time; nothing is left running.
set -euo pipefail

BENCH_NAME="trace-cost"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"
# shellcheck source=bench/cell-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/cell-lib.sh"

CELLS="iocore:async-complete jetty:sync"
RATE=20000
REQUESTS=200000
WARMUP_REQUESTS=200000
ROUNDS=3
OUT=""

usage() {
  cat <<EOF
usage: bench/trace-cost.sh [options]
  --cells "S:X ..."     cells to measure (default: $CELLS)
  --rate R              the open rate of the measured runs (default $RATE req/s)
  --requests N          requests of a measured run (default $REQUESTS)
  --warmup N            requests of the closed warm-up before it (default $WARMUP_REQUESTS)
  --rounds K            rounds; each measures every cell untraced and traced (default $ROUNDS)
  --out DIR             where to put the results (default bench/results/<timestamp>-trace-cost)
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cells) CELLS="${2:?--cells needs a list}"; shift 2 ;;
    --rate) positive "$1" "${2:-}"; RATE="$2"; shift 2 ;;
    --requests) positive "$1" "${2:-}"; REQUESTS="$2"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP_REQUESTS="$2"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option $1" ;;
  esac
done
check_cells "$CELLS"
build_targets
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-trace-cost}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM
{
  machine_lines
  echo "command: bench/trace-cost.sh --cells \"$CELLS\" --rate $RATE --requests $REQUESTS --warmup $WARMUP_REQUESTS --rounds $ROUNDS"
  echo "this checkout: $(git -C "$BENCH_ROOT" log -1 --format='%h %s' 2>/dev/null || echo unknown)"
} >"$OUT/environment.txt"

# One measured run: start the cell (traced or not), warm it, measure it, stop it; appends
# "round mode requests cpu_us_per_request verdict" to DIR/runs.tsv.
measure() {
  local cell="$1" round="$2" mode="$3" dir completed_before completed_after ticks_before ticks_after verdict
  dir="$OUT/${cell//:/-}/round-$round-$mode"
  mkdir -p "$dir"
  local -a trace=()
  TARGET_ARGS=()
  if [ "$mode" = traced ]; then trace=(--trace); TARGET_ARGS=(--trace); fi
  if ! start_cell "${cell%%:*}" "${cell#*:}" "$dir" taskset -c 0; then
    printf '%s\t%s\t0\tn/a\tnot started\n' "$round" "$mode" >>"$OUT/${cell//:/-}/runs.tsv"
    return
  fi
  timeout 300 taskset -c 1 "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" --concurrency 64 --requests "$WARMUP_REQUESTS" \
    ${trace[@]+"${trace[@]}"} --quiet --out "$dir/warmup" >/dev/null 2>"$dir/warmup.stderr" || bench_say "  $cell $mode: the warm-up exited with $?"
  completed_before="$(stats_member "$(http_get "$TARGET_PORT" /stats)" completed)"
  ticks_before="$(cpu_ticks "$TARGET_PID")"
  verdict=valid
  # A fresh generator JVM each run: it primes its own code (--prime), opens its connections before the
  # clock (--preconnect: connects under way were what made it late) and runs a second of its schedule
  # unmeasured (--warmup), as the main job's runs do, so that its first requests are not what it measures.
  timeout 300 taskset -c 1 "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" --rate "$RATE" --arrivals constant --requests "$REQUESTS" \
    --prime 20000 --warmup 1s --preconnect 64 ${trace[@]+"${trace[@]}"} --quiet --out "$dir/run" >/dev/null 2>"$dir/run.stderr" \
    || verdict="invalid:load exited with $?"
  ticks_after="$(cpu_ticks "$TARGET_PID")"
  completed_after="$(stats_member "$(http_get "$TARGET_PORT" /stats)" completed)"
  stop_target
  if [ "$verdict" = valid ] && ! grep -q '"valid" *: *true' "$dir/run/summary.json"; then
    verdict="invalid:$(sed -n 's/.*"limitedBy" *: *"\([^"]*\)".*/\1/p' "$dir/run/summary.json" | head -n 1)"
  fi
  if [ "$mode" = traced ] && [ "$verdict" = valid ] && ! grep -q '"failure" *: *null' "$dir/run/summary.json"; then
    verdict="invalid:the trace was not joined"
  fi
  awk -v r="$round" -v m="$mode" -v n=$((completed_after - completed_before)) -v t=$((ticks_after - ticks_before)) \
      -v tck="$CLK_TCK" -v v="$verdict" 'BEGIN {
    if (n > 0) printf "%s\t%s\t%d\t%.2f\t%s\n", r, m, n, t / tck / n * 1e6, v
    else printf "%s\t%s\t0\tn/a\tinvalid:the target counted no request\n", r, m }' >>"$OUT/${cell//:/-}/runs.tsv"
  bench_say "$cell round $round $mode: $(tail -n 1 "$OUT/${cell//:/-}/runs.tsv" | cut -f3-)"
}

for round in $(seq 1 "$ROUNDS"); do
  for cell in $CELLS; do
    mkdir -p "$OUT/${cell//:/-}"
    if [ $((round % 2)) -eq 1 ]; then
      measure "$cell" "$round" untraced; measure "$cell" "$round" traced
    else
      measure "$cell" "$round" traced; measure "$cell" "$round" untraced
    fi
  done
done

{
  printf '| cell | CPU us/request untraced, median (runs) | traced | traced / untraced, median of the rounds (lowest-highest) |\n'
  printf '|---|---:|---:|---:|\n'
  for cell in $CELLS; do
    awk -F'\t' -v cell="$cell" '
      $5 == "valid" { cpu[$1 "," $2] = $4; if ($2 == "untraced") u[++nu] = $4; else t[++nt] = $4; rounds[$1] = 1 }
      function median(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
                                         return n == 0 ? "n/a" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) }
      END {
        nr = 0
        for (r in rounds) if ((r ",untraced") in cpu && (r ",traced") in cpu) ratio[++nr] = cpu[r ",traced"] / cpu[r ",untraced"]
        lo = hi = ""
        for (i = 1; i <= nr; i++) { if (lo == "" || ratio[i] < lo) lo = ratio[i]; if (hi == "" || ratio[i] > hi) hi = ratio[i] }
        mu = median(u, nu); mt = median(t, nt); mr = median(ratio, nr)
        printf "| %s | %s (%d) | %s (%d) | %s |\n", cell, mu, nu, mt, nt, nr == 0 ? "n/a: no round with both valid" : sprintf("%.3fx (%.3f-%.3f, %d rounds)", mr, lo, hi, nr)
      }' "$OUT/${cell//:/-}/runs.tsv"
  done
  printf '\n%s req/s, %s requests a run after a closed warm-up of %s; target on CPU 0, generator on CPU 1; a fresh JVM a run.\n' \
    "$RATE" "$REQUESTS" "$WARMUP_REQUESTS"
  printf 'CPU: the target process'"'"'s utime + stime over the load command (the traced run'"'"'s GET /trace included), over the requests its /stats counted.\n'
} | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
