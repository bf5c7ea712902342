# shellcheck shell=bash
# cell-lib.sh: what the per-cell benchmark scripts (servlet-hello-compare.sh, stream-compare.sh) add
# to target-lib.sh: starting one cell of the target matrix (a server under a strategy, not only
# async-complete), reading its /stats. Sourced after target-lib.sh, not run.

# start_cell SERVER STRATEGY DIR [PREFIX...]: starts `./workbench target --server SERVER --strategy
# STRATEGY` under PREFIX (e.g. taskset -c 0), output in DIR, and waits for its READY line.
# SERVER@CHECKOUT or STRATEGY@CHECKOUT (a cell written S@DIR:X or S:X@DIR) starts it from that
# checkout's ./workbench instead of this one's (e.g. a git worktree of a baseline commit, which
# builds its own jars), so that two commits can be measured in one session. Sets TARGET_PID,
# TARGET_URL, TARGET_PORT as start_target does, so stop_target and cpu_ticks apply. Extra target
# options (e.g. --stream-high-water 65536) may come in the array TARGET_ARGS. Returns 0 when ready,
# 2 if the matrix refuses the cell or the options (the reason is in DIR/server.stderr), 1 if it
# failed to start.
start_cell() {
  local server="${1%%@*}" strategy="${2%%@*}" dir="$3" root="$BENCH_ROOT"
  case "$1" in *@*) root="${1#*@}" ;; esac
  case "$2" in *@*) root="${2#*@}" ;; esac
  shift 3
  mkdir -p "$dir"
  (
    exec "$@" "$root/workbench" target --server "$server" --strategy "$strategy" --port 0 ${TARGET_ARGS[@]+"${TARGET_ARGS[@]}"}
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

# cell_label SERVER:STRATEGY[@CHECKOUT]: how a cell is named in a table and a directory: the cell
# itself, or for a cell of another checkout SERVER:STRATEGY@<that checkout's short commit>.
cell_label() {
  case "$1" in
    *@*) printf '%s@%s\n' "${1%%@*}" "$(git -C "${1#*@}" rev-parse --short HEAD 2>/dev/null || echo other)" ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# check_cells "SPEC ...": every cell is SERVER:STRATEGY, or SERVER:STRATEGY@CHECKOUT with a checkout
# that has a ./workbench.
check_cells() {
  local cell
  for cell in $1; do
    [[ "$cell" == *:* ]] || bench_die "a cell is SERVER:STRATEGY[@CHECKOUT], got '$cell'"
    case "$cell" in
      *@*) [ -x "${cell#*@}/workbench" ] || bench_die "'${cell#*@}' (in $cell) is not a workbench checkout" ;;
    esac
  done
}

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

# runnable_cells [ROOT]: every cell that the workbench checkout in ROOT (this one by default) runs,
# "SERVER:STRATEGY" one a line, in the order of its `target --list`.
runnable_cells() {
  "${1:-$BENCH_ROOT}/workbench" target --list 2>/dev/null |
    awk '/^[a-z][a-z0-9-]*: / { server = $1; sub(/:$/, "", server) } /^  [a-z][a-z-]* +runs / { print server ":" $1 }'
}

# ctx_switches PID: the context switches, voluntary and not, of every thread PID has now, summed
# (/proc/PID/task/*/status). A thread that has ended is no longer there: compare two readings over
# a window in which the server's pools keep their threads, and say how many threads each saw.
ctx_switches() {
  cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^(voluntary|nonvoluntary)_ctxt_switches:/ { s += $2 } END { print s + 0 }'
}

# thread_count PID: the threads PID has now.
thread_count() {
  find "/proc/$1/task" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l
}

# The environment of a run, for environment.txt.
describe_machine() {
  machine_lines
  echo "wrk: $(wrk --version 2>&1 | head -n 1 | cut -c1-40)"
  if command -v h2load >/dev/null 2>&1; then
    echo "h2load: $(h2load --version | head -n 1)"
  fi
}
