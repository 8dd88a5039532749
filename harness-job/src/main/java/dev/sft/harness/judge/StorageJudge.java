package dev.sft.harness.judge;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The storage audit's verdict: only over a quiescent write (otherwise Unknown, naming what is still live), exactly
 * one new snapshot built on the table's snapshot from before the write, and the audit rules of the scenario's orphan
 * policy. A table that cannot be audited is Unknown.
 */
public final class StorageJudge {
  private StorageJudge() {}

  /** The audit when it was taken; the orphan rule without the scheduler's word on why an attempt was rejected. */
  public static Optional<AuditResult> judge(
      Checks checks, List<String> stillLive, Supplier<AuditResult> audit, AuditRules.OrphanPolicy policy) {
    return judge(checks, stillLive, audit, policy, tid -> dev.sft.harness.audit.Rejection.unknown());
  }

  /** The audit when it was taken, for the evidence folder. */
  public static Optional<AuditResult> judge(
      Checks checks, List<String> stillLive, Supplier<AuditResult> audit, AuditRules.OrphanPolicy policy,
      java.util.function.LongFunction<dev.sft.harness.audit.Rejection> whyRejected) {
    if (!stillLive.isEmpty()) {
      checks.unknown(STORAGE, "storage.quiescent",
          "the write did not come to rest, so the inventory could still change; still live: " + stillLive);
      return Optional.empty();
    }
    checks.check(STORAGE, "storage.quiescent", true,
        "every started task has a terminal event and every attempt completed or lost its executor");
    AuditResult result;
    try {
      result = audit.get();
    } catch (RuntimeException e) {
      checks.unknown(STORAGE, "audit", "cannot audit the table: " + e.getMessage());
      return Optional.empty();
    }
    checks.check(STORAGE, "snapshots.one-new", result.newSnapshots() == 1 && result.builtOnPrior(),
        "the write added " + result.newSnapshots() + " snapshot(s) (table has " + result.snapshots()
            + "); expected exactly 1" + (result.builtOnPrior() ? ""
            : ", and the current snapshot is not a child of the table's snapshot from before the write"));
    AuditRules.evaluate(result, true, policy, whyRejected).forEach(checks::add);
    return Optional.of(result);
  }
}
