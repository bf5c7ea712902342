#!/usr/bin/env bash
# stream-compare.sh: GET /stream on the targets that write it their own non-blocking way, their
# rounds interleaved: iocore (an IteratingCallback over its endpoint writes), Jetty's core handler (its
# Callback-driven writes), Netty (writability), Undertow's handler (its sink channel's write
# listener), and the three servlet containers under write-listener (Servlet 3.1's WriteListener).
# Every cell is started with `./workbench target` pinned to CPU 0 and warmed up in turn; then each
# round measures every cell once, one after the other (the others idle); wrk, pinned to CPU 1, keeps 16
# connections each fetching 1 MiB bodies back to back; the server's own /stats says how many body
# bytes it wrote and /proc/PID/stat how much CPU it spent, so the table gives MiB/s and CPU per MiB
# as the server saw them, and MiB per CPU-second with its spread over the rounds; then, under the
# same load, strace -c counts the server's system calls over a short window: write calls (write,
# writev, sendto, sendmsg) and all calls per MiB written. With several chunk sizes (--chunks), each
# cell is measured at each of them, every (cell, chunk) pair in the same interleaved rounds. A cell
# SERVER@CHECKOUT:STRATEGY runs SERVER from another checkout of the workbench (e.g. a worktree of
# the commit before a change), so that both are measured in one session. Raw output goes to
# bench/results/<timestamp>-stream-compare/, the table to stdout and summary.md there. Every run is
# bounded in time; nothing is left running.
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
CHUNKS=""
HIGH_WATER=""
SYSCALL_WINDOW=3
OUT=""

usage() {
  cat <<USAGE
usage: bench/stream-compare.sh [options]

  --cells "S:X ..."     cells to measure, in order (default: $CELLS);
                        S@DIR:X or S:X@DIR is the cell of the workbench checkout in DIR (e.g. a
                        git worktree of a baseline commit), shown as S@<its commit>:X
  --warmup S            seconds of load before measuring each cell (default $WARMUP)
  --rounds N            measured rounds per cell (default $ROUNDS)
  --duration S          seconds per round (default $DURATION)
  --connections C       wrk connections (default $CONNECTIONS)
  --bytes N             body length of each response (default $BYTES, 1 MiB)
  --chunks "K ..."      measure every cell at each chunk size K (chunk=K in each request), every
                        (cell, chunk) pair in the same interleaved rounds (default: the target's, 16 KiB)
  --chunk K             the same, one size
  --high-water H        iocore cells only: --stream-high-water H (default: the target's, 112 KiB)
  --syscall-window S    seconds strace -c counts each cell's system calls, under the same load,
                        after its rounds (default $SYSCALL_WINDOW; 0 skips it, and the need for strace)
  --quick               a proof that the script works, not a measurement: --warmup 3 --rounds 1 --duration 3
  --out DIR             where to put the results (default bench/results/<timestamp>-stream-compare)

Every cell on CPU 0 (taskset -c 0), started and warmed up in turn (at each chunk size, the warm-up
shared between them); then round r measures every (cell, chunk) pair once, starting with the r-th,
the others idle meanwhile, so that each pair's rounds are spread over the same minutes. Load on
CPU 1: wrk -t1 -cC -dDs URL/stream?bytes=N[&chunk=K].
MiB/s: the streamedBytes the server's /stats counted over a round, per second. CPU per MiB: the
server's utime + stime (from /proc/PID/stat) over the round, per MiB it wrote. MiB per CPU-second
is their ratio: what the writing costs, whatever the machine let the server use; the table gives its
median and its spread (the lowest and highest valid round). With two chunk sizes or more, the last
lines hold iocore's MiB per CPU-second at the smallest against the largest: no worse by more than
the run's spread (the larger of the two pairs' spreads) is met. System calls per
MiB: strace -c -f over the window, per MiB /stats counted inside it (strace slows the server a
great deal: its MiB/s in the window means nothing, its calls per MiB do).
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
    --chunk) positive "$1" "${2:-}"; CHUNKS="$2"; shift 2 ;;
    --chunks) [ -n "${2:-}" ] || bench_die "--chunks needs a list of sizes"
      for k in $2; do positive "$1" "$k"; done
      CHUNKS="$2"; shift 2 ;;
    --high-water) positive "$1" "${2:-}"; HIGH_WATER="$2"; shift 2 ;;
    --syscall-window) [[ "${2:-}" =~ ^[0-9]+$ ]] || bench_die "$1 needs a whole number of seconds, got '${2:-}'"
      SYSCALL_WINDOW="$2"; shift 2 ;;
    --quick) WARMUP=3; ROUNDS=1; DURATION=3; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option '$1'" ;;
  esac
done
check_cells "$CELLS"
# The chunk sizes, smallest first; one empty size: the target's own default, no chunk parameter.
if [ -n "$CHUNKS" ]; then
  read -r -a SIZES <<<"$(tr ' ' '\n' <<<"$CHUNKS" | sed '/^$/d' | sort -n -u | tr '\n' ' ')"
else
  SIZES=("")
fi
# path_for K: the path and query of a request for chunks of K bytes (the target's default for "").
path_for() { printf '/stream?bytes=%s%s\n' "$BYTES" "${1:+&chunk=$1}"; }
# unit_of CELL K: how a (cell, chunk) pair is named in the table, and (with / for :) its directory.
unit_of() { printf '%s%s\n' "$1" "${2:+ chunk=$2}"; }

require_tools wrk taskset awk
if [ "$SYSCALL_WINDOW" -gt 0 ]; then
  require_tools strace
fi
[ "$(nproc)" -ge 2 ] || bench_die "needs 2 CPUs (server on CPU 0, load on CPU 1), found $(nproc)"
OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-stream-compare}"
mkdir -p "$OUT"
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

{
  describe_machine
  echo "command: bench/stream-compare.sh --cells \"$CELLS\" --warmup $WARMUP --rounds $ROUNDS --duration $DURATION" \
       "--connections $CONNECTIONS --bytes $BYTES${CHUNKS:+ --chunks \"$CHUNKS\"}${HIGH_WATER:+ --high-water $HIGH_WATER}" \
       "--syscall-window $SYSCALL_WINDOW"
  for cell in $CELLS; do
    case "$cell" in *@*) echo "checkout of ${cell%%:*}: commit $(git -C "${cell#*@}" rev-parse --short HEAD 2>/dev/null || echo unknown)" ;; esac
  done
  echo "this checkout: commit $(git -C "$BENCH_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
} >"$OUT/environment.txt"

build_targets

streamed_bytes() {
  stats_member "$(http_get "$TARGET_PORT" /stats)" streamedBytes
}

# One round of GET PATH: appends "MiB/s cpu-ms-per-MiB MiB-per-cpu-s server-cpu-% errors wrk-rps verdict" to rounds.tsv. The verdict
# is "valid", or why the round measured nothing that can be trusted: wrk failed or its output cannot be read, the
# server's /stats could not be read before or after, or no byte was streamed. (Errors are the target's doing: they are
# counted, not held against the round.)
stream_round() {
  local dir="$1" round="$2" path="$3" file="$1/round-$2.txt" before after bytes_before bytes_after start end wrk_status=0 verdict=valid
  bytes_before="$(streamed_bytes)" || bytes_before=""
  before="$(cpu_ticks "$TARGET_PID")"
  start="$(date +%s.%N)"
  timeout $((DURATION + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "$TARGET_URL$path" >"$file" ||
    wrk_status=$?
  end="$(date +%s.%N)"
  after="$(cpu_ticks "$TARGET_PID")"
  bytes_after="$(streamed_bytes)" || bytes_after=""
  echo "server streamedBytes: $bytes_before -> $bytes_after; CPU ticks: $before -> $after (CLK_TCK $CLK_TCK); seconds: $start -> $end" >>"$file"
  local line errors="" rps=""
  if peer_figures wrk "$file"; then
    errors="${PEER[errors]}" rps="${PEER[rps]}"
  else
    verdict="invalid: wrk's output cannot be read"
  fi
  if [ "$wrk_status" -ne 0 ]; then
    verdict="invalid: wrk exited with status $wrk_status"
    bench_say "  wrk exited with status $wrk_status"
  elif [ -z "$bytes_before" ] || [ -z "$bytes_after" ]; then
    verdict="invalid: the server's /stats could not be read"
  elif [ "$bytes_after" -le "$bytes_before" ]; then
    verdict="invalid: no byte was streamed"
  fi
  [ -n "$bytes_before" ] || bytes_before=0
  [ -n "$bytes_after" ] || bytes_after=0
  line="$(awk -v b=$((bytes_after - bytes_before)) -v t=$((after - before)) -v tck="$CLK_TCK" -v s="$start" -v e="$end" \
              -v errors="$errors" -v rps="$rps" -v verdict="$verdict" 'BEGIN {
    mib = b / 1048576; cpu = t / tck; secs = e - s
    printf "%.1f\t%s\t%s\t%.0f\t%d\t%s\t%s\n", mib / secs, (mib > 0 ? sprintf("%.3f", cpu * 1000 / mib) : "n/a"),
      (cpu > 0 ? sprintf("%.0f", mib / cpu) : "n/a"), cpu / secs * 100, errors, rps, verdict }')"
  printf '%s\n' "$line" >>"$dir/rounds.tsv"
  IFS=$'\t' read -r mibs cpums mibcpu cpupct errs rps verdict <<<"$line"
  bench_say "  round $round: $mibs MiB/s, $cpums ms CPU per MiB, $mibcpu MiB per CPU-second, server CPU $cpupct%, errors $errs ($rps responses/s): $verdict"
}

# The system calls of one window under load of GET PATH: prints "write-calls-per-MiB all-calls-per-MiB" (n/a
# when the window is skipped or nothing was written in it).
syscall_window() {
  local dir="$1" path="$2" load before after
  if [ "$SYSCALL_WINDOW" -eq 0 ]; then
    printf 'n/a\tn/a\n'
    return
  fi
  timeout $((SYSCALL_WINDOW + 40)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"$((SYSCALL_WINDOW + 6))s" \
    "$TARGET_URL$path" >"$dir/strace-load.txt" &
  load=$!
  BENCH_CHILDREN+=("$load")
  sleep 2
  before="$(streamed_bytes)" || before=0
  strace_window "$TARGET_PID" "$SYSCALL_WINDOW" "$dir"
  after="$(streamed_bytes)" || after=0
  wait "$load" || true
  echo "server streamedBytes in the strace window: $before -> $after" >>"$dir/strace.txt"
  awk -v b=$((after - before)) -v w="$(strace_calls "$dir/strace.txt" write writev sendto sendmsg)" \
      -v t="$(strace_calls "$dir/strace.txt" total)" 'BEGIN {
    mib = b / 1048576
    if (mib > 0) printf "%.1f\t%.1f\n", w / mib, t / mib; else printf "n/a\tn/a\n" }'
}

printf 'cell\tchunk\tmib_per_s\tcpu_ms_per_mib\tmib_per_cpu_s\tmib_per_cpu_s_min\tmib_per_cpu_s_max\tround_cpu_pct\terrors\texit\tvalid_rounds\twrite_calls_per_mib\tcalls_per_mib\n' >"$OUT/results.tsv"

# Every cell is started and checked, then warmed up in turn (at each chunk size); they wait, idle on
# CPU 0, while the others are measured.
STARTED=()
UNITS=()
declare -A CELL_DIR=() UNIT_CELL=() UNIT_CHUNK=() UNIT_DIR=() UNIT_WRITES=() UNIT_CALLS=()
for spec in $CELLS; do
  server="${spec%%:*}" strategy="${spec#*:}"
  # S:X@DIR is the same cell as S@DIR:X: the checkout goes with the server.
  case "$strategy" in *@*) server="$server@${strategy#*@}" strategy="${strategy%%@*}" ;; esac
  cell="$(server_label "$server"):$strategy"
  dir="$OUT/${cell/:/-}"
  TARGET_ARGS=()
  if [ -n "$HIGH_WATER" ] && [ "${server%%@*}" = iocore ]; then
    TARGET_ARGS=(--stream-high-water "$HIGH_WATER")
  fi
  bench_say "$cell: starting on CPU 0"
  status=0
  start_cell "$server" "$strategy" "$dir" taskset -c 0 || status=$?
  if [ "$status" -ne 0 ]; then
    if [ "$status" -eq 2 ]; then reason="refused"; else reason="failed to start"; fi
    for size in "${SIZES[@]}"; do
      printf '%s\t%s\t%s\n' "$(unit_of "$cell" "$size")" "${size:-default}" "$reason" >>"$OUT/results.tsv"
    done
    continue
  fi
  # One small stream first: the server must count exactly its 1000 bytes.
  written="$(streamed_bytes)"
  http_discard "$TARGET_PORT" "/stream?bytes=1000" || true
  if [ "$(( $(streamed_bytes) - written ))" -ne 1000 ]; then
    bench_say "$cell: GET /stream?bytes=1000 did not write 1000 bytes; skipping it"
    stop_target
    for size in "${SIZES[@]}"; do
      printf '%s\t%s\t%s\n' "$(unit_of "$cell" "$size")" "${size:-default}" "bad stream" >>"$OUT/results.tsv"
    done
    continue
  fi
  # The warm-up is shared between the chunk sizes, so that a cell warms up as long whatever it is measured at.
  share=$(( WARMUP / ${#SIZES[@]} > 0 ? WARMUP / ${#SIZES[@]} : 1 ))
  for size in "${SIZES[@]}"; do
    path="$(path_for "$size")"
    bench_say "$cell: $TARGET_URL (pid $TARGET_PID), warming up for ${share}s on $path"
    timeout $((share + 30)) taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${share}s" "$TARGET_URL$path" >"$dir/warmup${size:+-$size}.txt" ||
      bench_say "  wrk exited with status $?"
    unit="$(unit_of "$cell" "$size")"
    UNITS+=("$unit")
    UNIT_CELL[$unit]="$cell"
    UNIT_CHUNK[$unit]="$size"
    UNIT_DIR[$unit]="$dir${size:+/chunk-$size}"
    mkdir -p "${UNIT_DIR[$unit]}"
  done
  keep_target "$cell"
  STARTED+=("$cell")
  CELL_DIR[$cell]="$dir"
done

# The measured rounds, interleaved: round r goes through the (cell, chunk) pairs starting with the
# r-th, so that no pair is always first, and the rounds of every pair are spread over the same
# minutes. The machine this was built on moves between a fast and a slow state for minutes at a
# time; measured one after the other, a ratio between two pairs was partly a ratio between two states.
for round in $(seq 1 "$ROUNDS"); do
  for ((i = 0; i < ${#UNITS[@]}; i++)); do
    unit="${UNITS[$(((round - 1 + i) % ${#UNITS[@]}))]}"
    use_target "${UNIT_CELL[$unit]}"
    bench_say "$unit: round $round"
    stream_round "${UNIT_DIR[$unit]}" "$round" "$(path_for "${UNIT_CHUNK[$unit]}")"
    keep_target "${UNIT_CELL[$unit]}"
  done
done

for cell in "${STARTED[@]}"; do
  use_target "$cell"
  for unit in "${UNITS[@]}"; do
    [ "${UNIT_CELL[$unit]}" = "$cell" ] || continue
    dir="${UNIT_DIR[$unit]}"
    writes_per_mib="n/a" calls_per_mib="n/a"
    if [ "$SYSCALL_WINDOW" -gt 0 ]; then
      bench_say "$unit: counting system calls for ${SYSCALL_WINDOW}s (strace -c, under the same load)"
    fi
    IFS=$'\t' read -r writes_per_mib calls_per_mib < <(syscall_window "$dir" "$(path_for "${UNIT_CHUNK[$unit]}")") || true
    UNIT_WRITES[$unit]="$writes_per_mib"
    UNIT_CALLS[$unit]="$calls_per_mib"
  done
  http_get "$TARGET_PORT" /stats >"${CELL_DIR[$cell]}/stats.json" || true
  stop_kept_target "$cell"
  bench_say "$cell: stopped, exit status $TARGET_EXIT"
  for unit in "${UNITS[@]}"; do
    [ "${UNIT_CELL[$unit]}" = "$cell" ] || continue
    dir="${UNIT_DIR[$unit]}"
    size="${UNIT_CHUNK[$unit]:-default}"
    # Medians (and the spread of MiB per CPU-second) over the valid rounds only; a pair without one has no figure, and says why.
    awk -F'\t' '$7 == "valid"' "$dir/rounds.tsv" >"$dir/valid-rounds.tsv"
    valid="$(wc -l <"$dir/valid-rounds.tsv")"
    errors="$(awk -F'\t' '{ e += $5 } END { print e + 0 }' "$dir/rounds.tsv")"
    if [ "$valid" -eq 0 ]; then
      printf '%s\t%s\t%s\t\t\t\t\t\t%s\t%s\t0/%s\t%s\t%s\n' "$unit" "$size" "no valid round ($(cut -f7 "$dir/rounds.tsv" | sort -u | paste -sd ';' -))" \
        "$errors" "$TARGET_EXIT" "$ROUNDS" "${UNIT_WRITES[$unit]}" "${UNIT_CALLS[$unit]}" >>"$OUT/results.tsv"
      continue
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$unit" "$size" \
      "$(cut -f1 "$dir/valid-rounds.tsv" | median)" "$(cut -f2 "$dir/valid-rounds.tsv" | median)" "$(cut -f3 "$dir/valid-rounds.tsv" | median)" \
      "$(cut -f3 "$dir/valid-rounds.tsv" | sort -g | head -n 1)" "$(cut -f3 "$dir/valid-rounds.tsv" | sort -g | tail -n 1)" \
      "$(cut -f4 "$dir/valid-rounds.tsv" | median)" "$errors" "$TARGET_EXIT" \
      "$valid/$ROUNDS" "${UNIT_WRITES[$unit]}" "${UNIT_CALLS[$unit]}" >>"$OUT/results.tsv"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/environment.txt"

# iocore against Netty round by round, at chunk size K: an interleaved round of each, measured back to
# back, in the same state of the machine. Prints one line per round where both were valid:
# "per-CPU-second-ratio MiB/s-ratio".
paired_ratios() {
  local size="$1" io="" ne="" unit
  for unit in "${UNITS[@]}"; do
    [ "${UNIT_CHUNK[$unit]}" = "$size" ] || continue
    case "$unit" in iocore:*) [ -n "$io" ] || io="${UNIT_DIR[$unit]}/rounds.tsv" ;; netty:*) [ -n "$ne" ] || ne="${UNIT_DIR[$unit]}/rounds.tsv" ;; esac
  done
  [ -n "$io" ] && [ -n "$ne" ] && [ -f "$io" ] && [ -f "$ne" ] || return 0
  paste "$io" "$ne" | awk -F'\t' '$7 == "valid" && $14 == "valid" && $10 + 0 > 0 && $8 + 0 > 0 { printf "%.3f %.3f\n", $3 / $10, $1 / $8 }'
}

# The table, and for each chunk size the goals: iocore's stream at least as cheap per CPU-second as
# the best of the others; and against Netty, per CPU-second, in MiB/s and in write calls per MiB.
# Judged only on pairs measured with valid rounds: if iocore or any other cell that ran has none at
# that size, the goal is not judged, never met. Then, with two sizes or more, iocore (and Netty)
# at the smallest against the largest.
{
  awk -F'\t' -v rounds="$ROUNDS" -v duration="$DURATION" -v warmup="$WARMUP" -v conns="$CONNECTIONS" -v bytes="$BYTES" \
      -v window="$SYSCALL_WINDOW" '
    NR == 1 { next }
    { rows[++n] = $0 }
    $5 + 0 > 0 && $1 ~ /^iocore:/ && !(($2) in iocore) { iocore[$2] = $5 + 0 }
    END {
      print "| cell | MiB/s (median) | CPU ms per MiB | MiB per CPU-second (median) | its spread (min-max) | iocore vs this, per CPU-second | server CPU in rounds | write calls per MiB | system calls per MiB | errors | exit | valid rounds |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= n; i++) {
        split(rows[i], f, "\t")
        if (f[4] == "" && f[3] ~ /^no valid round/) { printf "| %s | %s | | | | | | %s | %s | %s | %s | %s |\n", f[1], f[3], f[12], f[13], f[9], f[10], f[11]; continue }
        if (f[4] == "") { printf "| %s | %s | | | | | | | | | | |\n", f[1], f[3]; continue }
        printf "| %s | %s | %s | %s | %s-%s | %s | %s%% | %s | %s | %d | %s | %s |\n", f[1], f[3], f[4], f[5], f[6], f[7],
          (iocore[f[2]] > 0 && f[5] + 0 > 0) ? sprintf("%.2fx", iocore[f[2]] / f[5]) : "n/a", f[8], f[12], f[13], f[9], f[10], f[11]
      }
      printf "\nwrk -t1 -c%d -d%ds /stream?bytes=%d[&chunk=K], %d interleaved round(s) per (cell, chunk) after a %ds warm-up per cell, the cells on CPU 0 (only the one measured under load), wrk on CPU 1; medians over the valid rounds, and the spread of MiB per CPU-second from the lowest to the highest valid round.\n", conns, duration, bytes, rounds, warmup
      print "MiB/s and CPU from the server: its /stats streamedBytes and its utime+stime (/proc) over each round. A round is valid when wrk ran and"
      print "its output was read, the server /stats was read before and after, and bytes were streamed."
      if (window > 0)
        printf "System calls: strace -c -f on every server thread for %ds under the same load after the rounds, per MiB /stats counted in that window; write calls are write, writev, sendto and sendmsg.\n", window
    }' "$OUT/results.tsv"
  for size in "${SIZES[@]}"; do
    paired_ratios "$size" >"$OUT/iocore-vs-netty${size:+-$size}.txt"
    PAIRED="$(awk '{ printf "%s%.2fx", (NR > 1 ? " " : ""), $1 }' "$OUT/iocore-vs-netty${size:+-$size}.txt")"
    PAIRED_CPU="$(cut -d' ' -f1 "$OUT/iocore-vs-netty${size:+-$size}.txt" | median)"
    PAIRED_RATE="$(cut -d' ' -f2 "$OUT/iocore-vs-netty${size:+-$size}.txt" | median)"
    awk -F'\t' -v size="${size:-default}" -v paired="$PAIRED" -v pairedCpu="$PAIRED_CPU" -v pairedRate="$PAIRED_RATE" '
      NR == 1 || $2 != size { next }
      $4 == "" && $3 ~ /^no valid round/ { unjudged = unjudged (unjudged == "" ? "" : ", ") $1 }
      $1 ~ /^iocore:/ && $5 + 0 > 0 { iocore = $5 + 0; iocoreRate = $3 + 0; iocoreWrites = $12 }
      $1 ~ /^netty:/ && $5 + 0 > 0 { netty = $5 + 0; nettyRate = $3 + 0; nettyWrites = $12 }
      $1 !~ /^iocore[:@]/ && $5 + 0 > best { best = $5 + 0; bestCell = $1 }
      END {
        at = (size == "default" ? "" : sprintf(" at chunks of %s bytes", size))
        if (unjudged != "")
          printf "\nGoal%s (iocore at least as many MiB per CPU-second as the best other target): not judged: no valid round for %s.\n", at, unjudged
        else if (iocore > 0 && best > 0)
          printf "\nGoal%s (iocore at least as many MiB per CPU-second as the best other target): %s, iocore %.0f vs %s %.0f (%.2fx).\n",
            at, (iocore >= best ? "met" : "missed"), iocore, bestCell, best, iocore / best
        else
          printf "\nGoal%s (iocore at least as many MiB per CPU-second as the best other target): not judged: iocore or every other cell has no figure.\n", at
        if (unjudged == "" && iocore > 0 && netty > 0) {
          # The median of the pairs when there is one (see paired_ratios), else the ratio of the medians.
          cpuRatio = (pairedCpu != "n/a" && pairedCpu != "") ? pairedCpu + 0 : iocore / netty
          rateRatio = (pairedRate != "n/a" && pairedRate != "") ? pairedRate + 0 : iocoreRate / nettyRate
          how = (pairedCpu != "n/a" && pairedCpu != "") ? "the median of the rounds measured back to back" : "the ratio of the medians"
          printf "Against Netty%s (at least 1.2x its MiB per CPU-second, no fewer MiB/s, no more write calls per MiB; %s): %.2fx per CPU-second (%s), %.2fx its MiB/s (%s), write calls per MiB %s vs %s (%s).\n",
            at, how, cpuRatio, (cpuRatio >= 1.2 ? "met" : "missed"), rateRatio, (rateRatio >= 1 ? "met" : "missed"),
            iocoreWrites, nettyWrites, (iocoreWrites == "n/a" || nettyWrites == "n/a" ? "not counted" : (iocoreWrites + 0 <= nettyWrites + 0 ? "met" : "missed"))
          printf "Per CPU-second, the ratio of the medians above: %.2fx; round by round: %s.\n", iocore / netty, (paired == "" ? "none" : paired)
        }
      }' "$OUT/results.tsv"
  done
  if [ "${#SIZES[@]}" -ge 2 ]; then
    # The smallest chunk against the largest, for iocore (the goal) and Netty (for scale): the
    # median MiB per CPU-second at each, and the run's spread, the larger of the two pairs' spreads.
    awk -F'\t' -v small="${SIZES[0]}" -v large="${SIZES[${#SIZES[@]} - 1]}" '
      NR == 1 || $5 == "" { next }
      { server = $1; sub(/:.*/, "", server) }
      $2 == small { s[server] = $5 + 0; sSpread[server] = $7 - $6; sRange[server] = $6 "-" $7 }
      $2 == large { l[server] = $5 + 0; lSpread[server] = $7 - $6; lRange[server] = $6 "-" $7 }
      END {
        printf "\n"
        for (name in s) {
          if (!(name in l) || (name != "iocore" && name != "netty")) continue
          spread = (sSpread[name] > lSpread[name] ? sSpread[name] : lSpread[name])
          verdict = (s[name] >= l[name] - spread ? "met" : "missed")
          printf "%s, chunks of %s against %s bytes (%s): %.0f MiB per CPU-second (%s) against %.0f (%s), %.2fx; the run'"'"'s spread %.0f: %s.\n",
            name, small, large, (name == "iocore" ? "goal: no worse by more than the spread" : "for scale"),
            s[name], sRange[name], l[name], lRange[name], (l[name] > 0 ? s[name] / l[name] : 0), spread,
            (name == "iocore" ? verdict : (s[name] >= l[name] - spread ? "within it" : "beyond it"))
        }
      }' "$OUT/results.tsv"
  fi
} | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
