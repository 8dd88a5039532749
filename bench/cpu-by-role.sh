#!/usr/bin/env bash
# Where the CPU seconds of one `./sft local` run go, by JVM role: every 0.2 s it reads each process of the run's tree
# from /proc (its own user + system time and its command line) and keeps the last figure per process, then sums them
# by role (the orchestrator, each driver, the master, the workers, the executors, the class-data dumps, the rest).
# A process that lives under 0.2 s is missed, and one's last 0.2 s before it exits; the sum is printed beside the
# whole tree's CPU time (what the kernel counted for every process reaped) to show how much that is; then the
# executors' and drivers' threads that used the most, by name (the JIT compiler, the task threads, main, ...); each
# process's figure and command line go to processes.tsv in the output folder. Needs python3.
#   bench/cpu-by-role.sh [ARGS for ./sft local]        e.g. bench/cpu-by-role.sh --scenarios speculation-original-wins
set -euo pipefail
cd "$(dirname "$0")/.."
./sft --version >/dev/null   # builds the harness first, outside the figures
out="target/bench/cpu-by-role-$(date +%s)"
mkdir -p "$out"
python3 - "$out" "$@" <<'PY'
import os, re, subprocess, sys, time

out, args = sys.argv[1], sys.argv[2:]
ticks = os.sysconf("SC_CLK_TCK")

def role(cmd):
    for needle, name in (("SftCli local", "orchestrator"), ("SftCli run", None), ("deploy.master.Master", "master"),
                         ("deploy.worker.Worker", "worker"), ("CoarseGrainedExecutorBackend", "executor"),
                         ("Xshare:dump", "class-data dump")):
        if needle in cmd:
            if name is None:
                return "driver, speculation " + ("on" if "--speculation true" in cmd else "off")
            return name
    return "other"

def tree(root):
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append((int(pid), int(fields[11]) + int(fields[12])))
        except (OSError, IndexError):
            pass
    found, todo = {}, [root]
    while todo:
        for pid, cpu in children.get(todo.pop(), []):
            found[pid] = cpu
            todo.append(pid)
    return found

def thread_cpu(pid, name):
    """(role, thread group) -> CPU ticks of pid's threads; numbered threads (rpc-client-3, ...) count as one group."""
    found = {}
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
            fields = stat.rsplit(")", 1)[1].split()
            found[(pid, tid)] = (name, re.sub(r"[-#\s]*\d+$", "", stat[stat.index("(") + 1:stat.rindex(")")]),
                                 int(fields[11]) + int(fields[12]))
    except (OSError, ValueError):
        pass
    return found

start = time.time()
with open(f"{out}/run.log", "w") as log:
    run = subprocess.Popen(["./sft", "local", "--out", f"{out}/run", *args], stdout=log, stderr=subprocess.STDOUT)
    last, roles, commands, threads = {}, {}, {}, {}
    while run.poll() is None:
        for pid, cpu in tree(run.pid).items():
            last[pid] = cpu
            if pid not in roles:
                try:
                    with open(f"/proc/{pid}/cmdline") as f:
                        commands[pid] = f.read().replace("\0", " ")
                    roles[pid] = role(commands[pid])
                except OSError:
                    roles[pid] = "other"
            if roles[pid] in ("executor",) or roles[pid].startswith("driver"):
                threads.update(thread_cpu(pid, roles[pid]))
        try:  # ./sft execs the orchestrator's JVM in its own process
            with open(f"/proc/{run.pid}/stat") as f:
                own = f.read().rsplit(")", 1)[1].split()
            last[run.pid] = int(own[11]) + int(own[12])
            roles[run.pid] = "orchestrator"
        except OSError:
            pass
        time.sleep(0.2)
tree_cpu = os.times().children_user + os.times().children_system
by_role = {}
for pid, cpu in last.items():
    seconds, count = by_role.get(roles[pid], (0.0, 0))
    by_role[roles[pid]] = (seconds + cpu / ticks, count + 1)
print(f"exit {run.returncode}, {time.time() - start:.1f} s wall, {tree_cpu:.1f} CPU s for the whole tree"
      f" (log {out}/run.log)")
for name, (seconds, count) in sorted(by_role.items(), key=lambda r: -r[1][0]):
    print(f"  {seconds:7.1f} CPU s  {name:28s} {count} process(es)")
print(f"  {sum(s for s, _ in by_role.values()):7.1f} CPU s  sampled in all (each process: {out}/processes.tsv)")
by_thread = {}
for role_name, group, cpu in threads.values():
    by_thread[(role_name.split(",")[0], group)] = by_thread.get((role_name.split(",")[0], group), 0) + cpu / ticks
print("the executors' and drivers' threads, the ten that used the most (all of one name summed):")
for (role_name, group), seconds in sorted(by_thread.items(), key=lambda t: -t[1])[:10]:
    print(f"  {seconds:7.1f} CPU s  {role_name:9s} {group}")
with open(f"{out}/processes.tsv", "w") as table:
    for pid, cpu in sorted(last.items()):
        table.write(f"{pid}\t{cpu / ticks:.2f}\t{roles[pid]}\t{commands.get(pid, '')}\n")
PY
