package dev.sft.e2e.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodEnvironmentTest {
  private static final NodeConfig CONFIG = NodeConfig.of(Path.of("/unused"), "127.0.100.0/22",
      "127.0.0.1", 6443);

  private static Pod pod(Container container) {
    return new PodBuilder().withNewMetadata().withName("h-1").withNamespace("staging").withUid("u-1")
        .addToLabels("sft.dev/run-id", "r1").endMetadata()
        .withNewSpec().withServiceAccountName("sim-harness").withContainers(container).endSpec().build();
  }

  private static ContainerBuilder container() {
    return new ContainerBuilder().withName("harness").withImage("img");
  }

  @Test
  void downwardApiApiServerAndExpansionInOrder() {
    Container c = container()
        .addNewEnv().withName("POD_IP").withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP")
          .endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("SPARK_LOCAL_IP").withValue("$(POD_IP)").endEnv()
        .addNewEnv().withName("EARLY").withValue("$(LATER)").endEnv()
        .addNewEnv().withName("LATER").withValue("x").endEnv()
        .addNewEnv().withName("NS").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.namespace")
          .endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("NAME").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.name")
          .endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("RUN").withNewValueFrom().withNewFieldRef()
          .withFieldPath("metadata.labels['sft.dev/run-id']").endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("SA").withNewValueFrom().withNewFieldRef().withFieldPath("spec.serviceAccountName")
          .endFieldRef().endValueFrom().endEnv()
        .build();
    Map<String, String> env = new PodEnvironment(null, CONFIG).resolve(pod(c), c, "127.0.100.9");
    assertThat(env).containsEntry("KUBERNETES_SERVICE_HOST", "127.0.0.1")
        .containsEntry("KUBERNETES_SERVICE_PORT", "6443").containsEntry("POD_IP", "127.0.100.9")
        .containsEntry("SPARK_LOCAL_IP", "127.0.100.9")
        .containsEntry("EARLY", "$(LATER)") // only variables defined before are expanded
        .containsEntry("NS", "staging").containsEntry("NAME", "h-1").containsEntry("RUN", "r1")
        .containsEntry("SA", "sim-harness");
  }

  @Test
  void resourceFieldRefRoundsUpOverTheDivisor() {
    Container c = container().withNewResources().addToLimits("memory", new Quantity("1536Mi"))
        .addToLimits("cpu", new Quantity("1500m")).endResources()
        .addNewEnv().withName("MEM_MI").withNewValueFrom().withNewResourceFieldRef().withResource("limits.memory")
          .withDivisor(new Quantity("1Mi")).endResourceFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("CPUS").withNewValueFrom().withNewResourceFieldRef().withResource("limits.cpu")
          .endResourceFieldRef().endValueFrom().endEnv()
        .build();
    Map<String, String> env = new PodEnvironment(null, CONFIG).resolve(pod(c), c, "127.0.100.9");
    assertThat(env).containsEntry("MEM_MI", "1536").containsEntry("CPUS", "2");
  }

  @Test
  void unsupportedFieldIsAConfigError() {
    Container c = container().addNewEnv().withName("X").withNewValueFrom().withNewFieldRef()
        .withFieldPath("spec.nope").endFieldRef().endValueFrom().endEnv().build();
    assertThatThrownBy(() -> new PodEnvironment(null, CONFIG).resolve(pod(c), c, "127.0.100.9"))
        .isInstanceOf(PodStartBlocked.class).hasMessageContaining("unsupported fieldRef spec.nope");
  }
}
