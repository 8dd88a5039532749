package dev.sft.harness.judge;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import java.util.ArrayList;
import java.util.List;

/** The checks one scenario repetition has gathered so far, and the two verdicts they decide. */
public final class Checks {
  private final List<Check> checks = new ArrayList<>();
  private final List<Check> voiding = new ArrayList<>();
  private final List<Check> causes = new ArrayList<>();

  public void check(String side, String rule, boolean passed, String detail) {
    checks.add(new Check(side, rule, passed ? Verdict.Passed : Verdict.Failed, detail));
  }

  /** A check that, when it fails, names the {@link dev.sft.contract.Cause}s of what it found. */
  public void check(String side, String rule, boolean passed, String detail, java.util.Collection<String> causes) {
    checks.add(new Check(side, rule, passed ? Verdict.Passed : Verdict.Failed, detail, passed ? null : causes));
  }

  public void unknown(String side, String rule, String detail) {
    checks.add(new Check(side, rule, Verdict.Unknown, detail));
  }

  /**
   * An Unknown check that also voids the side: whatever else passed or failed, the side's verdict is Unknown, because
   * a precondition of the whole repetition is missing (e.g. a loss the scenario did not make).
   */
  public void voidSide(String side, String rule, String detail) {
    Check check = new Check(side, rule, Verdict.Unknown, detail);
    checks.add(check);
    voiding.add(check);
  }

  /**
   * A check that, when it fails, names the cause of other failures (e.g. the writer's abort that left the orphans
   * the orphan rule lists): a report's message leads with it, so a bounded message keeps the cause.
   */
  public void checkCause(String side, String rule, boolean passed, String detail) {
    checkCause(side, rule, passed, detail, null);
  }

  /** A {@link #checkCause} that, when it fails, names the {@link dev.sft.contract.Cause}s of what it found. */
  public void checkCause(String side, String rule, boolean passed, String detail,
      java.util.Collection<String> causeIds) {
    Check check = new Check(side, rule, passed ? Verdict.Passed : Verdict.Failed, detail, passed ? null : causeIds);
    checks.add(check);
    causes.add(check);
  }

  /** The failed cause checks ({@link #checkCause}). */
  public List<Check> failedCauses() {
    return causes.stream().filter(c -> c.verdict() == Verdict.Failed).toList();
  }

  /** The checks that voided a side ({@link #voidSide}); a report leads with them. */
  public List<Check> voiding() {
    return List.copyOf(voiding);
  }

  public void add(Check check) {
    checks.add(check);
  }

  public List<Check> all() {
    return List.copyOf(checks);
  }

  /** A side with no checks at all has no evidence, which is Unknown, never Passed. */
  public Verdict verdict(String side) {
    List<Check> mine = checks.stream().filter(c -> c.side().equals(side)).toList();
    if (mine.isEmpty() || voiding.stream().anyMatch(c -> c.side().equals(side))) {
      return Verdict.Unknown;
    }
    return mine.stream().map(Check::verdict).reduce(Verdict.Passed, Verdict::and);
  }
}
