package dev.sft.controller.support;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Conditions;
import io.fabric8.kubernetes.api.model.Condition;

/** Reads a status's conditions for assertions. */
public final class ConditionChecks {
  private ConditionChecks() {}

  public static boolean isTrue(SchedulerFailureTestStatus status, String type) {
    Condition condition = Conditions.find(status, type);
    return condition != null && "True".equals(condition.getStatus());
  }
}
