package dev.sft.e2e.node.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.exec.ExecResult;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The podman command line as these machines need it (the same as docker/build-images.sh, which says why): runc,
 * cgroupfs, a file events log; every container this simulator starts carries {@link #OWNER_LABEL} with the
 * simulator's instance id, so listing and cleanup touch only those.
 */
public final class Podman {
  static final String OWNER_LABEL = "dev.sft.e2e.simulator";
  /**
   * Explicit limits (podman's defaults are refused here, DESIGN.md §8). RLIMIT_NPROC counts every process and thread of
   * the user across all containers (they all run as uid 185), so 1024 let two Spark clusters starve each other of
   * threads (three JVMs failed pthread_create at one instant). A Kubernetes node sets no such limit (containerd runs
   * with LimitNPROC=infinity); the per-pod limit is the pids cgroup (kubelet's podPidsLimit), which podman's
   * --pids-limit default (2048 a container) already gives. 32768 is the highest this sandbox's runc accepts.
   */
  static final List<String> ULIMITS = List.of("--ulimit", "nofile=1024:1024", "--ulimit", "nproc=32768:32768");
  private static final Duration QUICK = Duration.ofSeconds(60);

  private final String instanceId;

  public Podman(String instanceId) {
    this.instanceId = instanceId;
  }

  String instanceId() {
    return instanceId;
  }

  public static void requireInstalled() {
    for (String[] tool : new String[][] {{"podman", "podman"}, {"runc", "runc"}}) {
      boolean found = false;
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
        found |= new java.io.File(dir, tool[0]).canExecute();
      }
      for (String dir : List.of("/usr/sbin", "/sbin")) {
        found |= new java.io.File(dir, tool[0]).canExecute();
      }
      if (!found) {
        throw new IllegalStateException("'" + tool[0] + "' is not installed: the simulated kubelet needs the Debian "
            + "package '" + tool[1] + "' (apt-get install " + tool[1] + ")");
      }
    }
  }

  ExecResult podman(List<String> args, byte[] stdin, Duration timeout) {
    return CommandRunner.run(command(args), stdin, timeout);
  }

  private static List<String> command(List<String> args) {
    List<String> command = new ArrayList<>(List.of("podman", "--runtime", "runc", "--cgroup-manager=cgroupfs",
        "--events-backend=file"));
    command.addAll(args);
    return command;
  }

  /** Runs a podman command that must succeed; returns its stdout. */
  String checked(List<String> args, Duration timeout) {
    ExecResult result = podman(args, null, timeout);
    if (result.exitCode() != 0) {
      throw new IllegalStateException("podman " + CommandRunner.summary(args) + " failed (exit " + result.exitCode()
          + "): " + result.stderrText().strip());
    }
    return result.stdoutText();
  }

  /** Every container of this simulator instance, running or not. */
  public List<ContainerInfo> containers() {
    String json = checked(List.of("ps", "-a", "--filter", "label=" + OWNER_LABEL + "=" + instanceId,
        "--format", "json"), QUICK);
    try {
      List<ContainerInfo> list = new ArrayList<>();
      JsonNode nodes = Serialization.jsonMapper().readTree(json.isBlank() ? "[]" : json);
      nodes.forEach(node -> list.add(ContainerInfo.fromJson(node)));
      return list;
    } catch (IOException e) {
      throw new UncheckedIOException("podman ps gave no JSON: " + json, e);
    }
  }

  /** Whether a container of that name exists, asked directly rather than read from a listing. */
  public boolean containerExists(String name) {
    return podman(List.of("container", "exists", name), null, QUICK).exitCode() == 0;
  }

  public boolean imageExists(String image) {
    return podman(List.of("image", "exists", image), null, QUICK).exitCode() == 0;
  }

  /** The image's configured user (empty for root). */
  public String imageUser(String image) {
    return checked(List.of("image", "inspect", "--format", "{{.Config.User}}", image), QUICK).strip();
  }

  /** {@code podman run -d ARGS}; ARGS come from {@link PodmanRunArgs}. */
  public void runDetached(List<String> runArgs) {
    List<String> args = new ArrayList<>(List.of("run", "-d", "--label", OWNER_LABEL + "=" + instanceId));
    args.addAll(ULIMITS);
    args.addAll(runArgs);
    checked(args, Duration.ofMinutes(2));
  }

  /** The container's cgroup, e.g. {@code /libpod_parent/libpod-ID} (podman's cgroupfs layout), or null if unknown. */
  public String cgroupPath(String name) {
    ExecResult result = podman(List.of("inspect", "--format", "{{.State.CgroupPath}}", name), null, QUICK);
    String path = result.stdoutText().strip();
    return result.exitCode() == 0 && path.startsWith("/") ? path : null;
  }

  /** The kernel log with ISO-8601 times, for {@link OomWatcher}; empty when it cannot be read. */
  public static List<String> kernelLog() {
    ExecResult result = CommandRunner.run(List.of("dmesg", "--time-format", "iso"), null, QUICK);
    return result.exitCode() == 0 ? result.stdoutText().lines().toList() : List.of();
  }

  public void start(String name) {
    checked(List.of("start", name), Duration.ofMinutes(2));
  }

  /** SIGTERM, then SIGKILL after the grace period, as a kubelet stops a container. */
  public void stop(String name, long graceSeconds) {
    podman(List.of("stop", "-t", String.valueOf(graceSeconds), name), null,
        Duration.ofSeconds(graceSeconds + 60));
  }

  /** SIGKILL to the container's main process, as an OOM kill or a crash ends it. */
  public void kill(String name) {
    checked(List.of("kill", "--signal", "KILL", name), QUICK);
  }

  public void remove(String name) {
    podman(List.of("rm", "-f", "-t", "1", name), null, QUICK);
  }

  public ExecResult exec(String name, List<String> command, byte[] stdin, Duration timeout) {
    List<String> args = new ArrayList<>(List.of("exec"));
    if (stdin != null) {
      args.add("-i");
    }
    args.add(name);
    args.addAll(command);
    return podman(args, stdin, timeout);
  }

  /** The container's output, stdout and stderr together, as {@code kubectl logs} shows it. */
  public String logs(String name, Integer tailLines) {
    List<String> args = new ArrayList<>(List.of("logs"));
    if (tailLines != null) {
      args.addAll(List.of("--tail", String.valueOf(tailLines)));
    }
    args.add(name);
    return CommandRunner.run(command(args), null, QUICK, true).stdoutText();
  }
}
