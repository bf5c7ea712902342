# shellcheck shell=bash
# target-lib.sh: what the benchmark scripts share: starting a target through `./workbench target`,
# stopping it, and reading what the kernel knows about it. Sourced, not run.

BENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLK_TCK="$(getconf CLK_TCK)"

TARGET_PID=""
TARGET_URL=""
TARGET_PORT=""
TARGET_EXIT=""
# Background processes a script started besides the target (load tools, clients): stopped on exit.
BENCH_CHILDREN=()

bench_say() { printf '%s: %s\n' "$BENCH_NAME" "$*" >&2; }
bench_die() { bench_say "$*"; exit 2; }
# positive OPTION VALUE: an option's value must be a whole number above zero.
positive() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || bench_die "$1 needs a positive whole number, got '$2'"
}

# The machine a run was measured on, for environment.txt: date, kernel, CPUs and their model, and
# the load average when the run started (what else the machine was doing).
machine_lines() {
  echo "date: $(date -Is)"
  echo "host: $(uname -srm), $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Checks that every tool named is installed, and says which Debian package brings what is missing.
require_tools() {
  local tool missing=() packages=()
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 && continue
    missing+=("$tool")
    case "$tool" in
      h2load) packages+=(nghttp2-client) ;;
      taskset) packages+=(util-linux) ;;
      *) packages+=("$tool") ;;
    esac
  done
  if [ ${#missing[@]} -gt 0 ]; then
    bench_die "missing ${missing[*]}: install with  apt-get install ${packages[*]}"
  fi
}

# Builds the target command and loadgen (whose PeerOutput reads the load tools' output) if needed
# (the build talks on stderr), so that a start is only a start. `load --help` prints its usage on
# stderr: shown only if building failed.
build_targets() {
  "$BENCH_ROOT/workbench" target --help >/dev/null
  local said
  said="$("$BENCH_ROOT/workbench" load --help 2>&1)" || { printf '%s\n' "$said" >&2; bench_die "building loadgen failed"; }
}

# What wrk, wrk2 and h2load print is read by loadgen's io.workbench.loadgen.peer.PeerOutput
# (./workbench peer-output, on the JDK ./workbench chooses).
declare -A PEER=()

# peer_figures TOOL FILE: the figures of TOOL's output (wrk, wrk2 or h2load) in FILE, into PEER:
# ${PEER[rps]}, ${PEER[p99_ms]} (milliseconds, whatever unit the tool printed), ${PEER[errors]}...
# (PeerOutput's class comment lists the keys of each tool). When the output cannot be read (the
# tool failed, or printed something else) PeerOutput says why on stderr, and this returns 1 with
# PEER empty.
peer_figures() {
  PEER=()
  local lines key value
  lines="$("$BENCH_ROOT/workbench" peer-output "$1" "$2")" || return 1
  while IFS='=' read -r key value; do
    PEER[$key]="$value"
  done <<<"$lines"
}

# server_label SERVER: how a server is named in a table and a directory: SERVER itself, or for
# SERVER@CHECKOUT (a server of another checkout of the workbench, e.g. a baseline commit's
# worktree) NAME@<that checkout's short commit>.
server_label() {
  case "$1" in
    *@*) printf '%s@%s\n' "${1%%@*}" "$(git -C "${1#*@}" rev-parse --short HEAD 2>/dev/null || echo other)" ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# start_target SERVER DIR [PREFIX...]: starts `./workbench target --server SERVER --strategy
# async-complete` under PREFIX (e.g. taskset -c 0), output in DIR, and waits for its READY line.
# SERVER@CHECKOUT starts SERVER from that checkout's ./workbench instead of this one's (the
# checkout builds its own jars), so that two commits can be measured in one session.
# Sets TARGET_PID, TARGET_URL, TARGET_PORT. Returns 0 when ready, 3 if the command does not know
# SERVER (yet), 1 if it failed to start. Extra environment: TARGET_ULIMIT_N lowers the target's
# file-descriptor limit.
start_target() {
  local server="${1%%@*}" root="$BENCH_ROOT" dir="$2"
  case "$1" in *@*) root="${1#*@}" ;; esac
  shift 2
  mkdir -p "$dir"
  (
    if [ -n "${TARGET_ULIMIT_N:-}" ]; then
      ulimit -n "$TARGET_ULIMIT_N"
    fi
    exec "$@" "$root/workbench" target --server "$server" --strategy async-complete --port 0
  ) >"$dir/server.stdout" 2>"$dir/server.stderr" </dev/null &
  TARGET_PID=$!
  local deadline=$((SECONDS + 180))
  while ! grep -q '^READY ' "$dir/server.stdout" 2>/dev/null; do
    if ! kill -0 "$TARGET_PID" 2>/dev/null; then
      wait "$TARGET_PID" 2>/dev/null || true
      TARGET_PID=""
      if grep -q "unknown server '$server'" "$dir/server.stderr"; then
        return 3
      fi
      bench_say "$server did not start: $(tail -n 3 "$dir/server.stderr" | tr '\n' ' ')"
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      bench_say "$server printed no READY line within 180 s"
      stop_target
      return 1
    fi
    sleep 0.2
  done
  TARGET_URL="$(sed -n 's/^READY //p' "$dir/server.stdout" | head -n 1)"
  TARGET_PORT="${TARGET_URL##*:}"
}

# Stops the target with SIGTERM (SIGKILL after 30 s) and sets TARGET_EXIT to its exit status.
stop_target() {
  TARGET_EXIT=""
  [ -n "$TARGET_PID" ] || return 0
  kill -TERM "$TARGET_PID" 2>/dev/null || true
  local deadline=$((SECONDS + 30))
  while kill -0 "$TARGET_PID" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.1
  done
  if kill -0 "$TARGET_PID" 2>/dev/null; then
    bench_say "target $TARGET_PID ignored SIGTERM for 30 s: killing it"
    kill -KILL "$TARGET_PID" 2>/dev/null || true
  fi
  TARGET_EXIT=0
  wait "$TARGET_PID" 2>/dev/null || TARGET_EXIT=$?
  TARGET_PID=""
}

# Several targets at once (hello-compare interleaves its rounds): keep_target NAME puts the current
# TARGET_* aside under NAME, use_target NAME makes NAME's current again.
declare -A KEPT_PID=() KEPT_URL=() KEPT_PORT=()
keep_target() {
  KEPT_PID[$1]="$TARGET_PID"
  KEPT_URL[$1]="$TARGET_URL"
  KEPT_PORT[$1]="$TARGET_PORT"
  TARGET_PID=""
}
use_target() {
  TARGET_PID="${KEPT_PID[$1]}"
  TARGET_URL="${KEPT_URL[$1]}"
  TARGET_PORT="${KEPT_PORT[$1]}"
}
# Stops NAME (see stop_target) and forgets it.
stop_kept_target() {
  use_target "$1"
  stop_target
  unset "KEPT_PID[$1]"
}

# Stops whatever is still running when the script ends, however it ends.
bench_cleanup() {
  local child name
  for child in "${BENCH_CHILDREN[@]}"; do
    kill -TERM "$child" 2>/dev/null || true
  done
  stop_target
  for name in "${!KEPT_PID[@]}"; do
    stop_kept_target "$name"
  done
}

# The median of the numbers on stdin, one a line ("n/a" for none); of an even count, the mean of the
# middle two, to four decimals without trailing zeros (never an exponent).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else { m = sprintf("%.4f", (v[NR / 2] + v[NR / 2 + 1]) / 2); sub(/0+$/, "", m); sub(/\.$/, "", m); print m } }'; }

# timed NAME COMMAND...: runs COMMAND on CPU 1, bounded by $DURATION + $TIMED_SLACK s (60 unless
# the script sets it), with its output in
# $OUT/NAME.txt, and what getrusage says of it and its children (through a python3 wrapper) in
# $OUT/NAME.rusage as key=value lines: its wall and CPU time, and its context switches (every
# thread's, voluntary and involuntary), the count of times it went to sleep or was put off a core.
timed() {
  local name="$1"
  shift
  python3 -c '
import resource, subprocess, sys, time
start = time.monotonic()
with open(sys.argv[1], "w") as out:
    status = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT).returncode
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print("exit_status=%d" % status)
print("wall_seconds=%.3f" % wall)
print("cpu_seconds=%.3f" % cpu)
print("cpu_percent=%.1f" % (100 * cpu / wall if wall > 0 else 0))
print("voluntary_switches=%d" % usage.ru_nvcsw)
print("involuntary_switches=%d" % usage.ru_nivcsw)
print("switches_per_second=%.0f" % ((usage.ru_nvcsw + usage.ru_nivcsw) / wall if wall > 0 else 0))
' "$OUT/$name.txt" timeout $((DURATION + ${TIMED_SLACK:-60})) taskset -c 1 "$@" >"$OUT/$name.rusage"
}

# rusage NAME KEY: a value of $OUT/NAME.rusage
rusage() {
  awk -F= -v k="$2" '$1 == k { print $2 }' "$OUT/$1.rusage"
}

# json FILE EXPRESSION: a value out of a JSON file such as a load run's summary.json (EXPRESSION in
# Python over `s`; None prints as n/a).
json() {
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); v = eval(sys.argv[2]); print("n/a" if v is None else v)' "$1" "$2"
}

# CPU time a process has used, user + system, in clock ticks (CLK_TCK per second).
cpu_ticks() {
  local stat fields
  stat="$(<"/proc/$1/stat")"
  # The fields after the command name, which is in parentheses and may hold spaces and ')': cut at
  # the last ') '. State is the 1st of them (fields[0]), utime the 12th, stime the 13th.
  read -ra fields <<<"${stat##*) }"
  echo $((fields[11] + fields[12]))
}

# strace_window PID SECONDS DIR: counts the system calls of every thread PID has now (and of those
# they start) for SECONDS, with strace -c -f, into DIR/strace.txt. strace slows the process a great
# deal: count calls per unit of work done inside the window, never a rate. Threads that end before
# strace attaches cannot be traced: strace says so on stderr, kept in DIR/strace.stderr.
strace_window() {
  local threads
  threads="$(ls "/proc/$1/task" | paste -sd, -)"
  timeout -s INT "$2" strace -c -f -qq -p "$threads" -o "$3/strace.txt" 2>"$3/strace.stderr" || true
}

# strace_calls FILE NAME...: the calls column of strace -c's rows for the system calls NAMEd in FILE,
# summed (0 for a call that does not appear; "total" is the row of all of them).
strace_calls() {
  local file="$1"
  shift
  awk -v names=" $* " 'index(names, " " $NF " ") && $4 ~ /^[0-9]+$/ { sum += $4 } END { print sum + 0 }' "$file"
}

rss_kb() {
  awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

open_fds() {
  find "/proc/$1/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l
}

# http_get PORT PATH: the body of GET PATH on a fresh connection (bash's /dev/tcp, so no curl needed).
http_get() {
  local port="$1" path="$2" response
  response="$(timeout 10 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" "$2" >&3
    cat <&3' _ "$port" "$path")" || return 1
  printf '%s\n' "${response#*$'\r\n\r\n'}"
}
