package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import org.junit.jupiter.api.Test;

/** What {@code helm test} reports: an established CRD and a Ready controller pass, anything else says what is wrong. */
class InstallCheckTest {
  @Test
  void anEstablishedCrdAndAReadyControllerPass() {
    assertThat(InstallCheck.problems(read(crd("True")), read(deployment(1)), "sft-system", "sft-sft-operator"))
        .isEmpty();
  }

  @Test
  void eachMissingPieceIsNamed() {
    assertThat(InstallCheck.problems(read(null), read(null), "sft-system", "sft-sft-operator")).containsExactly(
        "CRD schedulerfailuretests.sft.dev is not installed",
        "Deployment sft-system/sft-sft-operator does not exist");
    assertThat(InstallCheck.problems(read(crd("False")), read(deployment(0)), "sft-system", "sft-sft-operator"))
        .containsExactly("CRD schedulerfailuretests.sft.dev is not Established",
            "controller sft-system/sft-sft-operator has no Ready pod (kubectl describe deploy -n sft-system "
                + "sft-sft-operator)");
    assertThat(InstallCheck.problems(new InstallCheck.Read<>(null, "Forbidden"), read(deployment(1)), "sft-system",
        "sft-sft-operator")).containsExactly("cannot read CRD schedulerfailuretests.sft.dev: Forbidden");
  }

  @Test
  void aFailedReadIsReportedNotThrown() {
    InstallCheck.Read<Object> read = InstallCheck.read(() -> {
      throw new IllegalStateException("Failure executing: GET ... Message: forbidden\nmore");
    });
    assertThat(read.value()).isNull();
    assertThat(read.error()).isEqualTo("Failure executing: GET ... Message: forbidden");
  }

  private static <T> InstallCheck.Read<T> read(T value) {
    return new InstallCheck.Read<>(value, null);
  }

  private static CustomResourceDefinition crd(String established) {
    return new CustomResourceDefinitionBuilder().withNewMetadata().withName(InstallCheck.CRD).endMetadata()
        .withNewStatus().addNewCondition().withType("Established").withStatus(established).endCondition()
        .endStatus().build();
  }

  private static Deployment deployment(int ready) {
    return new DeploymentBuilder().withNewMetadata().withName("sft-sft-operator").endMetadata()
        .withNewStatus().withReadyReplicas(ready).endStatus().build();
  }
}
