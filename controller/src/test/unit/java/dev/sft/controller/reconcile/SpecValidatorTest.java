package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.support.TestResources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validator on its own: every violation names its field, and a valid resource has none. */
class SpecValidatorTest {
  @Test
  void aValidResourceHasNoViolation() {
    assertThat(SpecValidator.validate(TestResources.valid("ns1", "t1"))).isEmpty();
  }

  @Test
  void eachBrokenRuleNamesItsField() {
    SchedulerFailureTest test = TestResources.valid("ns1", "x".repeat(46));
    test.getSpec().scenarios = List.of("speculation-original-wins", "nope");
    test.getSpec().repeat = 0;
    test.getSpec().storage.mountPath = "/tmp";
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .contains("metadata.name", "spec.repeat", "spec.storage.mountPath")
        .anyMatch(field -> field.startsWith("spec.scenarios"));
  }
}
