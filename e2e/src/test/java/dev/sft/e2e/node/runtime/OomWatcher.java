package dev.sft.e2e.node.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.function.Supplier;

/**
 * Tells an OOM kill from any other end of one container, as a container runtime does for the kubelet: any process of
 * the container killed by the kernel for its memory cgroup's limit makes the container's end {@code OOMKilled}.
 * podman's {@code State.OOMKilled} stays false on these cgroup v1 machines, so the watcher reads the container
 * cgroup's {@code memory.oom_control} ({@code oom_kill N}) on every sync while the container runs. The cgroup is gone
 * moments after the container's main process dies, usually before the next sync, so at the end it also looks in the
 * kernel log for an {@code oom-kill:} line naming the container's cgroup ({@code task_memcg=}) since this run began,
 * as the kubelet's own OOM watcher reads the kernel log.
 */
public final class OomWatcher {
  private final Path memoryCgroupRoot;
  private final Supplier<List<String>> kernelLog;
  private String containerId;
  private String cgroupPath;
  private Instant runStartedAt;
  private boolean seen;

  /**
   * @param memoryCgroupRoot where the cgroup v1 memory hierarchy is mounted ({@code /sys/fs/cgroup/memory})
   * @param kernelLog the kernel log, one line each, every line starting with its ISO-8601 time
   *     ({@code dmesg --time-format iso})
   */
  public OomWatcher(Path memoryCgroupRoot, Supplier<List<String>> kernelLog) {
    this.memoryCgroupRoot = memoryCgroupRoot;
    this.kernelLog = kernelLog;
  }

  /** A run of the container began: what an earlier run saw no longer counts. */
  public void began(Instant at) {
    runStartedAt = at;
    cgroupPath = null;
    seen = false;
  }

  /**
   * On every sync while the container runs.
   * @param cgroup asked once per run: the container's cgroup as podman reports it, e.g.
   *     {@code /libpod_parent/libpod-ID}
   */
  public void running(String id, Supplier<String> cgroup) {
    containerId = id;
    if (cgroupPath == null) {
      cgroupPath = cgroup.get();
    }
    seen |= oomKills() > 0;
  }

  /**
   * At the container's end (which may come before any sync saw it running): whether the kernel OOM-killed any process
   * of it during this run.
   */
  public boolean killed(String id) {
    if (id != null) {
      containerId = id;
    }
    if (seen || oomKills() > 0) {
      return true;
    }
    String memcg = cgroupPath != null ? cgroupPath : containerId != null ? "libpod-" + containerId : null;
    if (memcg == null) {
      return false;
    }
    for (String line : kernelLog.get()) {
      int at = line.indexOf("task_memcg=");
      if (at < 0 || !line.contains("oom-kill:")) {
        continue;
      }
      String task = line.substring(at + "task_memcg=".length()).split(",", 2)[0].strip();
      if ((task.equals(memcg) || task.endsWith("/" + memcg)) && after(line, runStartedAt)) {
        return true;
      }
    }
    return false;
  }

  /** {@code oom_kill N} of the container's cgroup, or -1 when the cgroup is not there (any more). */
  private long oomKills() {
    if (cgroupPath == null) {
      return -1;
    }
    Path control = memoryCgroupRoot.resolve(cgroupPath.replaceFirst("^/", "")).resolve("memory.oom_control");
    try {
      for (String line : Files.readAllLines(control)) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring("oom_kill ".length()).strip());
        }
      }
      return 0;
    } catch (NoSuchFileException e) {
      return -1;
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** The kernel's clock and the JVM's agree to within a second or so; a run is at least a second apart from the last. */
  private static boolean after(String line, Instant since) {
    if (since == null) {
      return true;
    }
    try {
      Instant logged = OffsetDateTime.parse(line.split("\\s", 2)[0].replace(',', '.')).toInstant();
      return !logged.isBefore(since.minusSeconds(1));
    } catch (RuntimeException e) {
      return false;
    }
  }
}
