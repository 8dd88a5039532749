package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.KnownFinding;
import dev.sft.harness.judge.LoserFilesJudge;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The rules a known finding must name causes for ({@link KnownFinding#RULES_BY_CAUSE}) are exactly the rules the
 * harness gives causes to: the audit's orphan and deletion-vector rules, and the loser's rule.
 */
class RulesByCauseTest {
  private static final String D = "/t/data/";

  @Test
  void theContractsRulesByCauseAreTheRulesTheHarnessNamesCausesFor() {
    String winner = D + "00000-5-op-00001.parquet";
    String stray = D + "stray.parquet";
    String merged = D + AuditRules.COMMIT_MERGED_DVS_PREFIX + "1-1.puffin";
    String taskDv = D + "00000-5-op-00001-deletes.puffin";
    TableFiles table = new TableFiles(7L, 2, 1, true, new TreeSet<>(List.of(winner, merged)), new TreeSet<>(),
        new TreeSet<>(List.of(winner, merged)), new TreeSet<>());
    AuditResult audit = FileSets.derive("/t", "/t/data", table, List.of(winner, stray, merged, taskDv),
        List.of(winner, taskDv), List.of(), List.of());

    List<String> withCauses = new ArrayList<>();
    for (AuditRules.OrphanPolicy policy : AuditRules.OrphanPolicy.values()) {
      AuditRules.evaluate(audit, true, policy, tid -> new Rejection(Cause.DUPLICATE_RESULT, "a duplicate")).stream()
          .filter(c -> !c.causes().isEmpty()).map(Check::rule).forEach(withCauses::add);
    }
    withCauses.add(LoserFilesJudge.RULE);

    assertThat(new TreeSet<>(withCauses)).isEqualTo(new TreeSet<>(KnownFinding.RULES_BY_CAUSE));
  }
}
