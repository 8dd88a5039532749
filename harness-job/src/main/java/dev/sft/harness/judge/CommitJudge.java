package dev.sft.harness.judge;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.evidence.CommitMarker;
import java.util.List;

/**
 * One commit operator, one successful commit marker, and the commit's own count of committed messages equal to the
 * number of messages the driver accepted.
 */
public final class CommitJudge {
  private CommitJudge() {}

  public static void judge(Checks checks, List<CommitMarker> commits, int acceptedMessages) {
    List<CommitMarker> succeeded = commits.stream().filter(CommitMarker::succeeded).toList();
    checks.check(STORAGE, "commit.one-operator", commits.size() == 1,
        "the write's job commit ran " + commits.size() + " time(s); expected exactly once");
    checks.check(STORAGE, "commit.one-success-marker", succeeded.size() == 1,
        succeeded.size() + " successful commit marker(s); expected exactly 1");
    List<Integer> committed = succeeded.stream().map(CommitMarker::messages).toList();
    checks.check(STORAGE, "commit.messages-equal-accepted",
        committed.size() == 1 && committed.get(0) == acceptedMessages,
        "successful commit(s) committed " + committed + " message(s); the driver accepted " + acceptedMessages);
  }
}
