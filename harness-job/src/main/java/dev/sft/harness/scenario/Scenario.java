package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.harness.operation.Operation;

/**
 * One scheduler-failure scenario: it drives a monitored write of one operation and judges the scheduler and the
 * storage.
 */
public interface Scenario {
  ScenarioName name();

  ScenarioResult run(ScenarioContext context, Operation operation, int repetition);
}
