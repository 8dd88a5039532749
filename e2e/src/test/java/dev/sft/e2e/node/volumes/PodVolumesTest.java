package dev.sft.e2e.node.volumes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.node.NodeConfig;
import dev.sft.e2e.node.runtime.Mount;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import dev.sft.e2e.apiserver.CrudMock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service-account token the kubelet mounts: its own account's, unless the pod or its account says no. */
class PodVolumesTest {

  @TempDir
  Path state;
  private final CrudMock mock = new CrudMock();

  @AfterEach
  void close() {
    mock.close();
  }

  private Optional<String> mountedToken(Pod pod) throws Exception {
    NodeConfig config = NodeConfig.of(state, "127.0.100.0/22", "127.0.0.1", 443)
        .withServiceAccounts("CA", (namespace, account) -> "token-of-" + namespace + "/" + account);
    List<Mount> mounts = new PodVolumes(mock.client, config).prepare(pod, pod.getSpec().getContainers().get(0),
        state.resolve(pod.getMetadata().getName()));
    Optional<Mount> token = mounts.stream()
        .filter(m -> m.containerPath().equals(PodVolumes.SERVICE_ACCOUNT_PATH)).findFirst();
    if (token.isPresent()) {
      assertThat(token.get().readOnly()).isTrue();
      return Optional.of(Files.readString(token.get().hostPath().resolve("token")));
    }
    return Optional.empty();
  }

  private static Pod pod(String name, String account, Boolean automount) {
    return new PodBuilder().withNewMetadata().withName(name).withNamespace("team").endMetadata()
        .withNewSpec().withServiceAccountName(account).withAutomountServiceAccountToken(automount)
        .addNewContainer().withName("main").withImage("x").endContainer().endSpec().build();
  }

  private void account(String name, Boolean automount) {
    mock.client.serviceAccounts().inNamespace("team").resource(new ServiceAccountBuilder().withNewMetadata()
        .withName(name).endMetadata().withAutomountServiceAccountToken(automount).build()).create();
  }

  @Test
  void eachPodGetsItsOwnServiceAccountsToken() throws Exception {
    account("harness", null);
    assertThat(mountedToken(pod("a", "harness", null))).contains("token-of-team/harness");
    assertThat(mountedToken(pod("b", null, null))).as("no serviceAccountName: default")
        .contains("token-of-team/default");
  }

  @Test
  void thePodsFalseOrItsAccountsFalseWhenThePodSaysNothingMountsNone() throws Exception {
    account("quiet", false);
    assertThat(mountedToken(pod("a", "harness", false))).isEmpty();
    assertThat(mountedToken(pod("b", "quiet", null))).isEmpty();
    assertThat(mountedToken(pod("c", "quiet", true))).as("the pod's true wins").contains("token-of-team/quiet");
  }
}
