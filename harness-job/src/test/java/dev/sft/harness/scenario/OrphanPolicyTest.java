package dev.sft.harness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.audit.AuditRules;
import org.junit.jupiter.api.Test;

/** The scenarios judge their own storage with the policy that {@code sft audit} reads back from their evidence. */
class OrphanPolicyTest {
  @Test
  void everyScenarioUsesThePolicyTheAuditAppliesToItsEvidence() {
    for (ScenarioName name : ScenarioName.values()) {
      MonitoredWriteScenario<?> scenario = (MonitoredWriteScenario<?>) Scenarios.create(name);
      assertThat(scenario.orphanPolicy()).as(name.id()).isEqualTo(AuditRules.policyOf(name));
    }
    assertThat(AuditRules.policyOf(ScenarioName.SPECULATION_ORIGINAL_WINS)).isEqualTo(AuditRules.OrphanPolicy.NONE);
    assertThat(AuditRules.policyOf(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .isEqualTo(AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
    // A SIGKILL after handoff leaves the committed, never accepted files: rejected orphans, as for any loss.
    assertThat(AuditRules.policyOf(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF))
        .isEqualTo(AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
  }
}
