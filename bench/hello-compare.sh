#!/usr/bin/env bash
# hello-compare.sh: iocore's hello comparison against Jetty core and Netty in one go. Start every server with
# `./workbench target` pinned to CPU 0 (each on its own port; an idle JVM costs its neighbours
# nothing), warm each up in turn, then measure /hello with wrk pinned to CPU 1 in interleaved
# rounds (round r visits every server, starting one further each round), so that whatever else
# the machine is doing weighs on every server alike; then, server by server, hold a fixed 20,000
# req/s with h2load while reading the server's CPU time from /proc; then stop each with SIGTERM.
# Raw output goes to bench/results/<timestamp>-hello-compare/, the Markdown table to stdout and
# summary.md there. Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="hello-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

SERVERS="iocore jetty-handler netty undertow-handler"
WARMUP=60
ROUNDS=5
DURATION=10
CONNECTIONS=64
RATE=20000
RATE_CONNECTIONS=50
RATE_DURATION=30
PIPELINE=1
OUT=""

usage() {
  cat <<EOF
usage: bench/hello-compare.sh [options]

  --servers "A B ..."   servers to compare, in order (default: $SERVERS); a server the
                        target command does not know yet is skipped with a message;
                        NAME@DIR is server NAME from the workbench checkout in DIR (e.g. a
                        git worktree of a baseline commit), shown as NAME@<its commit>
  --warmup S            seconds of wrk load before measuring (default $WARMUP: a server pinned
                        to one core needs about a minute to warm up)
  --rounds N            measured wrk rounds per server (default $ROUNDS)
  --duration S          seconds per round (default $DURATION)
  --connections C       wrk connections (default $CONNECTIONS)
  --rate R              fixed request rate of the CPU measurement (default $RATE req/s)
  --rate-duration S     seconds of the fixed-rate run (default $RATE_DURATION)
  --pipeline N          wrk sends N pipelined requests per write on each connection (bench/pipeline.lua,
                        the TechEmpower plaintext shape; default 1 = no pipelining); the fixed-rate
                        CPU run stays unpipelined
  --quick               a smoke run: --warmup 5 --rounds 2 --duration 3 --rate-duration 5
  --out DIR             where to put the results (default bench/results/<timestamp>-hello-compare)

Servers on CPU 0 (taskset -c 0), all started first; load on CPU 1: wrk -t1 -c$CONNECTIONS -dDs --latency
URL/hello, the rounds interleaved across servers; then h2load --h1 -c$RATE_CONNECTIONS --rps R/$RATE_CONNECTIONS
-D S URL/hello for the CPU seconds per million requests (utime + stime of the server from
/proc/PID/stat, over the h2load run).
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --servers) SERVERS="${2:?--servers needs a list}"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --duration) positive "$1" "${2:-}"; DURATION="$2"; shift 2 ;;
    --connections) positive "$1" "${2:-}"; CONNECTIONS="$2"; shift 2 ;;
    --rate) positive "$1" "${2:-}"; RATE="$2"; shift 2 ;;
    --rate-duration) positive "$1" "${2:-}"; RATE_DURATION="$2"; shift 2 ;;
    --pipeline) positive "$1" "${2:-}"; PIPELINE="$2"; shift 2 ;;
    --quick) WARMUP=5; ROUNDS=2; DURATION=3; RATE_DURATION=5; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
[ $((RATE % RATE_CONNECTIONS)) -eq 0 ] || bench_die "--rate must be a multiple of $RATE_CONNECTIONS (h2load sets a rate per connection)"

require_tools wrk h2load taskset awk
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-hello-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  machine_lines
  echo "wrk: $(wrk --version 2>&1 | head -n 1 | cut -c1-40); h2load: $(h2load --version | head -n 1)"
  echo "command: bench/hello-compare.sh --servers \"$SERVERS\" --warmup $WARMUP --rounds $ROUNDS --duration $DURATION" \
       "--connections $CONNECTIONS --rate $RATE --rate-duration $RATE_DURATION --pipeline $PIPELINE"
} >"$OUT/environment.txt"

build_targets

# wrk's request shape: plain, or PIPELINE requests per write.
WRK_SHAPE=()
if [ "$PIPELINE" -gt 1 ]; then
  WRK_SHAPE=(-s "$BENCH_ROOT/bench/pipeline.lua")
fi
wrk_shape_args() {
  if [ "$PIPELINE" -gt 1 ]; then
    printf '%s\n' -- "$PIPELINE"
  fi
}

# One wrk round: appends "req/s p50 p99 errors server-cpu-%" to rounds.tsv. The server's CPU use
# over the round says who set the pace: near 100% the server was saturated; well below, the load
# tool (or whatever else ran on the machine) was the limit, and req/s is not the server's capacity.
wrk_round() {
  local dir="$1" round="$2" file="$1/round-$2.txt" before after cpu
  before="$(cpu_ticks "$TARGET_PID")"
  timeout $((DURATION + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${WRK_SHAPE[@]}" \
    "$TARGET_URL/hello" $(wrk_shape_args) >"$file" ||
    bench_say "  wrk exited with status $?"
  after="$(cpu_ticks "$TARGET_PID")"
  cpu="$(awk -v t=$((after - before)) -v tck="$CLK_TCK" -v d="$DURATION" 'BEGIN { printf "%.0f", t / tck / d * 100 }')"
  local rps="" p50="" p99="" errors=""
  if peer_figures wrk "$file"; then
    rps="${PEER[rps]}" p50="${PEER[p50_ms]}" p99="${PEER[p99_ms]}" errors="${PEER[errors]}"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$rps" "$p50" "$p99" "$errors" "$cpu" >>"$dir/rounds.tsv"
  bench_say "  round $round: $rps req/s, p50 $p50 ms, p99 $p99 ms, errors $errors, server CPU $cpu%"
}

# The fixed-rate run: prints "cpu-seconds-per-million achieved-rate failed". h2load's failed count
# is every request that did not succeed (its errored and timeout counts are part of it).
rate_run() {
  local dir="$1" file="$1/rate.txt" before after
  before="$(cpu_ticks "$TARGET_PID")"
  timeout $((RATE_DURATION + 60)) taskset -c 1 h2load --h1 -c "$RATE_CONNECTIONS" --rps $((RATE / RATE_CONNECTIONS)) \
    -D "$RATE_DURATION" "$TARGET_URL/hello" >"$file" || bench_say "  h2load exited with status $?"
  after="$(cpu_ticks "$TARGET_PID")"
  echo "server CPU ticks: $before -> $after (CLK_TCK $CLK_TCK)" >>"$file"
  if ! peer_figures h2load "$file"; then
    printf 'n/a\t0\t0\n'
  elif [ "${PEER[succeeded]}" -gt 0 ]; then
    awk -v ticks=$((after - before)) -v tck="$CLK_TCK" -v ok="${PEER[succeeded]}" -v rate="${PEER[rps]}" -v failed="${PEER[failed]}" \
      'BEGIN { printf "%.2f\t%.0f\t%d\n", ticks / tck / ok * 1e6, rate, failed }'
  else
    printf 'n/a\t0\t%d\n' "${PEER[failed]}"
  fi
}

best() { sort -g | tail -n 1; }

printf 'server\tmedian_rps\tbest_rps\tp50_ms\tp99_ms\tcpu_s_per_1M\trate_achieved\twrk_errors\trate_failed\texit\tround_cpu_pct\n' >"$OUT/results.tsv"

# Start every server (pinned to CPU 0), then warm each up in turn.
ACTIVE=()
for spec in $SERVERS; do
  server="$(server_label "$spec")"
  dir="$OUT/$server"
  bench_say "$server: starting on CPU 0"
  status=0
  start_target "$spec" "$dir" taskset -c 0 || status=$?
  if [ "$status" -eq 3 ]; then
    bench_say "$server: skipped, the target command does not know it yet (./workbench target --help lists the servers)"
    rm -rf "$dir"
    continue
  elif [ "$status" -ne 0 ]; then
    printf '%s\tfailed to start\n' "$server" >>"$OUT/results.tsv"
    continue
  fi
  if [ "$(http_get "$TARGET_PORT" /hello)" != "hello" ]; then
    bench_say "$server: GET /hello did not answer hello; skipping it"
    stop_target
    continue
  fi
  bench_say "$server: $TARGET_URL (pid $TARGET_PID)"
  keep_target "$server"
  ACTIVE+=("$server")
done
for server in "${ACTIVE[@]}"; do
  use_target "$server"
  bench_say "$server: warming up for ${WARMUP}s"
  timeout $((WARMUP + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "${WRK_SHAPE[@]}" "$TARGET_URL/hello" \
    $(wrk_shape_args) >"$OUT/$server/warmup.txt" ||
    bench_say "  wrk exited with status $?"
done

# The measured rounds, interleaved: round r starts with the r-th server, so none is always first.
count=${#ACTIVE[@]}
for round in $(seq 1 "$ROUNDS"); do
  for i in $(seq 0 $((count - 1))); do
    server="${ACTIVE[$(((round - 1 + i) % count))]}"
    use_target "$server"
    bench_say "$server:"
    wrk_round "$OUT/$server" "$round"
  done
done

for server in "${ACTIVE[@]}"; do
  dir="$OUT/$server"
  use_target "$server"
  bench_say "$server: fixed rate $RATE req/s for ${RATE_DURATION}s"
  cpu_per_m="n/a" achieved=0 failed=0
  IFS=$'\t' read -r cpu_per_m achieved failed < <(rate_run "$dir") || true
  http_get "$TARGET_PORT" /stats >"$dir/stats.json" || true
  stop_kept_target "$server"
  bench_say "$server: stopped, exit status $TARGET_EXIT"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$server" \
    "$(cut -f1 "$dir/rounds.tsv" | median)" "$(cut -f1 "$dir/rounds.tsv" | best)" \
    "$(cut -f2 "$dir/rounds.tsv" | median)" "$(cut -f3 "$dir/rounds.tsv" | median)" \
    "$cpu_per_m" "$achieved" "$(awk '{ e += $4 } END { print e + 0 }' "$dir/rounds.tsv")" "$failed" "$TARGET_EXIT" \
    "$(cut -f5 "$dir/rounds.tsv" | median)" >>"$OUT/results.tsv"
done

# The table: ratios of medians to Jetty's and Netty's medians from this same session.
awk -F'\t' -v rounds="$ROUNDS" -v duration="$DURATION" -v warmup="$WARMUP" -v conns="$CONNECTIONS" \
    -v rate="$RATE" -v rate_duration="$RATE_DURATION" -v pipeline="$PIPELINE" '
  NR == 1 { next }
  { rows[++n] = $0; if ($1 == "jetty-handler") jetty = $2; if ($1 == "netty") netty = $2; if ($1 == "undertow-handler") undertow = $2 }
  function ratio(x, base) { return (base > 0 && x > 0) ? sprintf("%.2fx", x / base) : "n/a" }
  END {
    printf "| server | req/s median | req/s best | vs Jetty | vs Netty | vs Undertow | p50 ms | p99 ms | server CPU in rounds | CPU s per 1M req at %d req/s (achieved) | errors | exit |\n", rate
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= n; i++) {
      split(rows[i], f, "\t")
      if (f[2] == "failed to start") { printf "| %s | failed to start | | | | | | | | | | |\n", f[1]; continue }
      printf "| %s | %.0f | %.0f | %s | %s | %s | %.3f | %.3f | %s%% | %s (%s/s) | %d | %s |\n", f[1], f[2], f[3], ratio(f[2], jetty),
        ratio(f[2], netty), ratio(f[2], undertow), f[4], f[5], f[11], f[6], f[7], f[8] + f[9], f[10]
    }
    printf "\nwrk -t1 -c%d -d%ds --latency%s, %d interleaved rounds after a %ds warm-up each, servers on CPU 0, wrk on CPU 1; medians over the rounds.\n", conns, duration, (pipeline > 1 ? sprintf(" -s bench/pipeline.lua (%d requests per write)", pipeline) : ""), rounds, warmup
    printf "Server CPU in rounds: its utime+stime over each wrk round, median; near 100%% it set the pace, well below it the load tool or the machine did.\n"
    printf "CPU: server utime+stime over h2load --h1 at %d req/s for %ds, per million successful requests.\n", rate, rate_duration
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
