package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutorLogExcerptTest {
  @TempDir Path dir;

  @Test
  void quotesTheWritersCleanupLinesFromWhereTheLogStoodWithoutStackFrames() throws Exception {
    String before = "07:45:49 WARN Tasks: Interrupted while waiting for an earlier task\n";
    Path log = dir.resolve("stderr");
    Files.writeString(log, before
        + "07:45:50 INFO Executor: Executor is trying to kill task 0.1 (TID 43), interruptThread: true\n"
        + "07:45:50 WARN Tasks: Interrupted while waiting for tasks to finish\n"
        + "java.lang.InterruptedException: sleep interrupted\n"
        + "\tat java.base/java.lang.Thread.sleep(Native Method)\n"
        + "07:45:50 WARN SparkCleanupUtil: Failed to bulk delete 12 file(s)\n"
        + "07:45:51 WARN Tasks: Interrupted while waiting, a fourth line past the limit\n");
    String excerpt = ExecutorLogExcerpt.of(log.toString(), before.length());
    assertThat(excerpt).startsWith("executor log " + log + " from byte " + before.length() + ": ")
        .contains("WARN Tasks: Interrupted while waiting for tasks to finish | java.lang.InterruptedException: sleep"
            + " interrupted | 07:45:50 WARN SparkCleanupUtil: Failed to bulk delete 12 file(s)")
        .doesNotContain("earlier task", "Thread.sleep", "fourth line", "\n");
  }

  @Test
  void aLogWithNothingRelevantSaysSo() throws Exception {
    Path log = Files.writeString(dir.resolve("stderr"), "07:45:50 INFO Executor: Finished task\n");
    assertThat(ExecutorLogExcerpt.of(log.toString(), 0))
        .endsWith("no line about failed deletes or interrupts");
  }

  @Test
  void aLogTheDriverCannotReadIsNamedNotHidden() {
    String missing = dir.resolve("on-another-pod/stderr").toString();
    assertThat(ExecutorLogExcerpt.of(missing, 0))
        .contains(missing, "not readable from the driver", "read it on the worker");
    assertThat(ExecutorLogExcerpt.of(null, 0)).contains("no executor log");
  }

  @Test
  void aTailQuotesTheLastFewLinesShortenedWithoutStackFrames() throws Exception {
    String longLine = "# Problematic frame: " + "x".repeat(200);
    Path log = Files.writeString(dir.resolve("stderr"), "08:00:00 INFO Executor: Running task 0.0\n"
        + "# A fatal error has been detected by the Java Runtime Environment:\n\n"
        + "#  SIGSEGV (0xb) at pc=0x00007f, pid=4242, tid=4243\n"
        + "\tat org.apache.comet.Native.writeBatch(Native Method)\n"
        + longLine + "\n"
        + "# An error report file with more information is saved as: hs_err_pid4242.log\n");
    String tail = ExecutorLogExcerpt.tail(log.toString());
    assertThat(tail).startsWith("executor log " + log + ", last lines: # A fatal error has been detected")
        .contains("#  SIGSEGV (0xb) at pc=0x00007f", "| # Problematic frame: xxx", "… | # An error report file")
        .doesNotContain("Running task", "Native Method", "\n");
    assertThat(tail.length()).as("a few hundred characters").isLessThan(500 + log.toString().length());
    assertThat(ExecutorLogExcerpt.tail(null)).contains("no log of this executor on record");
  }
}
