#!/usr/bin/env bash
# syscalls.sh: how many read and write system calls a server makes per request, under wrk (plain or
# pipelined). Each server runs alone on CPU 0 (`./workbench target`), is warmed up by wrk on CPU 1,
# then `strace -c -f` counts its system calls over a window while wrk keeps the load on; the
# server's own /stats count of completed requests, read before and after the window, is the
# denominator. strace slows the server down a great deal, so the request rate inside the window
# means nothing; the calls per request do. Raw output goes to bench/results/<timestamp>-syscalls/,
# the Markdown table to stdout and summary.md there. Every run is bounded in time.
set -euo pipefail

BENCH_NAME="syscalls"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

SERVERS="iocore undertow-handler"
PIPELINE=16
WARMUP=20
WINDOW=3
CONNECTIONS=64
OUT=""

usage() {
  cat <<EOF
usage: bench/syscalls.sh [options]

  --servers "A B ..."   servers to count, in order (default: $SERVERS)
  --pipeline N          requests per write from wrk (bench/pipeline.lua; 1 = plain; default $PIPELINE)
  --warmup S            seconds of wrk load before counting (default $WARMUP)
  --window S            seconds strace counts (default $WINDOW)
  --connections C       wrk connections (default $CONNECTIONS)
  --out DIR             where to put the results (default bench/results/<timestamp>-syscalls)

Needs strace, wrk and taskset, and the right to trace the server (root, or ptrace_scope 0).
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --servers) SERVERS="${2:?--servers needs a list}"; shift 2 ;;
    --pipeline) positive "$1" "${2:-}"; PIPELINE="$2"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --window) positive "$1" "${2:-}"; WINDOW="$2"; shift 2 ;;
    --connections) positive "$1" "${2:-}"; CONNECTIONS="$2"; shift 2 ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done

require_tools wrk strace taskset awk
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-syscalls}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  machine_lines
  echo "commit: $(git -C "$BENCH_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "command: bench/syscalls.sh --servers \"$SERVERS\" --pipeline $PIPELINE --warmup $WARMUP --window $WINDOW --connections $CONNECTIONS"
} >"$OUT/environment.txt"

build_targets

WRK_ARGS=(-t1 -c"$CONNECTIONS")
SCRIPT_ARGS=()
if [ "$PIPELINE" -gt 1 ]; then
  WRK_ARGS+=(-s "$BENCH_ROOT/bench/pipeline.lua")
  SCRIPT_ARGS=(-- "$PIPELINE")
fi

# completed_requests: the "completed" member of the target's /stats.
completed_requests() {
  http_get "$TARGET_PORT" /stats | sed -n 's/.*"completed":\([0-9]*\).*/\1/p'
}


printf 'server\trequests\tread\twrite\twritev\n' >"$OUT/results.tsv"
for server in $SERVERS; do
  dir="$OUT/$server"
  bench_say "$server: starting on CPU 0"
  start_target "$server" "$dir" taskset -c 0 || { bench_say "$server: did not start, skipped"; continue; }
  timeout $((WARMUP + 30)) taskset -c 1 wrk "${WRK_ARGS[@]}" -d"${WARMUP}s" "$TARGET_URL/hello" "${SCRIPT_ARGS[@]}" \
    >"$dir/warmup.txt" || bench_say "  wrk exited with status $?"
  # Load for the window and a margin either side; strace attaches to every thread the JVM has now.
  timeout $((WINDOW + 40)) taskset -c 1 wrk "${WRK_ARGS[@]}" -d"$((WINDOW + 6))s" "$TARGET_URL/hello" "${SCRIPT_ARGS[@]}" \
    >"$dir/load.txt" &
  load=$!
  BENCH_CHILDREN+=("$load")
  sleep 2
  before="$(completed_requests)"
  strace_window "$TARGET_PID" "$WINDOW" "$dir"
  after="$(completed_requests)"
  wait "$load" || true
  requests=$((after - before))
  printf '%s\t%d\t%d\t%d\t%d\n' "$server" "$requests" "$(strace_calls "$dir/strace.txt" read)" \
    "$(strace_calls "$dir/strace.txt" write)" "$(strace_calls "$dir/strace.txt" writev)" >>"$OUT/results.tsv"
  stop_target
  bench_say "$server: $requests requests in the window; stopped, exit status $TARGET_EXIT"
done

awk -F'\t' -v pipeline="$PIPELINE" -v conns="$CONNECTIONS" '
  NR == 1 { next }
  { n++; r[n] = $0 }
  END {
    print "| server | requests in the window | read | write + writev | reads per request | writes per request | requests per write |"
    print "|---|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= n; i++) {
      split(r[i], f, "\t")
      w = f[4] + f[5]
      if (f[2] > 0) printf "| %s | %d | %d | %d | %.3f | %.3f | %.1f |\n", f[1], f[2], f[3], w, f[3] / f[2], w / f[2], (w > 0 ? f[2] / w : 0)
      else printf "| %s | 0 | %d | %d | | | |\n", f[1], f[3], w
    }
    printf "\nwrk -t1 -c%d%s on CPU 1, server alone on CPU 0; strace -c -f over the window; requests from the server /stats.\n", conns, (pipeline > 1 ? sprintf(" -s bench/pipeline.lua (%d per write)", pipeline) : "")
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
