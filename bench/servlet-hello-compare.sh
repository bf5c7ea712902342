#!/usr/bin/env bash
# servlet-hello-compare.sh: /hello on the cells of the target matrix, one cell at a time: start the
# cell with `./workbench target` pinned to CPU 0, warm it up with wrk pinned to CPU 1, measure req/s
# with wrk -t1 -c64 in rounds, then hold about 20,000 req/s (wrk pacing each of its connections) and
# read the server's CPU time (utime + stime from /proc/PID/stat) for the CPU microseconds per request;
# stop it with SIGTERM. Not h2load: it counts Tomcat's status line, which has no reason phrase
# ("HTTP/1.1 200 "), as a failed response.
# Cells run one after the other (each target takes a 4 GB heap, as the study's did, so they cannot
# all live at once on a small machine); a comparison is only valid within one run of this script.
# Raw output goes to bench/results/<timestamp>-servlet-hello-compare/, the table to stdout and
# summary.md there. Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="servlet-hello-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"
# shellcheck source=bench/cell-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/cell-lib.sh"

CELLS=""
for server in jetty tomcat undertow undertow-handler; do
  for strategy in sync virtual async-complete; do
    CELLS="$CELLS $server:$strategy"
  done
done
CELLS="iocore:async-complete$CELLS"
WARMUP=60
ROUNDS=3
DURATION=10
CONNECTIONS=64
RATE=20000
# Each paced connection sends a request, waits for the answer, then waits PACE_MS: RATE * PACE_MS / 1000
# connections make RATE req/s while answers take much less than PACE_MS (the achieved rate is reported).
PACE_MS=5
RATE_DURATION=30
OUT=""

usage() {
  cat <<EOF
usage: bench/servlet-hello-compare.sh [options]

  --cells "S:X[@DIR] ..."
                        cells to measure, in order (default: iocore:async-complete for reference,
                        then jetty, tomcat, undertow, undertow-handler under sync, virtual and
                        async-complete); ./workbench target --list shows the matrix. S:X@DIR is
                        cell S:X of the workbench checkout in DIR (e.g. a git worktree of a
                        baseline commit), shown as S:X@<its commit>: list the same cell of
                        several checkouts to measure them in one session (the table gives each
                        one's ratio to the one listed first)
  --warmup S            seconds of wrk load before measuring each cell (default $WARMUP)
  --rounds N            measured wrk rounds per cell (default $ROUNDS)
  --duration S          seconds per round (default $DURATION)
  --connections C       wrk connections (default $CONNECTIONS)
  --rate R              request rate of the CPU measurement (default $RATE req/s; a multiple of $((1000 / PACE_MS)))
  --rate-duration S     seconds of the fixed-rate run (default $RATE_DURATION)
  --quick               a proof that the script works, not a measurement: --warmup 3 --rounds 1
                        --duration 3 --rate-duration 3
  --out DIR             where to put the results (default bench/results/<timestamp>-servlet-hello-compare)

Each cell on CPU 0 (taskset -c 0), alone; load on CPU 1: wrk -t1 -c$CONNECTIONS -dDs --latency URL/hello
for req/s, then wrk -t1 -c(R * $PACE_MS / 1000) -dSs with a script that waits $PACE_MS ms between a
connection's requests, for the server's CPU time per request (utime + stime over that run / the
requests answered).
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cells) CELLS="${2:?--cells needs a list}"; shift 2 ;;
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
check_cells "$CELLS"

require_tools wrk taskset awk
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-servlet-hello-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  describe_machine
  echo "command: bench/servlet-hello-compare.sh --cells \"$CELLS\" --warmup $WARMUP --rounds $ROUNDS --duration $DURATION" \
       "--connections $CONNECTIONS --rate $RATE --rate-duration $RATE_DURATION (paced by $PACE_MS ms)"
  echo "this checkout: $(git -C "$BENCH_ROOT" log -1 --format='%h %s' 2>/dev/null || echo unknown)"
  for cell in $CELLS; do
    case "$cell" in
      *@*) echo "$(cell_label "$cell"): $(git -C "${cell#*@}" log -1 --format='%h %s' 2>/dev/null || echo unknown) (${cell#*@})" ;;
    esac
  done
} >"$OUT/environment.txt"

build_targets

# One wrk round: appends "req/s p50 p99 errors server-cpu-%" to rounds.tsv. Near 100% server CPU
# the server set the pace; well below it, the load tool or the machine did.
wrk_round() {
  local dir="$1" round="$2" file="$1/round-$2.txt" before after cpu rps p50 p99 errors
  before="$(cpu_ticks "$TARGET_PID")"
  timeout $((DURATION + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$TARGET_URL/hello" >"$file" ||
    bench_say "  wrk exited with status $?"
  after="$(cpu_ticks "$TARGET_PID")"
  cpu="$(awk -v t=$((after - before)) -v tck="$CLK_TCK" -v d="$DURATION" 'BEGIN { printf "%.0f", t / tck / d * 100 }')"
  rps="" p50="" p99="" errors=""
  if peer_figures wrk "$file"; then
    rps="${PEER[rps]}" p50="${PEER[p50_ms]}" p99="${PEER[p99_ms]}" errors="${PEER[errors]}"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$rps" "$p50" "$p99" "$errors" "$cpu" >>"$dir/rounds.tsv"
  bench_say "  round $round: $rps req/s, p50 $p50 ms, p99 $p99 ms, errors $errors, server CPU $cpu%"
}

# The paced run: prints "cpu-us-per-request achieved-rate errors".
rate_run() {
  local dir="$1" file="$1/rate.txt" before after
  printf 'function delay() return %d end\n' "$PACE_MS" >"$dir/paced.lua"
  before="$(cpu_ticks "$TARGET_PID")"
  timeout $((RATE_DURATION + 60)) taskset -c 1 wrk -t1 -c"$RATE_CONNECTIONS" -d"${RATE_DURATION}s" -s "$dir/paced.lua" \
    "$TARGET_URL/hello" >"$file" || bench_say "  wrk exited with status $?"
  after="$(cpu_ticks "$TARGET_PID")"
  echo "server CPU ticks: $before -> $after (CLK_TCK $CLK_TCK)" >>"$file"
  if ! peer_figures wrk "$file"; then
    printf 'n/a\t0\t0\n'
    return
  fi
  local ok=$((PEER[requests] - PEER[errors]))
  if [ "$ok" -gt 0 ]; then
    awk -v ticks=$((after - before)) -v tck="$CLK_TCK" -v ok="$ok" -v rate="${PEER[rps]}" -v errors="${PEER[errors]}" \
      'BEGIN { printf "%.1f\t%.0f\t%d\n", ticks / tck / ok * 1e6, rate, errors }'
  else
    printf 'n/a\t0\t%d\n' "${PEER[errors]}"
  fi
}

printf 'cell\tmedian_rps\tp50_ms\tp99_ms\tround_cpu_pct\twrk_errors\tcpu_us_per_req\trate_achieved\trate_failed\texit\n' >"$OUT/results.tsv"

for cell in $CELLS; do
  server="${cell%%:*}" strategy="${cell#*:}" label="$(cell_label "$cell")"
  dir="$OUT/${label/:/-}"
  bench_say "$label: starting on CPU 0"
  status=0
  start_cell "$server" "$strategy" "$dir" taskset -c 0 || status=$?
  if [ "$status" -ne 0 ]; then
    if [ "$status" -eq 2 ]; then reason="refused"; else reason="failed to start"; fi
    printf '%s\t%s\n' "$label" "$reason" >>"$OUT/results.tsv"
    continue
  fi
  if [ "$(http_get "$TARGET_PORT" /hello)" != "hello" ]; then
    bench_say "$label: GET /hello did not answer hello; skipping it"
    stop_target
    printf '%s\t%s\n' "$label" "no hello" >>"$OUT/results.tsv"
    continue
  fi
  bench_say "$label: $TARGET_URL (pid $TARGET_PID), warming up for ${WARMUP}s"
  timeout $((WARMUP + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "$TARGET_URL/hello" >"$dir/warmup.txt" ||
    bench_say "  wrk exited with status $?"
  for round in $(seq 1 "$ROUNDS"); do
    wrk_round "$dir" "$round"
  done
  bench_say "$label: paced at $RATE req/s ($RATE_CONNECTIONS connections, ${PACE_MS} ms apart) for ${RATE_DURATION}s"
  cpu_per_request="n/a" achieved=0 failed=0
  IFS=$'\t' read -r cpu_per_request achieved failed < <(rate_run "$dir") || true
  http_get "$TARGET_PORT" /stats >"$dir/stats.json" || true
  stop_target
  bench_say "$label: stopped, exit status $TARGET_EXIT"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" \
    "$(cut -f1 "$dir/rounds.tsv" | median)" "$(cut -f2 "$dir/rounds.tsv" | median)" "$(cut -f3 "$dir/rounds.tsv" | median)" \
    "$(cut -f5 "$dir/rounds.tsv" | median)" "$(awk '{ e += $4 } END { print e + 0 }' "$dir/rounds.tsv")" \
    "$cpu_per_request" "$achieved" "$failed" "$TARGET_EXIT" >>"$OUT/results.tsv"
done

awk -F'\t' -v rounds="$ROUNDS" -v duration="$DURATION" -v warmup="$WARMUP" -v conns="$CONNECTIONS" \
    -v rate="$RATE" -v rate_duration="$RATE_DURATION" '
  NR == 1 { next }
  {
    rows[++n] = $0
    if ($1 == "iocore:async-complete") iocore = $2
    # The same cell of several checkouts (S:X, S:X@commit): each is compared with the first listed.
    at = index($1, "@")
    if (at > 0) others++
    cell = at > 0 ? substr($1, 1, at - 1) : $1
    if ($3 != "" && !(cell in first_rps)) { first_rps[cell] = $2; first_cpu[cell] = $7; first_row[cell] = n }
    key[n] = cell
  }
  function ratio(x, base) { return (base + 0 > 0 && x + 0 > 0) ? sprintf("%.2fx", x / base) : "n/a" }
  END {
    printf "| cell | req/s (median) | vs iocore | p50 ms | p99 ms | server CPU in rounds | CPU us/request at %d req/s (achieved) | errors | exit |", rate
    print (others > 0 ? " vs the same cell listed first: req/s, CPU us/request |" : "")
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|" (others > 0 ? "---:|" : "")
    for (i = 1; i <= n; i++) {
      split(rows[i], f, "\t")
      if (f[3] == "") { printf "| %s | %s | | | | | | | |%s\n", f[1], f[2], (others > 0 ? " |" : ""); continue }
      printf "| %s | %.0f | %s | %.3f | %.3f | %s%% | %s (%s/s) | %d | %s |", f[1], f[2],
        ratio(f[2], iocore), f[3], f[4], f[5], f[7], f[8], f[6] + f[9], f[10]
      if (others > 0) {
        c = key[i]
        printf " %s |", (c in first_row && first_row[c] != i) ? ratio(f[2], first_rps[c]) ", " ratio(f[7], first_cpu[c]) : ""
      }
      printf "\n"
    }
    printf "\nwrk -t1 -c%d -d%ds --latency, %d round(s) per cell after a %ds warm-up, each cell alone on CPU 0, wrk on CPU 1; medians over the rounds.\n", conns, duration, rounds, warmup
    printf "CPU: utime+stime of the server over %ds of wrk paced at %d req/s, per request answered.\n", rate_duration, rate
    if (others > 0) printf "Checkouts: a cell over the same cell of the checkout listed first (S:X@commit; environment.txt names the commits); above 1x it answers more requests, and uses more CPU per request.\n"
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
