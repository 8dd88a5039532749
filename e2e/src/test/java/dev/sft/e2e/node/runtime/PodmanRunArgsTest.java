package dev.sft.e2e.node.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodmanRunArgsTest {
  private static Pod pod(List<String> command, List<String> args) {
    return new PodBuilder().withNewMetadata().withName("w-0").withNamespace("ns").endMetadata()
        .withNewSpec().withHostname("w-0").withSubdomain("w")
          .withNewSecurityContext().withRunAsUser(185L).withRunAsGroup(185L).withFsGroup(185L)
            .withSupplementalGroups(7L).endSecurityContext()
          .addNewContainer().withName("spark").withImage("localhost/sft/sft:e2e").withCommand(command)
            .withArgs(args).withWorkingDir("/work")
            .withNewSecurityContext().withReadOnlyRootFilesystem(true).withAllowPrivilegeEscalation(false)
              .withNewCapabilities().withDrop("ALL").endCapabilities().endSecurityContext()
          .endContainer()
        .endSpec().build();
  }

  private static List<String> build(Pod pod) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("POD_IP", "127.0.100.3");
    return PodmanRunArgs.build("sft-e2e-ns-w-0", pod, pod.getSpec().getContainers().get(0), env,
        List.of(new Mount(Path.of("/state/claims/ns/c"), "/shared", false),
            new Mount(Path.of("/state/sa"), "/var/run/secrets/kubernetes.io/serviceaccount", true)),
        Path.of("/state/hosts"));
  }

  private static String joined(List<String> args) {
    return String.join(" ", args);
  }

  @Test
  void hostNetworkOwnHostnameAndTheNodesHostsFile() {
    String args = joined(build(pod(List.of("java"), null)));
    assertThat(args).startsWith("--name sft-e2e-ns-w-0 --network host --uts private --hostname w-0 --no-hosts "
        + "-v /state/hosts:/etc/hosts:ro --pull never");
  }

  @Test
  void securityContextBecomesUserGroupsReadOnlyRootAndCapabilities() {
    String args = joined(build(pod(List.of("java"), null)));
    assertThat(args).contains("--user 185:185", "--group-add 185", "--group-add 7",
        "--read-only --read-only-tmpfs=false", "--security-opt no-new-privileges", "--cap-drop ALL",
        "--workdir /work");
  }

  @Test
  void envAndMountsArePassed() {
    String args = joined(build(pod(List.of("java"), null)));
    assertThat(args).contains("-e POD_IP=127.0.100.3", "-v /state/claims/ns/c:/shared ",
        "-v /state/sa:/var/run/secrets/kubernetes.io/serviceaccount:ro");
  }

  @Test
  void commandReplacesTheEntrypointAndArgsFollowTheImageBothExpanded() {
    List<String> args = build(pod(List.of("java", "--host=$(POD_IP)"), List.of("--port", "$(PORT)", "$$(POD_IP)")));
    int image = args.indexOf("localhost/sft/sft:e2e");
    assertThat(args.get(image - 2)).isEqualTo("--entrypoint");
    assertThat(args.get(image - 1)).isEqualTo("[\"java\",\"--host=127.0.100.3\"]");
    assertThat(args.subList(image + 1, args.size())).containsExactly("--port", "$(PORT)", "$(POD_IP)");
  }

  @Test
  void withoutCommandTheImageEntrypointGetsTheArgs() {
    List<String> args = build(pod(null, List.of("run", "--help")));
    assertThat(args).doesNotContain("--entrypoint");
    assertThat(args.subList(args.indexOf("localhost/sft/sft:e2e") + 1, args.size())).containsExactly("run", "--help");
  }

  @Test
  void limitsBecomeCgroupLimitsAndRequestsAloneSetNone() {
    Pod limited = new PodBuilder(pod(List.of("java"), null)).editSpec().editFirstContainer().withNewResources()
        .addToLimits("memory", new Quantity("1536Mi")).addToLimits("cpu", new Quantity("1500m"))
        .addToRequests("memory", new Quantity("1Gi")).addToRequests("cpu", new Quantity("1")).endResources()
        .endContainer().endSpec().build();
    assertThat(joined(build(limited))).contains("--memory 1610612736b --memory-swap 1610612736b", "--cpus 1.5");
    Pod requestsOnly = new PodBuilder(pod(List.of("java"), null)).editSpec().editFirstContainer().withNewResources()
        .addToRequests("memory", new Quantity("1Gi")).addToRequests("cpu", new Quantity("1")).endResources()
        .endContainer().endSpec().build();
    assertThat(build(requestsOnly)).doesNotContain("--memory", "--memory-swap", "--cpus");
  }

  @Test
  void cpuLimitsInMillicoresAndDecimalMemoryAreExact() {
    List<String> args = new java.util.ArrayList<>();
    PodmanRunArgs.limits(args, new io.fabric8.kubernetes.api.model.ContainerBuilder().withNewResources()
        .addToLimits("cpu", new Quantity("250m")).addToLimits("memory", new Quantity("1G")).endResources().build());
    assertThat(args).containsExactly("--memory", "1000000000b", "--memory-swap", "1000000000b", "--cpus", "0.25");
    args.clear();
    PodmanRunArgs.limits(args, new io.fabric8.kubernetes.api.model.ContainerBuilder().withNewResources()
        .addToLimits("cpu", new Quantity("1m")).endResources().build());
    assertThat(args).as("the kubelet's minimum CFS quota, 1 ms per 100 ms").containsExactly("--cpus", "0.01");
  }
}
