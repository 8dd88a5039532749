package dev.sft.e2e.node.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OOM kills seen in the container's cgroup while it runs, or in the kernel log once the cgroup is gone. */
class OomWatcherTest {
  private static final String ID = "dcae561e39af3908f1455a848532cc8059746d96aa2b14d38c9982a0f4ca07c6";
  private static final String CGROUP = "/libpod_parent/libpod-" + ID;

  @TempDir
  Path root;
  private final List<String> kernelLog = new ArrayList<>();
  private final Instant began = Instant.parse("2026-12-02T08:00:00Z");

  private OomWatcher watcher() {
    OomWatcher watcher = new OomWatcher(root, () -> kernelLog);
    watcher.began(began);
    return watcher;
  }

  private void oomControl(long kills) throws Exception {
    Path dir = root.resolve(CGROUP.substring(1));
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("memory.oom_control"), "oom_kill_disable 0\nunder_oom 0\noom_kill " + kills + "\n");
  }

  private static String kernelLine(String time, String memcg) {
    return time + " oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=libpod-" + ID + ",mems_allowed=0,"
        + "oom_memcg=" + memcg + ",task_memcg=" + memcg + ",task=java,pid=8096,uid=185";
  }

  @Test
  void aKillCountedInTheCgroupWhileRunningIsAnOomKillEvenAfterTheCgroupIsGone() throws Exception {
    OomWatcher watcher = watcher();
    oomControl(0);
    watcher.running(ID, () -> CGROUP);
    assertThat(watcher.killed(ID)).isFalse();
    oomControl(1);
    watcher.running(ID, () -> CGROUP);
    Files.delete(root.resolve(CGROUP.substring(1)).resolve("memory.oom_control"));
    assertThat(watcher.killed(ID)).isTrue();
  }

  @Test
  void aCgroupGoneBeforeTheNextSyncIsJudgedByTheKernelLogOfThisRunOnly() throws Exception {
    OomWatcher watcher = watcher();
    watcher.running(ID, () -> CGROUP); // no cgroup file: gone already
    kernelLog.add("2026-12-02T07:59:30,000000+00:00 " + kernelLine("", CGROUP).strip());
    kernelLog.add(kernelLine("2026-12-02T08:00:05,123456+00:00", "/libpod_parent/libpod-other"));
    assertThat(watcher.killed(ID)).as("an earlier run's and another container's kills do not count").isFalse();
    kernelLog.add(kernelLine("2026-12-02T08:00:07,654321+00:00", CGROUP));
    assertThat(watcher.killed(ID)).isTrue();
    watcher.began(Instant.parse("2026-12-02T08:01:00Z"));
    assertThat(watcher.killed(ID)).as("a restart starts over").isFalse();
  }

  @Test
  void aContainerThatEndedBeforeAnySyncSawItRunningIsFoundByItsId() {
    OomWatcher watcher = watcher();
    kernelLog.add(kernelLine("2026-12-02T08:00:07,000000+00:00", "/some/parent/libpod-" + ID));
    assertThat(watcher.killed(ID)).isTrue();
  }
}
