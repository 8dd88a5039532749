package dev.sft.e2e.node.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code podman run} arguments for one pod container: host networking with the pod's own hostname (its IP is a
 * loopback address the processes bind through their environment), the node's hosts file as /etc/hosts, the pod's
 * user, groups and security settings, its cgroup limits, its environment and mounts, and {@code command}/{@code args} expanded
 * against the environment as Kubernetes does. Images are never pulled (there is no registry).
 */
public final class PodmanRunArgs {
  private static final BigDecimal MIN_CPUS = new BigDecimal("0.01");

  private PodmanRunArgs() {}

  public static List<String> build(String containerName, Pod pod, Container container, Map<String, String> env,
      List<Mount> mounts, Path hostsFile) {
    List<String> args = new ArrayList<>(List.of("--name", containerName, "--network", "host", "--uts", "private",
        "--hostname", hostname(pod), "--no-hosts", "-v", hostsFile + ":/etc/hosts:ro", "--pull", "never"));
    security(args, pod.getSpec().getSecurityContext(), container.getSecurityContext());
    limits(args, container);
    if (container.getWorkingDir() != null && !container.getWorkingDir().isEmpty()) {
      args.addAll(List.of("--workdir", container.getWorkingDir()));
    }
    if (Boolean.TRUE.equals(container.getStdin())) {
      args.add("-i");
    }
    env.forEach((k, v) -> args.addAll(List.of("-e", k + "=" + v)));
    mounts.forEach(m -> args.addAll(List.of("-v", m.volumeArg())));
    List<String> command = expand(container.getCommand(), env);
    List<String> commandArgs = expand(container.getArgs(), env);
    if (!command.isEmpty()) {
      // An explicit command replaces the image's ENTRYPOINT and drops its CMD, as in Kubernetes.
      args.addAll(List.of("--entrypoint", json(command)));
    }
    args.add(container.getImage());
    args.addAll(commandArgs);
    return args;
  }

  static String hostname(Pod pod) {
    String hostname = pod.getSpec().getHostname();
    return hostname != null && !hostname.isEmpty() ? hostname : pod.getMetadata().getName();
  }

  static List<String> expand(List<String> values, Map<String, String> env) {
    return values == null ? List.of() : values.stream().map(v -> VarExpansion.expand(v, env::get)).toList();
  }

  /**
   * The container's limits as the kubelet sets them on its cgroup: {@code limits.memory} as the memory limit (and
   * the same for memory plus swap: a node runs without swap), {@code limits.cpu} as a CFS quota ({@code --cpus}, at
   * least 1 ms per 100 ms period, the kubelet's minimum quota). Requests alone set no limit.
   */
  static void limits(List<String> args, Container container) {
    Map<String, Quantity> limits = container.getResources() == null ? null : container.getResources().getLimits();
    if (limits == null) {
      return;
    }
    Quantity memory = limits.get("memory");
    if (memory != null) {
      String bytes = Quantity.getAmountInBytes(memory).setScale(0, RoundingMode.UP).toPlainString() + "b";
      args.addAll(List.of("--memory", bytes, "--memory-swap", bytes));
    }
    Quantity cpu = limits.get("cpu");
    if (cpu != null) {
      BigDecimal cores = Quantity.getAmountInBytes(cpu).max(MIN_CPUS).setScale(3, RoundingMode.UP);
      args.addAll(List.of("--cpus", cores.stripTrailingZeros().toPlainString()));
    }
  }

  /** The container's security context overrides the pod's, field by field. */
  private static void security(List<String> args, PodSecurityContext pod, SecurityContext container) {
    Long user = container != null && container.getRunAsUser() != null ? container.getRunAsUser()
        : pod != null ? pod.getRunAsUser() : null;
    Long group = container != null && container.getRunAsGroup() != null ? container.getRunAsGroup()
        : pod != null ? pod.getRunAsGroup() : null;
    if (user != null) {
      args.addAll(List.of("--user", user + (group != null ? ":" + group : "")));
    }
    if (pod != null && pod.getFsGroup() != null) {
      args.addAll(List.of("--group-add", String.valueOf(pod.getFsGroup())));
    }
    if (pod != null && pod.getSupplementalGroups() != null) {
      pod.getSupplementalGroups().forEach(g -> args.addAll(List.of("--group-add", String.valueOf(g))));
    }
    if (container == null) {
      return;
    }
    if (Boolean.TRUE.equals(container.getReadOnlyRootFilesystem())) {
      // No tmpfs on /tmp, /run, /var/tmp (podman's default): a Kubernetes pod gets none either.
      args.addAll(List.of("--read-only", "--read-only-tmpfs=false"));
    }
    if (Boolean.TRUE.equals(container.getPrivileged())) {
      args.add("--privileged");
    }
    if (Boolean.FALSE.equals(container.getAllowPrivilegeEscalation())) {
      args.addAll(List.of("--security-opt", "no-new-privileges"));
    }
    Capabilities capabilities = container.getCapabilities();
    if (capabilities != null) {
      if (capabilities.getDrop() != null) {
        capabilities.getDrop().forEach(c -> args.addAll(List.of("--cap-drop", c)));
      }
      if (capabilities.getAdd() != null) {
        capabilities.getAdd().forEach(c -> args.addAll(List.of("--cap-add", c)));
      }
    }
  }

  private static String json(List<String> command) {
    try {
      return Serialization.jsonMapper().writeValueAsString(command);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
