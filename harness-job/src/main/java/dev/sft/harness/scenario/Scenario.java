package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;

/** One scheduler-failure scenario: it drives a monitored write and judges the scheduler and the storage. */
public interface Scenario {
  ScenarioName name();

  ScenarioResult run(ScenarioContext context, int repetition);
}
