package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ScenarioName;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one definition of each scenario's orphan policy, which the scenarios apply to their audit and {@code sft audit}
 * applies to their evidence.
 */
class OrphanPolicyTest {
  @Test
  void onlyAScenarioThatKillsToleratesOrphansAndOnlyOfRejectedAttempts() {
    assertThat(AuditRules.policyOf(ScenarioName.SPECULATION_ORIGINAL_WINS)).isEqualTo(AuditRules.OrphanPolicy.NONE);
    assertThat(AuditRules.policyOf(ScenarioName.SPECULATION_SPECULATIVE_WINS)).isEqualTo(AuditRules.OrphanPolicy.NONE);
    for (ScenarioName control : List.of(ScenarioName.CONTROL_SPECULATION, ScenarioName.CONTROL_EXECUTOR_LOSS,
        ScenarioName.CONTROL_SHUFFLE_LOSS)) {
      assertThat(AuditRules.policyOf(control)).as("no fault, no excuse").isEqualTo(AuditRules.OrphanPolicy.NONE);
    }
    assertThat(AuditRules.policyOf(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT))
        .isEqualTo(AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
    assertThat(AuditRules.policyOf(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .isEqualTo(AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
    // A SIGKILL after handoff leaves the committed, never accepted files: rejected orphans, as for any loss.
    assertThat(AuditRules.policyOf(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF))
        .isEqualTo(AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
  }
}
