# Sourced by the bench scripts.
# tree_rss_kib PID: the sum of VmRSS (KiB) over PID and all its descendants, from /proc.
tree_rss_kib() {
  local pids=("$1") i=0 total=0 pid rss child
  while (( i < ${#pids[@]} )); do
    for child in $(cat /proc/"${pids[$i]}"/task/*/children 2>/dev/null); do pids+=("$child"); done
    i=$((i + 1))
  done
  for pid in "${pids[@]}"; do
    rss=$(awk '/^VmRSS:/ {print $2}' /proc/"$pid"/status 2>/dev/null || true)
    total=$((total + ${rss:-0}))
  done
  echo "$total"
}

# children_cpu VAR: sets VAR to the CPU seconds (user + system) of every child this shell has waited for, and
# theirs in turn. (The builtin `times` runs in this shell: in a $(...) subshell it would count the subshell's.)
children_cpu() {
  local file
  file=$(mktemp)
  times > "$file"
  printf -v "$1" '%s' "$(awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/);
    total += t[1] * 60 + t[2] } print total }' "$file")"
  rm -f "$file"
}

# run_sampled LOG COMMAND...: runs COMMAND with its output in LOG, sampling its tree's RSS every 0.5 s; sets status
# (its exit code), elapsed (wall seconds), peak (the highest tree RSS, KiB) and cpu (the CPU seconds of the whole
# tree: a JVM reaps its child processes, so theirs add up to it). On these shared machines both drift with the host,
# by up to a quarter within minutes (bench/compare.sh).
run_sampled() {
  local log=$1 pid start end rss cpu_before cpu_after
  shift
  children_cpu cpu_before
  start=$(date +%s.%N)
  "$@" > "$log" 2>&1 &
  pid=$!
  peak=0
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(tree_rss_kib "$pid")
    (( rss > peak )) && peak=$rss
    sleep 0.5
  done
  wait "$pid" && status=0 || status=$?
  end=$(date +%s.%N)
  elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
  children_cpu cpu_after
  cpu=$(awk -v a="$cpu_before" -v b="$cpu_after" 'BEGIN {print b - a}')
}

# median_of VALUES...: the median of the numbers given.
median_of() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

# recorded_class_data LOG: whether the `./sft local` run whose output is LOG recorded the class-data archives (the
# first run on a build, docs/local.md), or ran a build with jars of its own that had none yet (its first run), a run
# the benchmarks report but do not count.
recorded_class_data() {
  grep -q -e "list the classes they load" -e "none on this build's first run" "$1"
}

# say_sampled LABEL LOG: one line for the sampled run just finished (run_sampled's figures).
say_sampled() {
  printf '%s: exit %d, %.1f s, %.1f CPU s, peak tree RSS %d MiB (log %s)\n' "$1" "$status" "$elapsed" "$cpu" \
    $((peak / 1024)) "$2"
}

# run_counted LABEL DIR COMMAND...: runs COMMAND --out DIR/run-N-LABEL through run_sampled (log DIR/run-N-LABEL.log;
# N counts on in the caller's `run`), again at once while a run is not counted (recorded_class_data); stops the
# benchmark when a run fails. Leaves run_sampled's figures of the counted run.
run_counted() {
  local label=$1 dir=$2 log
  shift 2
  while true; do
    run=$((run + 1))
    log="$dir/run-$run-$label.log"
    run_sampled "$log" "$@" --out "$dir/run-$run-$label"
    say_sampled "$label run $run" "$log"
    [[ $status -eq 0 ]] || { echo "run $run did not pass; see its log" >&2; exit 1; }
    recorded_class_data "$log" || break
    echo "  without class data yet, or recording it (a build's first runs): not counted"
  done
}
