# Where each second of a `./sft local` run goes, read from its progress lines (the run's log, as bench/local-run.sh
# keeps it). Prints one "phase<TAB>seconds" line per phase, in the order the phases first occur.
#   awk -v wall=SECONDS -f bench/phases.awk run.log
# Top-level lines carry the orchestrator's clock; a driver's lines (indented) carry the driver's own clock, which
# starts when its main() runs: its phases are measured on that clock, and what the orchestrator saw of the driver
# beyond its last line (JVM start before the clock, SparkContext stop and JVM exit after the reports) is one phase of
# its own. A phase lasts from its line to the next line of the same clock; `wall` (the benchmark's measure) closes
# the last one.

function add(phase, seconds) {
  if (!(phase in total)) order[++phases] = phase
  total[phase] += seconds
}

function stamp(line) {
  match(line, /\[sft +[0-9.]+s\]/)
  return substr(line, RSTART + 5, RLENGTH - 7) + 0
}

# The phase a progress line opens, or "" for a line that opens none (it continues the phase before it).
function top_phase(text) {
  if (text ~ /^cluster: master starting/) return "cluster: master and workers start"
  if (text ~ /^cluster: .*ALIVE/) return "orchestrator: between cluster ready and driver start"
  if (text ~ /^driver \([a-z]+\): starting/) return "driver run"
  if (text ~ /^cluster: stopping/) return "cluster: stop, summary and exit"
  return ""
}

function driver_phase(text,    scenario) {
  if (text ~ /^driver run /) return "start: JVM, SparkContext and executors requested"
  if (text ~ /^preflight: waiting/) return "start: executors registered"
  if (text ~ /^preflight: executors registered/) return "preflight: storage, concurrency and jars"
  if (text ~ /^preflight passed/ || text ~ /^preparing the four source files/) return "source files"
  if (text ~ /^warming up the write path/) return "warm-up write"
  if (text ~ /^report written/) return "end"
  if (!match(text, /^[a-z-]+( [a-z-]+)? r[0-9]+: /)) return ""
  scenario = substr(text, 1, RLENGTH - 2)
  text = substr(text, RLENGTH + 1)
  if (text ~ /^creating/ || text ~ /^prior state/) return scenario ": table and prior state"
  if (text ~ /^write started/) return scenario ": write until the failure point"
  if (text ~ /^both attempts at handoff/ || text ~ /^killing/ || text ~ /removed; releasing/) \
    return scenario ": failure point until commit"
  if (text ~ /^write committed/ || text ~ /^waiting for every task/) return scenario ": quiescence"
  if (text ~ /^verifying rows/) return scenario ": row verification"
  if (text ~ /^waiting up to .* for its files to go/) return scenario ": the loser's files' grace after its abort"
  if (text ~ /^auditing storage/) return scenario ": storage audit"
  if (text ~ /^scheduler [A-Za-z]+, storage/) return scenario ": verdict and evidence"
  return ""
}

/\[sft +[0-9.]+s\]/ {
  t = stamp($0)
  text = $0
  sub(/^ *\[sft +[0-9.]+s\] /, "", text)
  if ($0 ~ /^ /) {                      # a driver's line, on the driver's clock
    phase = driver_phase(text)
    if (phase == "") next
    if (driver_open != "") add("driver " driver " " driver_open, t - driver_open_time)
    driver_open = phase == "end" ? "" : phase
    driver_open_time = t
    driver_last = t
    next
  }
  phase = top_phase(text)
  if (phase == "") next
  if (in_driver) add("driver " driver ": JVM start before its clock, and its stop after the reports", t - top_open_time - driver_last)
  else if (top_open != "") add(top_open, t - top_open_time)
  in_driver = phase ~ /^driver /
  if (in_driver) {
    match(text, /^driver \([a-z]+\)/)
    driver = substr(text, 9, RLENGTH - 9)
    driver_open = ""
    driver_last = 0
  }
  top_open = phase
  top_open_time = t
}

END {
  if (top_open != "" && !in_driver && wall != "") add(top_open, wall - top_open_time)
  for (i = 1; i <= phases; i++) printf "%s\t%.1f\n", order[i], total[order[i]]
}
