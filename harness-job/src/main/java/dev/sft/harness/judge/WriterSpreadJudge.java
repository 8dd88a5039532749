package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.AttemptIdentity;
import java.util.Set;
import java.util.TreeSet;

/**
 * The reference suite's precondition that the write was spread: its writer attempts started on at least
 * {@value #MIN_PARTITIONS} partitions in at least {@value #MIN_EXECUTORS} executors. A write planned into one or two
 * writer tasks (a row-level command on a tiny table, say) tests no scheduler behaviour across executors, whatever
 * else passes.
 */
public final class WriterSpreadJudge {
  public static final String RULE = "writers.spread";
  static final int MIN_PARTITIONS = 3;
  static final int MIN_EXECUTORS = 2;

  private WriterSpreadJudge() {}

  public static void judge(Checks checks, WriteEvidence evidence) {
    Set<Integer> partitions = new TreeSet<>();
    Set<String> executors = new TreeSet<>();
    // Every attempt the probe saw begin, by any of its markers (a reducer held before its input has not yet
    // created its writer, but it started on its executor).
    for (AttemptIdentity attempt : evidence.markedAttempts().values()) {
      partitions.add(attempt.partition());
      executors.add(attempt.executorId());
    }
    checks.check(SCHEDULER, RULE, partitions.size() >= MIN_PARTITIONS && executors.size() >= MIN_EXECUTORS,
        "writer attempts started on partitions " + partitions + " in executors " + executors + "; at least "
            + MIN_PARTITIONS + " partitions in at least " + MIN_EXECUTORS + " executors");
  }
}
