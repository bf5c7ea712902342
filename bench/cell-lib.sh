# shellcheck shell=bash
# cell-lib.sh: what the per-cell benchmark scripts (servlet-hello-compare.sh, stream-compare.sh) add
# to target-lib.sh: starting one cell of the target matrix (a server under a strategy, not only
# async-complete), parsing wrk's output, medians. Sourced after target-lib.sh, not run.

# start_cell SERVER STRATEGY DIR [PREFIX...]: starts `./workbench target --server SERVER --strategy
# STRATEGY` under PREFIX (e.g. taskset -c 0), output in DIR, and waits for its READY line. Sets
# TARGET_PID, TARGET_URL, TARGET_PORT as start_target does, so stop_target and cpu_ticks apply.
# Returns 0 when ready, 2 if the matrix refuses the cell (the reason is in DIR/server.stderr), 1 if
# it failed to start.
start_cell() {
  local server="$1" strategy="$2" dir="$3"
  shift 3
  mkdir -p "$dir"
  (
    exec "$@" "$BENCH_ROOT/workbench" target --server "$server" --strategy "$strategy" --port 0
  ) >"$dir/server.stdout" 2>"$dir/server.stderr" </dev/null &
  TARGET_PID=$!
  local deadline=$((SECONDS + 180))
  while ! grep -q '^READY ' "$dir/server.stdout" 2>/dev/null; do
    if ! kill -0 "$TARGET_PID" 2>/dev/null; then
      local status=0
      wait "$TARGET_PID" 2>/dev/null || status=$?
      TARGET_PID=""
      bench_say "$server:$strategy did not start (exit $status): $(tail -n 3 "$dir/server.stderr" | tr '\n' ' ')"
      [ "$status" -eq 2 ] && return 2
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      bench_say "$server:$strategy printed no READY line within 180 s"
      stop_target
      return 1
    fi
    sleep 0.2
  done
  TARGET_URL="$(sed -n 's/^READY //p' "$dir/server.stdout" | head -n 1)"
  TARGET_PORT="${TARGET_URL##*:}"
}

# wrk prints latencies as 512.00us, 1.23ms or 1.05s: in milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0; unit = v; sub(/^[0-9.]+/, "", unit)
    if (unit == "us") n /= 1000; else if (unit == "s") n *= 1000; else if (unit == "m") n *= 60000
    printf "%.3f", n }'
}

# wrk's error count: socket errors of every kind and non-2xx answers.
wrk_errors() {
  awk '/Socket errors:/ { gsub(/,/, ""); e += $4 + $6 + $8 + $10 } /Non-2xx/ { e += $NF } END { print e + 0 }' "$1"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# A member of the target's /stats JSON, e.g. stats_member "$json" streamedBytes.
stats_member() {
  sed -n "s/.*\"$2\":\([0-9]*\).*/\1/p" <<<"$1"
}

# http_discard PORT PATH: GET PATH on a fresh connection, the answer read and dropped (a binary body
# would lose its NUL bytes in a shell variable).
http_discard() {
  timeout 10 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" "$2" >&3
    cat <&3 >/dev/null' _ "$1" "$2"
}

# The environment of a run, for environment.txt.
describe_machine() {
  echo "date: $(date -Is)"
  echo "host: $(uname -srm), $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "wrk: $(wrk --version 2>&1 | head -n 1 | cut -c1-40)"
  if command -v h2load >/dev/null 2>&1; then
    echo "h2load: $(h2load --version | head -n 1)"
  fi
}
