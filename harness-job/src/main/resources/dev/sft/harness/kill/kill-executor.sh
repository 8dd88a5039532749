# Target side of the kill contract: prove the process is the expected Spark executor, SIGKILL it, and wait
# (bounded) until it is gone or a zombie. POSIX sh over /proc, so the same text runs locally, over ssh and
# through pod exec. The launcher prepends the exit codes (KILLED, REFUSED_IDENTITY, ...) from KillExitCode.
# Arguments: MODE PID EXECUTOR_ID HOST EXIT_TIMEOUT_MS, MODE being "kill" (the identity, then SIGKILL and the wait;
# the only mode). Output: key=value lines.
mode=$1
pid=$2
executor_id=$3
host=$4
timeout_ms=$5

now_ms() {
  t=$(date +%s%N 2>/dev/null)
  case "$t" in
    *N|"") echo "$(date +%s)000" ;;
    *) echo "$t" | cut -c1-13 ;;
  esac
}
finish() { echo "result=$1"; [ -n "$2" ] && echo "reason=$2"; exit "$3"; }
[ "$mode" = "kill" ] || finish bad-arguments "unknown mode '$mode'" "$BAD_ARGUMENTS"

[ -r "/proc/$pid/cmdline" ] || finish no-such-process "no process $pid" "$NO_SUCH_PROCESS"
cmdline=$(tr '\000' '\n' < "/proc/$pid/cmdline" 2>/dev/null)
[ -n "$cmdline" ] || finish no-such-process "process $pid has exited" "$NO_SUCH_PROCESS"
echo "cmdline=$(printf '%s' "$cmdline" | tr '\n' ' ')"

printf '%s\n' "$cmdline" | grep -qx 'org.apache.spark.executor.CoarseGrainedExecutorBackend' \
  || finish refused "process $pid is not a Spark executor" "$REFUSED_IDENTITY"
seen_id=$(printf '%s\n' "$cmdline" | awk 'prev == "--executor-id" { print; exit } { prev = $0 }')
[ "$seen_id" = "$executor_id" ] \
  || finish refused "process $pid is executor '$seen_id', not '$executor_id'" "$REFUSED_IDENTITY"
seen_host=$(printf '%s\n' "$cmdline" | awk 'prev == "--hostname" { print; exit } { prev = $0 }')
if [ -n "$seen_host" ] && [ "$seen_host" != "$host" ]; then
  finish refused "executor $executor_id advertises host '$seen_host', not '$host'" "$REFUSED_IDENTITY"
fi

echo "kill_time_ms=$(now_ms)"
if ! kill -9 "$pid" 2>/dev/null; then
  [ -e "/proc/$pid" ] || finish no-such-process "process $pid exited before the signal" "$NO_SUCH_PROCESS"
  finish transport-failure "cannot signal process $pid (permission?)" "$TRANSPORT_FAILURE"
fi

waited=0
state=gone
while [ -e "/proc/$pid" ]; do
  state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
  [ "$state" = "Z" ] && { state=zombie; break; }
  [ -e "/proc/$pid" ] || { state=gone; break; }
  [ "$waited" -ge "$timeout_ms" ] && finish exit-not-observed "process $pid alive ${waited} ms after SIGKILL" \
    "$EXIT_NOT_OBSERVED"
  sleep 0.05
  waited=$((waited + 50))
  state=gone
done
echo "exit_state=$state"
echo "exit_observed_ms=$(now_ms)"
finish killed "" "$KILLED"
