#!/usr/bin/env bash
# trace-cost.sh: what tracing costs a target. GET /hello with a zero wait at a fixed open rate
# (20,000 req/s by default) from the load generator, against each cell started with and without
# --trace, the generator with and without --trace to match: the traced requests carry their ids,
# the target stamps them and keeps one record each, and after the run the generator fetches the
# records (GET /trace) and joins them. Two figures, read apart:
# - per request: the target's CPU (utime + stime from /proc/PID/stat, sampled every 100 ms and
#   read at the measured phase's two ends, summary.json's startEpochMillis and endEpochMillis)
#   over the phase's responses, traced over untraced;
# - the drain: the target's CPU from the phase's end to the load command's end (the traced run's
#   GET /trace is in it), over the records it served.
# Each cell's two targets, one started with --trace and one without, are started once on CPU 0,
# warmed by a closed run of the same requests, and kept for all of the cell's rounds, as the main job
# keeps its targets: their JIT's state carries over, and a round costs two generator runs, not two
# JVM starts. Each round measures both, their order alternating, so the machine's drift moves both.
# The generator (a fresh JVM a run, on CPU 1) primes its code, opens its 64 connections before the
# clock (and opens no more: connects would be target work that differs run to run) and runs 5 s of
# its schedule unmeasured before the measured phase. Raw output goes to
# bench/results/<timestamp>-trace-cost/, the table to stdout and summary.md there. Every
# run is bounded in count and time; nothing is left running.
set -euo pipefail

BENCH_NAME="trace-cost"
# shellcheck source=bench/target-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/target-lib.sh"
# shellcheck source=bench/cell-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/cell-lib.sh"

CELLS="iocore:async-complete netty:async-complete jetty-handler:async-complete jetty:async-complete"
RATE=20000
REQUESTS=200000
WARMUP_REQUESTS=200000
ROUNDS=6
GENERATOR_WARMUP=5s
LAG_LIMIT=2ms
OUT=""
SUMMARIZE=""

usage() {
  cat <<EOF
usage: bench/trace-cost.sh [options]
  --cells "S:X ..."     cells to measure (default: $CELLS)
  --rate R              the open rate of the measured runs (default $RATE req/s)
  --requests N          requests of a measured run (default $REQUESTS)
  --warmup N            requests of each target's closed warm-up (default $WARMUP_REQUESTS)
  --rounds K            rounds per cell; each measures its untraced and traced target (default $ROUNDS)
  --generator-warmup D  the generator's unmeasured part of the schedule (default $GENERATOR_WARMUP)
  --lag-limit D         the generator's lateness p99 above which a run is invalid (default $LAG_LIMIT:
                        this benchmark reads the target's CPU, not its latency, and a fresh generator
                        JVM here is late by 0.6-1.4 ms at p99 at 20,000 req/s, around the load
                        command's own default of 1 ms)
  --out DIR             where to put the results (default bench/results/<timestamp>-trace-cost)
  --summarize DIR       measure nothing: print the table of an earlier run's results in DIR again
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cells) CELLS="${2:?--cells needs a list}"; shift 2 ;;
    --rate) positive "$1" "${2:-}"; RATE="$2"; shift 2 ;;
    --requests) positive "$1" "${2:-}"; REQUESTS="$2"; shift 2 ;;
    --warmup) positive "$1" "${2:-}"; WARMUP_REQUESTS="$2"; shift 2 ;;
    --rounds) positive "$1" "${2:-}"; ROUNDS="$2"; shift 2 ;;
    --generator-warmup) GENERATOR_WARMUP="${2:?--generator-warmup needs a duration}"; shift 2 ;;
    --lag-limit) LAG_LIMIT="${2:?--lag-limit needs a duration}"; shift 2 ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    --summarize) SUMMARIZE="${2:?--summarize needs a directory}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; bench_die "unknown option $1" ;;
  esac
done
if [ -z "$SUMMARIZE" ]; then
  check_cells "$CELLS"
  build_targets
  OUT="${OUT:-$BENCH_ROOT/bench/results/$(date +%Y%m%d-%H%M%S)-trace-cost}"
  mkdir -p "$OUT"
  trap bench_cleanup EXIT
  trap 'exit 130' INT TERM
  {
    machine_lines
    echo "command: bench/trace-cost.sh --cells \"$CELLS\" --rate $RATE --requests $REQUESTS --warmup $WARMUP_REQUESTS --rounds $ROUNDS --generator-warmup $GENERATOR_WARMUP --lag-limit $LAG_LIMIT"
    echo "this checkout: $(git -C "$BENCH_ROOT" log -1 --format='%h %s' 2>/dev/null || echo unknown)"
  } >"$OUT/environment.txt"
fi

# sample_ticks PID FILE: "epoch_us process_ticks compiler_ticks" every 100 ms until the process ends
# or the sampler is stopped: the process's CPU (user + system, in clock ticks) and that of its JIT
# compiler threads (C1 and C2) of the moment, which a JVM may still keep busy after its
# warm-up. Builtins only but sleep, so the sampler costs the machine almost nothing.
sample_ticks() {
  local pid="$1" out="$2" stat task comm thread compiler
  local -a fields thread_fields
  while read -r stat <"/proc/$pid/stat"; do
    read -ra fields <<<"${stat##*) }"
    compiler=0
    for task in "/proc/$pid/task/"*; do
      read -r comm <"$task/comm" || continue
      case "$comm" in
        "C1 CompilerThre"*|"C2 CompilerThre"*)
          read -r thread <"$task/stat" || continue
          read -ra thread_fields <<<"${thread##*) }"
          compiler=$((compiler + thread_fields[11] + thread_fields[12])) ;;
      esac
    done
    printf '%s %s %s\n' "${EPOCHREALTIME/./}" $((fields[11] + fields[12])) "$compiler" >>"$out"
    sleep 0.1
  done 2>/dev/null
}

# ticks_at FILE EPOCH_US [COLUMN]: the ticks of COLUMN (2: the process, the default; 3: its compiler
# threads) at that instant, linear between the two samples around it (empty when the samples do not
# cover it).
ticks_at() {
  awk -v t="$2" -v c="${3:-2}" '
    { if ($1 <= t) { t0 = $1; c0 = $c; have0 = 1 } else if (!have1) { t1 = $1; c1 = $c; have1 = 1 } }
    END { if (have0 && have1) printf "%.3f\n", c0 + (c1 - c0) * (t - t0) / (t1 - t0) }' "$1"
}

# start_warm CELL MODE: starts the cell on CPU 0, with --trace if MODE is traced, warms it with a
# closed run (traced to match) and keeps it under the name MODE (see keep_target). Fails if it did
# not start.
start_warm() {
  local cell="$1" mode="$2" dir="$OUT/${1//:/-}/$2-target"
  local -a trace=()
  TARGET_ARGS=()
  if [ "$mode" = traced ]; then trace=(--trace); TARGET_ARGS=(--trace); fi
  start_cell "${cell%%:*}" "${cell#*:}" "$dir" taskset -c 0 || return 1
  timeout 300 taskset -c 1 "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" --concurrency 64 --requests "$WARMUP_REQUESTS" \
    ${trace[@]+"${trace[@]}"} --quiet --out "$dir/warmup" >/dev/null 2>"$dir/warmup.stderr" || bench_say "  $cell $mode: the warm-up exited with $?"
  keep_target "$mode"
}

# One measured run of the kept target MODE; appends "round mode responses cpu_us_per_request drain_us
# records verdict compiler_us_per_request" to DIR/runs.tsv (the last: the part of the first that the
# JIT compiler's threads spent).
measure() {
  local cell="$1" round="$2" mode="$3" dir verdict sampler samples start_us end_us j_start j_end t_start t_end t_after responses records
  dir="$OUT/${cell//:/-}/round-$round-$mode"
  mkdir -p "$dir"
  local -a trace=()
  if [ "$mode" = traced ]; then trace=(--trace); fi
  use_target "$mode"
  if ! kill -0 "$TARGET_PID" 2>/dev/null; then
    printf '%s\t%s\t0\tn/a\tn/a\t0\tinvalid:the target is not running\tn/a\n' "$round" "$mode" >>"$OUT/${cell//:/-}/runs.tsv"
    keep_target "$mode"
    return
  fi
  samples="$dir/cpu-samples.txt"
  sample_ticks "$TARGET_PID" "$samples" &
  sampler=$!
  BENCH_CHILDREN+=("$sampler")
  verdict=valid
  # A fresh generator JVM each run: it primes its own code (--prime), opens its connections before the
  # clock (--preconnect: connects under way were what made it late) and runs part of its schedule
  # unmeasured (--warmup: its loop's code settles over the first seconds), so that its first requests
  # are not what it measures.
  timeout 300 taskset -c 1 "$BENCH_ROOT/workbench" load "$TARGET_URL/hello" --rate "$RATE" --arrivals constant --requests "$REQUESTS" \
    --prime 20000 --warmup "$GENERATOR_WARMUP" --preconnect 64 --max-connections 64 --lag-limit "$LAG_LIMIT" \
    ${trace[@]+"${trace[@]}"} --quiet --out "$dir/run" >/dev/null 2>"$dir/run.stderr" \
    || verdict="invalid:load exited with $?"
  sleep 0.3
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true
  keep_target "$mode"
  if [ ! -f "$dir/run/summary.json" ]; then
    printf '%s\t%s\t0\tn/a\tn/a\t0\t%s\tn/a\n' "$round" "$mode" "invalid:no summary (${verdict#invalid:})" >>"$OUT/${cell//:/-}/runs.tsv"
    bench_say "$cell round $round $mode: the load run wrote no summary (see $dir/run.stderr)"
    return
  fi
  # The run's own verdict, its trace's join, the phase's ends and counts, read by name from summary.json.
  local valid limited_by trace_failure behind
  read -r valid limited_by trace_failure behind start_us end_us responses records <<<"$(json "$dir/run/summary.json" \
    '" ".join(str(x) for x in (s["validity"]["valid"], s["validity"]["limitedBy"], "none" if (s.get("trace") or {}).get("failure") is None else "failed",
     bool((s.get("targetFellBehind") or {}).get("behind")), s["startEpochMillis"] * 1000, s["endEpochMillis"] * 1000,
     s["requests"]["ok"], (s.get("trace") or {}).get("joined") or 0))')"
  if [ "$verdict" = valid ] && [ "$valid" != True ]; then
    verdict="invalid:$limited_by"
  fi
  if [ "$mode" = traced ] && [ "$verdict" = valid ] && { [ "$trace_failure" != none ] || [ "$records" -eq 0 ]; }; then
    verdict="invalid:the trace was not joined"
  fi
  if [ "$verdict" = valid ] && [ "$behind" = True ]; then
    verdict="valid:the target fell behind"
  fi
  t_start="$(ticks_at "$samples" "$start_us")"; t_end="$(ticks_at "$samples" "$end_us")"
  j_start="$(ticks_at "$samples" "$start_us" 3)"; j_end="$(ticks_at "$samples" "$end_us" 3)"; t_after="$(tail -n 1 "$samples" | cut -d' ' -f2)"
  awk -v r="$round" -v m="$mode" -v n="${responses:-0}" -v k="${records:-0}" -v s="$t_start" -v e="$t_end" -v a="$t_after" -v js="$j_start" -v je="$j_end" \
      -v tck="$CLK_TCK" -v v="$verdict" 'BEGIN {
    if (n > 0 && s != "" && e != "") printf "%s\t%s\t%d\t%.2f\t%s\t%d\t%s\t%.2f\n", r, m, n, (e - s) / tck / n * 1e6,
                                             a == "" ? "n/a" : sprintf("%.0f", (a - e) / tck * 1e6), k, v, (je - js) / tck / n * 1e6
    else printf "%s\t%s\t%d\tn/a\tn/a\t%d\tinvalid:no response or no CPU samples around the measured phase\tn/a\n", r, m, n, k }' >>"$OUT/${cell//:/-}/runs.tsv"
  bench_say "$cell round $round $mode: $(tail -n 1 "$OUT/${cell//:/-}/runs.tsv" | cut -f3-)"
}

# summarize DIR: the table of the runs.tsv files under DIR, with the command from its environment.txt.
summarize() {
  printf '| cell | CPU us/request untraced, median (valid runs) | traced, median (valid runs) | traced / untraced, median of the rounds (lowest-highest) | the same less the JIT compiler threads | of which the JIT compiler threads, untraced / traced (us/request, medians) | the drain: us of CPU per record served (traced runs) | CPU after the phase, untraced runs (us) | valid runs in which the target fell behind |\n'
  printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
  for runs in "$1"/*/runs.tsv; do
    cell="$(cat "$(dirname "$runs")/cell" 2>/dev/null || basename "$(dirname "$runs")")"
    awk -F'\t' -v cell="$cell" '
      function median(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
                                         return n == 0 ? "n/a" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) }
      $7 ~ /^valid/ {
        if ($7 != "valid") behind++
        cpu[$1 "," $2] = $4; rounds[$1] = 1
        if ($8 != "" && $8 != "n/a") { jit[$1 "," $2] = $8; if ($2 == "untraced") ju[++nju] = $8; else jt[++njt] = $8 }
        if ($2 == "untraced") { u[++nu] = $4; if ($5 != "n/a") idle[++ni] = $5 }
        else { t[++nt] = $4; if ($5 != "n/a" && $6 > 0) drain[++nd] = $5 / $6 }
      }
      function range(a, n,   i, lo, hi) {
        for (i = 1; i <= n; i++) { if (i == 1 || a[i] < lo) lo = a[i]; if (i == 1 || a[i] > hi) hi = a[i] }
        return n == 0 ? "n/a: no round with both valid" : sprintf("%.3fx (%.3f-%.3f, %d rounds)", median(a, n), lo, hi, n)
      }
      END {
        nr = 0; nc = 0
        for (r in rounds) if ((r ",untraced") in cpu && (r ",traced") in cpu) {
          ratio[++nr] = cpu[r ",traced"] / cpu[r ",untraced"]
          if ((r ",untraced") in jit && (r ",traced") in jit)
            lessJit[++nc] = (cpu[r ",traced"] - jit[r ",traced"]) / (cpu[r ",untraced"] - jit[r ",untraced"])
        }
        mu = median(u, nu); mt = median(t, nt); md = median(drain, nd); mi = median(idle, ni)
        printf "| %s | %s (%d) | %s (%d) | %s | %s | %s / %s | %s | %s | %d |\n", cell, mu, nu, mt, nt, range(ratio, nr), range(lessJit, nc),
          median(ju, nju), median(jt, njt), md == "n/a" ? md : sprintf("%.2f", md), mi, behind
      }' "$runs"
  done
  printf '\n%s\n' "$(sed -n 's/^command: /The command: /p' "$1/environment.txt")"
  printf 'GET /hello, zero wait, constant arrivals; the targets on CPU 0, each kept for its cell'"'"'s rounds; the generator (64 connections, no more) on CPU 1, a fresh JVM a run.\n'
  printf 'CPU per request: the target process'"'"'s utime + stime over the measured phase, over the responses in it. The drain: its CPU from\n'
  printf 'the phase'"'"'s end to the load command'"'"'s end (GET /trace and the join), over the records joined. Only runs valid by their own verdict count,\n'
  printf 'those in which the target fell behind included (its requests waited at the 64-connection cap) and counted in the last column;\n'
  printf 'The JIT compiler threads (C1, C2) are read apart too: a JVM may still compile in the phase after its warm-up, more in one run than another.\n'
  printf 'The others, and why, are in each cell'"'"'s runs.tsv (columns: round, mode, responses, us/request, us after the phase, records, verdict,\n'
  printf 'us/request of the JIT compiler threads).\n'
}

if [ -n "$SUMMARIZE" ]; then
  [ -f "$SUMMARIZE/environment.txt" ] || bench_die "$SUMMARIZE holds no trace-cost results (no environment.txt)"
  summarize "$SUMMARIZE"
  exit 0
fi

for cell in $CELLS; do
  mkdir -p "$OUT/${cell//:/-}"
  echo "$cell" >"$OUT/${cell//:/-}/cell"
  if start_warm "$cell" untraced && start_warm "$cell" traced; then
    for round in $(seq 1 "$ROUNDS"); do
      if [ $((round % 2)) -eq 1 ]; then
        measure "$cell" "$round" untraced; measure "$cell" "$round" traced
      else
        measure "$cell" "$round" traced; measure "$cell" "$round" untraced
      fi
    done
  else
    printf '0\tboth\t0\tn/a\tn/a\t0\tinvalid:a target did not start\tn/a\n' >>"$OUT/${cell//:/-}/runs.tsv"
  fi
  for mode in untraced traced; do
    if [ -n "${KEPT_PID[$mode]:-}" ]; then stop_kept_target "$mode"; fi
  done
done

summarize "$OUT" | tee "$OUT/summary.md"
bench_say "raw results in ${OUT#"$BENCH_ROOT"/}"
