#!/usr/bin/env bash
# servlet-hello-compare.sh: GET /hello with a zero wait (the overhead scenario's shape) on every
# runnable cell of the target matrix, or the cells named, their rounds interleaved: round r starts
# every cell once, in turn, beginning with the r-th, so that each cell's rounds are spread over the
# whole session and two cells are compared over the same minutes, not over a fast minute of one
# and a slow minute of the other. Each round of a cell is a fresh JVM (`./workbench target`, pinned
# to CPU 0; as JMH forks, so that the spread over rounds holds what differs from one start to the
# next): warmed up, then measured twice with wrk pinned to CPU 1: as fast as the server answers
# (wrk -t1 -cC) for req/s, and at a fixed rate (wrk pacing each connection) for what a request
# costs the server when it is not saturated. For both: CPU per request (utime + stime from
# /proc/PID/stat over the run, divided by the requests the server's /stats counted in it) and
# context switches per request (every thread's, from /proc/PID/task/*/status, over the same run).
# With --baseline DIR every cell is also run from the workbench checkout in DIR (a worktree of the
# commit before a change), interleaved with this checkout's, and the table gives each cell's ratio
# to its baseline and says which changed by more than the spread of their rounds.
# Cells run one at a time (each target takes a 4 GB heap, as the study's did). Raw output goes to
# bench/results/<timestamp>-servlet-hello-compare/, the tables to stdout and summary.md there.
# Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="servlet-hello-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"
# shellcheck source=bench/cell-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/cell-lib.sh"

CELLS=""
BASELINE=""
WARMUP=20
ROUNDS=3
DURATION=10
CONNECTIONS=64
RATE=20000
# Each paced connection sends a request, waits for the answer, then waits PACE_MS: RATE * PACE_MS / 1000
# connections make RATE req/s while answers take much less than PACE_MS (the achieved rate is reported).
PACE_MS=5
RATE_DURATION=10
OUT=""

usage() {
  cat <<EOF
usage: bench/servlet-hello-compare.sh [options]

  --cells "S:X[@DIR] ..."
                        cells to measure (default: every cell ./workbench target --list says runs);
                        S:X@DIR is cell S:X of the workbench checkout in DIR, shown as S:X@<its commit>
  --baseline DIR        also run every cell from the workbench checkout in DIR (e.g. a git worktree
                        of the commit before a change), interleaved, and compare each with it
  --warmup S            seconds of wrk load before each measured round (default $WARMUP)
  --rounds N            rounds: each cell is started afresh N times, interleaved (default $ROUNDS)
  --duration S          seconds of the unpaced run of a round (default $DURATION)
  --connections C       wrk connections of the unpaced run (default $CONNECTIONS)
  --rate R              the paced run's request rate (default $RATE req/s; a multiple of $((1000 / PACE_MS)))
  --rate-duration S     seconds of the paced run of a round (default $RATE_DURATION)
  --quick               a proof that the script works, not a measurement: --warmup 3 --rounds 1
                        --duration 3 --rate-duration 3
  --out DIR             where to put the results (default bench/results/<timestamp>-servlet-hello-compare)

Each cell on CPU 0 (taskset -c 0), alone; load on CPU 1. Per round: start, GET /hello must answer
hello, wrk -t1 -cC for the warm-up, then wrk -t1 -cC -dDs --latency URL/hello (unpaced), then
wrk -t1 -c(R * $PACE_MS / 1000) -dSs with a script that waits $PACE_MS ms between a connection's
requests (paced), then SIGTERM. A round is valid when wrk's output was read, /stats was read around
both runs and the server counted requests in each; a cell's figures are the median and the spread
(lowest to highest) of its valid rounds. Context switches are summed over the threads the server has
at both ends of a run (a thread that ends within the run takes its switches with it: the thread
counts are kept in rounds.tsv).
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cells) CELLS="${2:?--cells needs a list}"; shift 2 ;;
    --baseline) BASELINE="${2:?--baseline needs a directory}"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --duration) positive "$1" "${2:-}"; DURATION="$2"; shift 2 ;;
    --connections) positive "$1" "${2:-}"; CONNECTIONS="$2"; shift 2 ;;
    --rate) positive "$1" "${2:-}"; RATE="$2"; shift 2 ;;
    --rate-duration) positive "$1" "${2:-}"; RATE_DURATION="$2"; shift 2 ;;
    --quick) WARMUP=3; ROUNDS=1; DURATION=3; RATE_DURATION=3; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
[ $((RATE * PACE_MS % 1000)) -eq 0 ] || bench_die "--rate must be a multiple of $((1000 / PACE_MS)) (each connection sends $((1000 / PACE_MS)) req/s)"
RATE_CONNECTIONS=$((RATE * PACE_MS / 1000))
if [ -n "$BASELINE" ]; then
  [ -x "$BASELINE/workbench" ] || bench_die "--baseline '$BASELINE' is not a workbench checkout"
  BASELINE="$(cd "$BASELINE" && pwd)"
fi

require_tools wrk taskset awk
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
build_targets
if [ -z "$CELLS" ]; then
  CELLS="$(runnable_cells | tr '\n' ' ')"
  [ -n "$CELLS" ] || bench_die "./workbench target --list named no cell"
fi
check_cells "$CELLS"
# The cells as measured: each one, then (with --baseline) the same cell of the baseline checkout.
SPECS=()
for cell in $CELLS; do
  SPECS+=("$cell")
  if [ -n "$BASELINE" ] && [[ "$cell" != *@* ]]; then
    SPECS+=("$cell@$BASELINE")
  fi
done
for spec in "${SPECS[@]}"; do
  case "$spec" in
    *@*) "${spec#*@}/workbench" target --help >/dev/null 2>&1 || bench_die "building the target of ${spec#*@} failed" ;;
  esac
done

OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-servlet-hello-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  describe_machine
  echo "command: bench/servlet-hello-compare.sh --cells \"$CELLS\"${BASELINE:+ --baseline $BASELINE} --warmup $WARMUP" \
       "--rounds $ROUNDS --duration $DURATION --connections $CONNECTIONS --rate $RATE --rate-duration $RATE_DURATION" \
       "(paced by $PACE_MS ms)"
  echo "this checkout: $(git -C "$BENCH_ROOT" log -1 --format='%h %s' 2>/dev/null || echo unknown)"
  declare -A seen=()
  for spec in "${SPECS[@]}"; do
    case "$spec" in
      *@*) dir="${spec#*@}"
        [ -n "${seen[$dir]:-}" ] && continue
        seen[$dir]=1
        echo "checkout $(cell_label "x:y@$dir" | sed 's/^x:y@//'): $(git -C "$dir" log -1 --format='%h %s' 2>/dev/null || echo unknown) ($dir)" ;;
    esac
  done
} >"$OUT/environment.txt"
printf 'function delay() return %d end\n' "$PACE_MS" >"$OUT/paced.lua"

# completed_count: the server's /stats "completed" now (empty if it did not answer).
completed_count() {
  stats_member "$(http_get "$TARGET_PORT" /stats)" completed
}

# measure_run NAME ROUND DIR SECONDS WRK-ARGS...: one measured wrk run of SECONDS against the current
# target. Prints "requests cpu-us-per-request switches-per-request rps errors threads-before
# threads-after verdict".
measure_run() {
  local name="$1" round="$2" dir="$3" seconds="$4" file requests_before requests_after ticks_before ticks_after cs_before cs_after
  local threads_before threads_after rps="" errors="" verdict=valid wrk_status=0
  shift 4
  file="$dir/$name-$round.txt"
  requests_before="$(completed_count)" || requests_before=""
  threads_before="$(thread_count "$TARGET_PID")"
  cs_before="$(ctx_switches "$TARGET_PID")"
  ticks_before="$(cpu_ticks "$TARGET_PID")"
  timeout $((seconds + 60)) taskset -c 1 wrk -d"${seconds}s" "$@" >"$file" 2>&1 || wrk_status=$?
  ticks_after="$(cpu_ticks "$TARGET_PID")"
  cs_after="$(ctx_switches "$TARGET_PID")"
  threads_after="$(thread_count "$TARGET_PID")"
  requests_after="$(completed_count)" || requests_after=""
  echo "server: completed $requests_before -> $requests_after; CPU ticks $ticks_before -> $ticks_after (CLK_TCK $CLK_TCK);" \
       "context switches $cs_before -> $cs_after; threads $threads_before -> $threads_after" >>"$file"
  if peer_figures wrk "$file"; then
    rps="${PEER[rps]}" errors="${PEER[errors]}"
  else
    verdict="invalid:wrk's output cannot be read"
  fi
  [ "$wrk_status" -eq 0 ] || verdict="invalid:wrk exited with status $wrk_status"
  if [ -z "$requests_before" ] || [ -z "$requests_after" ]; then
    verdict="invalid:the server's /stats could not be read"
    requests_before=0 requests_after=0
  elif [ "$requests_after" -le "$requests_before" ]; then
    verdict="invalid:the server counted no request"
  fi
  awk -v n=$((requests_after - requests_before)) -v t=$((ticks_after - ticks_before)) -v tck="$CLK_TCK" \
      -v cs=$((cs_after - cs_before)) -v rps="${rps:-n/a}" -v errors="${errors:-n/a}" -v tb="$threads_before" \
      -v ta="$threads_after" -v verdict="$verdict" 'BEGIN {
    if (n > 0) printf "%d\t%.2f\t%.2f\t%s\t%s\t%d\t%d\t%s\n", n, t / tck / n * 1e6, cs / n, rps, errors, tb, ta, verdict
    else printf "0\tn/a\tn/a\t%s\t%s\t%d\t%d\t%s\n", rps, errors, tb, ta, verdict }'
}

# One round of one cell: start it, check it, warm it up, measure it unpaced then paced, stop it.
# Appends a line to DIR/rounds.tsv.
cell_round() {
  local spec="$1" round="$2" server strategy label dir status=0 sat paced
  server="${spec%%:*}" strategy="${spec#*:}"
  label="$(cell_label "$spec")"
  dir="$OUT/${label//:/-}"
  mkdir -p "$dir"
  start_cell "$server" "$strategy" "$dir/round-$round" taskset -c 0 || status=$?
  if [ "$status" -ne 0 ]; then
    if [ "$status" -eq 2 ]; then echo "refused" >"$dir/refused"; fi
    printf '%s\tnot started (exit %s)\n' "$round" "$status" >>"$dir/rounds.tsv"
    return
  fi
  if [ "$(http_get "$TARGET_PORT" /hello)" != "hello" ]; then
    bench_say "$label: GET /hello did not answer hello"
    stop_target
    printf '%s\tno hello\n' "$round" >>"$dir/rounds.tsv"
    return
  fi
  bench_say "$label, round $round: $TARGET_URL (pid $TARGET_PID), warming up for ${WARMUP}s"
  timeout $((WARMUP + 60)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "$TARGET_URL/hello" >"$dir/warmup-$round.txt" 2>&1 ||
    bench_say "  the warm-up's wrk exited with status $?"
  sat="$(measure_run unpaced "$round" "$dir" "$DURATION" -t1 -c"$CONNECTIONS" --latency "$TARGET_URL/hello")"
  paced="$(measure_run paced "$round" "$dir" "$RATE_DURATION" -t1 -c"$RATE_CONNECTIONS" -s "$OUT/paced.lua" "$TARGET_URL/hello")"
  stop_target
  printf '%s\t%s\t%s\t%s\n' "$round" "$sat" "$paced" "$TARGET_EXIT" >>"$dir/rounds.tsv"
  IFS=$'\t' read -r _ s_cpu s_cs s_rps _ <<<"$sat"
  IFS=$'\t' read -r _ p_cpu p_cs p_rps _ _ _ p_verdict <<<"$paced"
  bench_say "  $label, round $round: $s_rps req/s ($s_cpu us CPU, $s_cs switches per request); at $RATE req/s" \
            "($p_rps achieved): $p_cpu us CPU, $p_cs switches per request; $p_verdict; exit $TARGET_EXIT"
}

# Round r measures every cell once, starting with the r-th: the cells' rounds spread over the session.
count=${#SPECS[@]}
for round in $(seq 1 "$ROUNDS"); do
  for i in $(seq 0 $((count - 1))); do
    cell_round "${SPECS[$(((i + round - 1) % count))]}" "$round"
  done
done

# results.tsv: per cell the median, lowest and highest of its valid rounds' figures.
# rounds.tsv columns: 1 round; unpaced 2 requests 3 cpu 4 cs 5 rps 6 errors 7 threads 8 threads 9 verdict;
# paced 10 requests 11 cpu 12 cs 13 rps 14 errors 15 threads 16 threads 17 verdict; 18 exit.
printf 'cell\tvalid_rounds\trps_median\trps_low\trps_high\tcpu_us_median\tcpu_us_low\tcpu_us_high\tcs_median\tcs_low\tcs_high' >"$OUT/results.tsv"
printf '\tpaced_rps_median\tsat_cpu_us_median\tsat_cs_median\terrors\tnote\n' >>"$OUT/results.tsv"
spread() { # COLUMN FILE: median, lowest, highest of a column over the valid rounds, tab-separated
  local values
  values="$(awk -F'\t' -v c="$1" '$9 == "valid" && $17 == "valid" && $c != "n/a" { print $c }' "$2")"
  if [ -z "$values" ]; then printf 'n/a\tn/a\tn/a'; return; fi
  printf '%s\t%s\t%s' "$(median <<<"$values")" "$(sort -g <<<"$values" | head -n 1)" "$(sort -g <<<"$values" | tail -n 1)"
}
for spec in "${SPECS[@]}"; do
  label="$(cell_label "$spec")"
  file="$OUT/${label//:/-}/rounds.tsv"
  valid="$(awk -F'\t' '$9 == "valid" && $17 == "valid"' "$file" 2>/dev/null | wc -l)"
  note=""
  if [ -f "$OUT/${label//:/-}/refused" ]; then
    note="refused"
  elif [ "$valid" -eq 0 ]; then
    note="no valid round: $(awk -F'\t' '{ print ($9 != "valid" && $9 != "") ? $9 : ($17 != "valid" && $17 != "") ? $17 : $2 }' "$file" 2>/dev/null | sort -u | paste -sd, -)"
  fi
  errors="$(awk -F'\t' '{ e += ($6 ~ /^[0-9]+$/ ? $6 : 0) + ($14 ~ /^[0-9]+$/ ? $14 : 0) } END { print e + 0 }' "$file" 2>/dev/null || echo 0)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$valid" "$(spread 5 "$file")" "$(spread 11 "$file")" \
    "$(spread 12 "$file")" "$(spread 13 "$file" | cut -f1)" "$(spread 3 "$file" | cut -f1)" "$(spread 4 "$file" | cut -f1)" \
    "$errors	$note" >>"$OUT/results.tsv"
done

awk -F'\t' -v rounds="$ROUNDS" -v duration="$DURATION" -v warmup="$WARMUP" -v conns="$CONNECTIONS" -v rate="$RATE" \
    -v rate_duration="$RATE_DURATION" -v baseline="$BASELINE" '
  function range(m, lo, hi, fmt) { return m == "n/a" ? "n/a" : sprintf(fmt " (" fmt "-" fmt ")", m, lo, hi) }
  function ratio(a, b) { return (a + 0 > 0 && b + 0 > 0) ? sprintf("%.2fx", a / b) : "n/a" }
  # Two cells differ beyond the spread of their rounds when their ranges do not overlap.
  function apart(lo1, hi1, lo2, hi2) { return (lo1 != "n/a" && lo2 != "n/a" && (lo1 + 0 > hi2 + 0 || hi1 + 0 < lo2 + 0)) }
  NR == 1 { next }
  {
    row[++n] = $0; name[n] = $1
    at = index($1, "@"); base[n] = at > 0 ? substr($1, 1, at - 1) : ""
  }
  END {
    printf "| cell | valid rounds | req/s, median (lowest-highest) | CPU us/request at %d req/s | context switches/request at %d req/s | req/s achieved | CPU us/request, unpaced | switches/request, unpaced | wrk errors |\n", rate, rate
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= n; i++) {
      split(row[i], f, "\t")
      if (f[16] != "") { printf "| %s | %s | %s | | | | | | |\n", f[1], f[2], f[16]; continue }
      printf "| %s | %d | %s | %s | %s | %s | %s | %s | %d |\n", f[1], f[2], range(f[3], f[4], f[5], "%.0f"),
        range(f[6], f[7], f[8], "%.1f"), range(f[9], f[10], f[11], "%.2f"), (f[12] == "n/a" ? "n/a" : sprintf("%.0f", f[12])),
        (f[13] == "n/a" ? "n/a" : sprintf("%.1f", f[13])), (f[14] == "n/a" ? "n/a" : sprintf("%.2f", f[14])), f[15]
      idx[f[1]] = i
    }
    printf "\nwrk -t1 -c%d -d%ds --latency (unpaced) and wrk -t1 paced at %d req/s for %ds, after a %ds warm-up, in each of %d round(s); every round a fresh JVM, the cells interleaved; each cell alone on CPU 0, wrk on CPU 1.\n", conns, duration, rate, rate_duration, warmup, rounds
    print "Per request: the server'\''s utime + stime and its threads'\'' context switches over a run, divided by the requests its /stats counted in the run; median (lowest-highest) over the valid rounds."
    if (baseline == "") exit
    printf "\n| cell | req/s, this over the baseline | CPU us/request at %d req/s | switches/request at %d req/s | changed by more than the spread of the rounds |\n", rate, rate
    print "|---|---:|---:|---:|---|"
    for (i = 1; i <= n; i++) {
      if (base[i] == "") continue
      split(row[i], b, "\t"); j = idx[base[i]]
      if (j == "") continue
      split(row[j], f, "\t")
      if (f[16] != "" || b[16] != "") { printf "| %s | %s | | | |\n", base[i], (f[16] != "" ? "this: " f[16] : "baseline: " b[16]); continue }
      changed = ""
      if (apart(f[4], f[5], b[4], b[5])) changed = changed (changed ? ", " : "") "req/s"
      if (apart(f[7], f[8], b[7], b[8])) changed = changed (changed ? ", " : "") "CPU"
      if (apart(f[10], f[11], b[10], b[11])) changed = changed (changed ? ", " : "") "switches"
      # One valid round has no spread: nothing can be said to exceed it.
      verdict = (f[2] < 2 || b[2] < 2) ? "n/a: fewer than 2 valid rounds" : (changed ? changed : "no")
      printf "| %s | %s | %s | %s | %s |\n", base[i], ratio(f[3], b[3]), ratio(f[6], b[6]), ratio(f[9], b[9]), verdict
    }
    printf "\nThe baseline: the same cells of the checkout %s (environment.txt names its commit), interleaved with this one'\''s; above 1x this checkout answers more requests, or spends more per request.\n", baseline
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
