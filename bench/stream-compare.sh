#!/usr/bin/env bash
# stream-compare.sh: GET /stream on the targets that write it their own non-blocking way, one at a
# time: iocore (an IteratingCallback over its endpoint writes), Jetty's core handler (its
# Callback-driven writes), Netty (writability), Undertow's handler (its sink channel's write
# listener), and the three servlet containers under write-listener (Servlet 3.1's WriteListener).
# Each cell is started with `./workbench target` pinned to CPU 0; wrk, pinned to CPU 1, keeps 16
# connections each fetching 1 MiB bodies back to back; the server's own /stats says how many body
# bytes it wrote and /proc/PID/stat how much CPU it spent, so the table gives MiB/s and CPU per MiB
# as the server saw them. Raw output goes to bench/results/<timestamp>-stream-compare/, the table to
# stdout and summary.md there. Every run is bounded in time; nothing is left running.
set -euo pipefail

BENCH_NAME="stream-compare"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"
# shellcheck source=bench/cell-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/cell-lib.sh"

CELLS="iocore:async-complete jetty-handler:async-complete netty:async-complete undertow-handler:async-complete"
CELLS="$CELLS jetty:write-listener tomcat:write-listener undertow:write-listener"
WARMUP=60
ROUNDS=3
DURATION=10
CONNECTIONS=16
BYTES=1048576
CHUNK=""
OUT=""

usage() {
  cat <<USAGE
usage: bench/stream-compare.sh [options]

  --cells "S:X[@DIR] ..." cells to measure, in order (default: $CELLS);
                          S:X@DIR is cell S:X of the workbench checkout in DIR (e.g. a git
                          worktree of a baseline commit), shown as S:X@<its commit>
  --warmup S            seconds of load before measuring each cell (default $WARMUP)
  --rounds N            measured rounds per cell (default $ROUNDS)
  --duration S          seconds per round (default $DURATION)
  --connections C       wrk connections (default $CONNECTIONS)
  --bytes N             body length of each response (default $BYTES, 1 MiB)
  --chunk K             chunk=K of each request (default: the target's, 16 KiB)
  --quick               a proof that the script works, not a measurement: --warmup 3 --rounds 1 --duration 3
  --out DIR             where to put the results (default bench/results/<timestamp>-stream-compare)

Each cell on CPU 0 (taskset -c 0), alone; load on CPU 1: wrk -t1 -cC -dDs URL/stream?bytes=N.
MiB/s: the streamedBytes the server's /stats counted over a round, per second. CPU per MiB: the
server's utime + stime (from /proc/PID/stat) over the round, per MiB it wrote. MiB per CPU-second
is their ratio: what the writing costs, whatever the machine let the server use.
USAGE
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cells) CELLS="${2:?--cells needs a list}"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP="$2"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --duration) positive "$1" "${2:-}"; DURATION="$2"; shift 2 ;;
    --connections) positive "$1" "${2:-}"; CONNECTIONS="$2"; shift 2 ;;
    --bytes) positive "$1" "${2:-}"; BYTES="$2"; shift 2 ;;
    --chunk) positive "$1" "${2:-}"; CHUNK="$2"; shift 2 ;;
    --quick) WARMUP=3; ROUNDS=1; DURATION=3; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
check_cells "$CELLS"
PATH_AND_QUERY="/stream?bytes=$BYTES${CHUNK:+&chunk=$CHUNK}"

require_tools wrk taskset awk
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-stream-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  describe_machine
  echo "command: bench/stream-compare.sh --cells \"$CELLS\" --warmup $WARMUP --rounds $ROUNDS --duration $DURATION" \
       "--connections $CONNECTIONS --bytes $BYTES${CHUNK:+ --chunk $CHUNK}"
} >"$OUT/environment.txt"

build_targets

streamed_bytes() {
  stats_member "$(http_get "$TARGET_PORT" /stats)" streamedBytes
}

# One round: appends "MiB/s cpu-ms-per-MiB MiB-per-cpu-s server-cpu-% errors wrk-rps" to rounds.tsv.
stream_round() {
  local dir="$1" round="$2" file="$1/round-$2.txt" before after bytes_before bytes_after start end
  bytes_before="$(streamed_bytes)"
  before="$(cpu_ticks "$TARGET_PID")"
  start="$(date +%s.%N)"
  timeout $((DURATION + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "$TARGET_URL$PATH_AND_QUERY" >"$file" ||
    bench_say "  wrk exited with status $?"
  end="$(date +%s.%N)"
  after="$(cpu_ticks "$TARGET_PID")"
  bytes_after="$(streamed_bytes)"
  echo "server streamedBytes: $bytes_before -> $bytes_after; CPU ticks: $before -> $after (CLK_TCK $CLK_TCK); seconds: $start -> $end" >>"$file"
  local line errors="" rps=""
  if peer_figures wrk "$file"; then
    errors="${PEER[errors]}" rps="${PEER[rps]}"
  fi
  line="$(awk -v b=$((bytes_after - bytes_before)) -v t=$((after - before)) -v tck="$CLK_TCK" -v s="$start" -v e="$end" \
              -v errors="$errors" -v rps="$rps" 'BEGIN {
    mib = b / 1048576; cpu = t / tck; secs = e - s
    printf "%.1f\t%s\t%s\t%.0f\t%d\t%s\n", mib / secs, (mib > 0 ? sprintf("%.3f", cpu * 1000 / mib) : "n/a"),
      (cpu > 0 ? sprintf("%.0f", mib / cpu) : "n/a"), cpu / secs * 100, errors, rps }')"
  printf '%s\n' "$line" >>"$dir/rounds.tsv"
  IFS=$'\t' read -r mibs cpums mibcpu cpupct errs rps <<<"$line"
  bench_say "  round $round: $mibs MiB/s, $cpums ms CPU per MiB, $mibcpu MiB per CPU-second, server CPU $cpupct%, errors $errs ($rps responses/s)"
}

printf 'cell\tmib_per_s\tcpu_ms_per_mib\tmib_per_cpu_s\tround_cpu_pct\terrors\texit\n' >"$OUT/results.tsv"

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
  # One small stream first: the server must count exactly its 1000 bytes.
  written="$(streamed_bytes)"
  http_discard "$TARGET_PORT" "/stream?bytes=1000" || true
  if [ "$(( $(streamed_bytes) - written ))" -ne 1000 ]; then
    bench_say "$label: GET /stream?bytes=1000 did not write 1000 bytes; skipping it"
    stop_target
    printf '%s\t%s\n' "$label" "bad stream" >>"$OUT/results.tsv"
    continue
  fi
  bench_say "$label: $TARGET_URL (pid $TARGET_PID), warming up for ${WARMUP}s"
  timeout $((WARMUP + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "$TARGET_URL$PATH_AND_QUERY" >"$dir/warmup.txt" ||
    bench_say "  wrk exited with status $?"
  for round in $(seq 1 "$ROUNDS"); do
    stream_round "$dir" "$round"
  done
  http_get "$TARGET_PORT" /stats >"$dir/stats.json" || true
  stop_target
  bench_say "$label: stopped, exit status $TARGET_EXIT"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" \
    "$(cut -f1 "$dir/rounds.tsv" | median)" "$(cut -f2 "$dir/rounds.tsv" | median)" "$(cut -f3 "$dir/rounds.tsv" | median)" \
    "$(cut -f4 "$dir/rounds.tsv" | median)" "$(awk '{ e += $5 } END { print e + 0 }' "$dir/rounds.tsv")" "$TARGET_EXIT" >>"$OUT/results.tsv"
done

# The table, and the goal: iocore's stream at least as cheap per CPU-second as the best of the others.
awk -F'\t' -v rounds="$ROUNDS" -v duration="$DURATION" -v warmup="$WARMUP" -v conns="$CONNECTIONS" -v path="$PATH_AND_QUERY" '
  NR == 1 { next }
  { rows[++n] = $0 }
  $1 ~ /^iocore:/ && $4 + 0 > 0 { iocore = $4 + 0 }
  $1 !~ /^iocore:/ && $4 + 0 > best { best = $4 + 0; bestCell = $1 }
  END {
    print "| cell | MiB/s (median) | CPU ms per MiB | MiB per CPU-second | iocore vs this, per CPU-second | server CPU in rounds | errors | exit |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= n; i++) {
      split(rows[i], f, "\t")
      if (f[3] == "") { printf "| %s | %s | | | | | | |\n", f[1], f[2]; continue }
      printf "| %s | %s | %s | %s | %s | %s%% | %d | %s |\n", f[1], f[2], f[3], f[4],
        (iocore > 0 && f[4] + 0 > 0) ? sprintf("%.2fx", iocore / f[4]) : "n/a", f[5], f[6], f[7]
    }
    printf "\nwrk -t1 -c%d -d%ds %s, %d round(s) per cell after a %ds warm-up, each cell alone on CPU 0, wrk on CPU 1; medians over the rounds.\n", conns, duration, path, rounds, warmup
    print "MiB/s and CPU from the server: its /stats streamedBytes and its utime+stime (/proc) over each round."
    if (iocore > 0 && best > 0)
      printf "Goal (iocore at least as many MiB per CPU-second as the best other target): %s, iocore %.0f vs %s %.0f (%.2fx).\n",
        (iocore >= best ? "met" : "missed"), iocore, bestCell, best, iocore / best
  }' "$OUT/results.tsv" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
