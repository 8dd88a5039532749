# Sourced by the bench scripts. tree_rss_kib PID: the sum of VmRSS (KiB) over PID and all its descendants, from /proc.
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
