#!/usr/bin/env bash
# idle-connections.sh: what a hello target spends per idle keep-alive connection, and what it does
# when it runs out of file descriptors. For each server: start it, open N connections from several
# client processes (bench/idle_client.py) spread over the source addresses 127.0.0.2-127.0.0.9, send
# one GET /hello on each and hold them idle; read the server's RSS (VmRSS) and live heap before and
# after. Then push a few hundred connections past the server's descriptor limit and watch it: does it
# refuse cleanly, does it spin (CPU sampled from /proc while it sits at the limit), does an existing
# connection still answer, does it accept again once descriptors are free. Bounded in time; closes
# everything it opened. Raw output in bench/results/<timestamp>-idle-connections/, the table on stdout.
set -euo pipefail

BENCH_NAME="idle-connections"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"

SERVERS="iocore jetty-handler netty"
CONNECTIONS=19000
OVERFLOW=300
CLIENTS=8
HOLD=10
SAMPLE=5
FD_LIMIT="$(ulimit -Hn)"
OUT=""
CLIENT="$BENCH_ROOT/bench/idle_client.py"

usage() {
  cat <<EOF
usage: bench/idle-connections.sh [options]

  --servers "A B ..."   servers to measure (default: $SERVERS); unknown ones are skipped
  --connections N       idle keep-alive connections to hold (default $CONNECTIONS)
  --overflow M          connections opened beyond the server's descriptor limit (default $OVERFLOW):
                        the script fills the server's remaining descriptors, then M more
  --clients K           client processes holding the N connections (default $CLIENTS)
  --hold S              seconds to hold the connections idle before measuring again (default $HOLD)
  --fd-limit L          the server's file-descriptor limit (default: the hard limit, $FD_LIMIT)
  --quick               a smoke run: --connections 2000 --fd-limit 2500 --hold 3
  --out DIR             where to put the results (default bench/results/<timestamp>-idle-connections)

Memory per connection is measured twice: the growth of the server's RSS (what the OS sees, including
heap pages first touched meanwhile), and the growth of its live heap after a full GC (jcmd
GC.class_histogram, taken before the warm-up and after the connections are open), i.e. the Java
objects a connection keeps. Before measuring, the same N connections are opened, answered and
closed once, so that code, pools and the young generation have seen the work already.
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --servers) SERVERS="${2:?--servers needs a list}"; shift 2 ;;
    --connections) positive "$1" "${2:-}"; CONNECTIONS="$2"; shift 2 ;;
    --overflow) positive "$1" "${2:-}"; OVERFLOW="$2"; shift 2 ;;
    --clients) positive "$1" "${2:-}"; CLIENTS="$2"; shift 2 ;;
    --hold) positive "$1" "${2:-}"; HOLD="$2"; shift 2 ;;
    --fd-limit) positive "$1" "${2:-}"; FD_LIMIT="$2"; shift 2 ;;
    --quick) CONNECTIONS=2000; FD_LIMIT=2500; HOLD=3; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done

require_tools python3 awk
[ "$FD_LIMIT" -le "$(ulimit -Hn)" ] || bench_die "--fd-limit $FD_LIMIT is above the hard limit $(ulimit -Hn), which cannot be raised"
[ $((CONNECTIONS + 100)) -le "$FD_LIMIT" ] || bench_die "$CONNECTIONS connections do not fit under the server's $FD_LIMIT descriptors (keep 100 for the JVM)"
per_client=$(((CONNECTIONS + CLIENTS - 1) / CLIENTS))
[ $((per_client + 100)) -le "$(ulimit -Hn)" ] || bench_die "$per_client connections per client process exceed the descriptor limit: use more --clients"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-idle-connections}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  echo "date: $(date -Is)"
  echo "host: $(uname -srm), $(nproc) CPUs, $(free -m | awk '/^Mem:/ { print $2 " MB" }')"
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "command: bench/idle-connections.sh --servers \"$SERVERS\" --connections $CONNECTIONS --overflow $OVERFLOW" \
       "--clients $CLIENTS --hold $HOLD --fd-limit $FD_LIMIT"
} >"$OUT/environment.txt"

build_targets

# Client i connects from 127.0.0.(2 + i mod 8).
source_address() { echo "127.0.0.$((2 + $1 % 8))"; }

# wait_lines PATTERN SECONDS FILE...: waits until every file has a line starting with PATTERN.
wait_lines() {
  local pattern="$1" deadline=$((SECONDS + $2)) file
  shift 2
  for file in "$@"; do
    while ! grep -q "^$pattern" "$file" 2>/dev/null; do
      [ "$SECONDS" -lt "$deadline" ] || return 1
      sleep 0.2
    done
  done
}

# sum_field KEY FILE...: adds up KEY=value over the OPENED lines of the files.
sum_field() {
  local key="$1"
  shift
  cat "$@" | awk -v key="$key" '/^OPENED/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) s += kv[2] } } END { print s + 0 }'
}

# Live heap in bytes after the full GC that GC.class_histogram performs.
live_heap() {
  local jcmd
  jcmd="$(dirname "$(readlink -f "/proc/$TARGET_PID/exe")")/jcmd"
  "$jcmd" "$TARGET_PID" GC.class_histogram >"$1" 2>&1 || { echo 0; return; }
  awk '/^Total/ { print $3 }' "$1"
}

# CPU use of the server over SAMPLE seconds, in percent of one core.
cpu_percent() {
  local before after
  before="$(cpu_ticks "$TARGET_PID")"
  sleep "$SAMPLE"
  after="$(cpu_ticks "$TARGET_PID")"
  awk -v t=$((after - before)) -v tck="$CLK_TCK" -v s="$SAMPLE" 'BEGIN { printf "%.1f", t / tck / s * 100 }'
}

# open_clients PREFIX EXTRA-ARGS...: starts CLIENTS clients sharing CONNECTIONS, output PREFIX-i.out.
open_clients() {
  local prefix="$1" i count
  shift
  CLIENT_PIDS=()
  for i in $(seq 0 $((CLIENTS - 1))); do
    count=$((CONNECTIONS / CLIENTS + (i < CONNECTIONS % CLIENTS ? 1 : 0)))
    python3 "$CLIENT" --port "$TARGET_PORT" --source "$(source_address "$i")" --count "$count" "$@" \
      >"$prefix-$i.out" 2>&1 </dev/null &
    CLIENT_PIDS+=($!)
    BENCH_CHILDREN+=($!)
  done
}

stop_clients() {
  local pid
  for pid in "$@"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "$@"; do
    wait "$pid" 2>/dev/null || true
  done
}

printf 'server\theld\tfailed\trss_before_kb\trss_after_kb\trss_per_conn_b\tlive_per_conn_b\tidle_cpu\tfds_at_limit\toverflow\tlimit_cpu\tprobe\trecovered\tclosed_by_server\texit\tstderr_lines\toverflow_opened\n' >"$OUT/results.tsv"

measure() {
  local server="$1" dir="$OUT/$1" status=0
  bench_say "$server: starting (descriptor limit $FD_LIMIT)"
  TARGET_ULIMIT_N="$FD_LIMIT" start_target "$server" "$dir" || status=$?
  if [ "$status" -eq 3 ]; then
    bench_say "$server: skipped, the target command does not know it yet (./workbench target --help lists the servers)"
    rm -rf "$dir"
    return
  elif [ "$status" -ne 0 ]; then
    printf '%s\tfailed to start\n' "$server" >>"$OUT/results.tsv"
    return
  fi
  local rss_before live_before rss_after live_after held failed
  # The full GC of the live-heap measurement comes before the warm-up, so that the warm-up leaves the
  # young generation as the measured phase will find it, and the RSS growth is not a GC's doing.
  live_before="$(live_heap "$dir/histogram-before.txt")"
  bench_say "$server: $TARGET_URL (pid $TARGET_PID); warm-up: $CONNECTIONS connections opened, answered, closed"
  open_clients "$dir/warmup" --no-hold --timeout 30
  wait "${CLIENT_PIDS[@]}" 2>/dev/null || true
  sleep 2
  rss_before="$(rss_kb "$TARGET_PID")"
  bench_say "$server: RSS $((rss_before / 1024)) MB, live heap $((live_before / 1048576)) MB; opening $CONNECTIONS idle connections"
  open_clients "$dir/holder" --timeout 30
  local holders=("${CLIENT_PIDS[@]}") holder_files=()
  for i in $(seq 0 $((CLIENTS - 1))); do holder_files+=("$dir/holder-$i.out"); done
  wait_lines OPENED 400 "${holder_files[@]}" || bench_say "$server: some clients did not finish opening in time"
  held="$(sum_field ok "${holder_files[@]}")"
  failed=$((CONNECTIONS - held))
  sleep 2
  rss_after="$(rss_kb "$TARGET_PID")"
  live_after="$(live_heap "$dir/histogram-after.txt")"
  local idle_cpu fds
  idle_cpu="$(cpu_percent)"
  bench_say "$server: $held held ($failed failed), RSS $((rss_after / 1024)) MB, CPU while idle ${idle_cpu}%; holding ${HOLD}s"
  sleep "$HOLD"
  local rss_held
  rss_held="$(rss_kb "$TARGET_PID")"

  # Enough new connections to use up the server's remaining descriptors, then OVERFLOW more.
  local overflow_count=$((FD_LIMIT - $(open_fds "$TARGET_PID") + OVERFLOW))
  [ "$overflow_count" -ge "$OVERFLOW" ] || overflow_count="$OVERFLOW"
  bench_say "$server: $overflow_count more connections, $OVERFLOW past the limit of $FD_LIMIT descriptors"
  python3 "$CLIENT" --port "$TARGET_PORT" --source 127.0.0.9 --count "$overflow_count" --timeout 10 \
    >"$dir/overflow.out" 2>&1 </dev/null &
  local overflow_pid=$!
  BENCH_CHILDREN+=("$overflow_pid")
  wait_lines OPENED 120 "$dir/overflow.out" || bench_say "$server: the overflow client did not finish in time"
  fds="$(open_fds "$TARGET_PID")"
  local limit_cpu alive=yes
  limit_cpu="$(cpu_percent)"
  kill -0 "$TARGET_PID" 2>/dev/null || alive=no
  kill -USR1 "${holders[0]}" 2>/dev/null || true
  wait_lines PROBE 30 "$dir/holder-0.out" || true
  local probe
  probe="$(sed -n 's/^PROBE ok=//p' "$dir/holder-0.out" | head -n 1)"
  stop_clients "$overflow_pid"
  sleep 2
  python3 "$CLIENT" --port "$TARGET_PORT" --source 127.0.0.8 --count 1 --no-hold --timeout 10 >"$dir/recovery.out" 2>&1 </dev/null || true
  local recovered=no
  [ "$(sum_field ok "$dir/recovery.out")" -eq 1 ] && recovered=yes
  stop_clients "${holders[@]}"
  local closed_by_server
  closed_by_server="$(cat "${holder_files[@]}" | awk '/^CLOSED/ { split($3, kv, "="); s += kv[2] } END { print s + 0 }')"
  local overflow_outcome
  # e.g. "ok=469 timeout=231": the outcomes that happened, zero counts left out.
  overflow_outcome="$(sed -n 's/^OPENED n=[0-9]* //; s/ seconds=.*//p' "$dir/overflow.out" | tr ' ' '\n' | grep -v '=0$' | paste -sd' ' - || true)"
  [ "$alive" = yes ] || overflow_outcome="$overflow_outcome; SERVER DIED"

  stop_target
  local stderr_lines
  stderr_lines="$(wc -l <"$dir/server.stderr")"
  bench_say "$server: at the limit $fds descriptors, CPU ${limit_cpu}%, overflow: $overflow_outcome; probe $probe; recovered $recovered; exit $TARGET_EXIT"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$server" "$held" "$failed" "$rss_before" "$rss_after" \
    "$(( held > 0 ? (rss_after - rss_before) * 1024 / held : 0 ))" "$(( held > 0 ? (live_after - live_before) / held : 0 ))" \
    "$idle_cpu" "$fds" "$overflow_outcome" "$limit_cpu" "$probe" "$recovered" "$closed_by_server" "$TARGET_EXIT" "$stderr_lines" \
    "$overflow_count" \
    >>"$OUT/results.tsv"
  echo "RSS after holding ${HOLD}s: $rss_held kB" >>"$dir/notes.txt"
}

for server in $SERVERS; do
  measure "$server"
done

awk -F'\t' -v n="$CONNECTIONS" -v limit="$FD_LIMIT" -v over="$OVERFLOW" '
  NR == 1 { next }
  $2 == "failed to start" { failed[++f] = $1; next }
  { rows[++r] = $0 }
  END {
    printf "| server | held / %d | RSS before → after MB | RSS per conn KB | live heap per conn KB | CPU idle %% |\n", n
    print "|---|---:|---:|---:|---:|---:|"
    for (i = 1; i <= r; i++) {
      split(rows[i], c, "\t")
      printf "| %s | %d | %.0f → %.0f | %.2f | %.2f | %s |\n", c[1], c[2], c[4] / 1024, c[5] / 1024, c[6] / 1024, c[7] / 1024, c[8]
    }
    printf "\nAt the descriptor limit (%d): new connections to fill the remaining descriptors, then %d more:\n\n", limit, over
    print "| server | fds held | new connections: outcome | CPU at limit % | old conn answers | accepts again | closed while idle | exit | stderr lines |"
    print "|---|---:|---|---:|---:|---|---:|---:|---:|"
    for (i = 1; i <= r; i++) {
      split(rows[i], c, "\t")
      printf "| %s | %s | %s of %s | %s | %s | %s | %s | %s | %s |\n", c[1], c[9], c[10], c[17], c[11], c[12], c[13], c[14], c[15], c[16]
    }
    for (i = 1; i <= f; i++) printf "\n%s failed to start.\n", failed[i]
    print "\nOutcome of a new connection: ok (answered 200), refused, reset, closed (closed without an answer),"
    print "timeout (no answer in 10 s: it waits in the kernel accept queue), error."
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
