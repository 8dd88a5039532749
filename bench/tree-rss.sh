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

# run_sampled LOG COMMAND...: runs COMMAND with its output in LOG, sampling its tree's RSS every 0.5 s; sets status
# (its exit code), elapsed (wall seconds) and peak (the highest tree RSS, KiB).
run_sampled() {
  local log=$1 pid start end rss
  shift
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
}
