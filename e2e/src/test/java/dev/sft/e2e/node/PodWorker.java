package dev.sft.e2e.node;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import dev.sft.e2e.node.prober.ProbeTracker;
import dev.sft.e2e.node.prober.Prober;
import dev.sft.e2e.node.runtime.ContainerInfo;
import dev.sft.e2e.node.runtime.Mount;
import dev.sft.e2e.node.runtime.OomWatcher;
import dev.sft.e2e.node.runtime.Podman;
import dev.sft.e2e.node.runtime.PodmanRunArgs;
import dev.sft.e2e.node.volumes.PodVolumes;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs one pod on the simulated node: starts its container, probes it, restarts it as its restartPolicy says (with
 * Kubernetes' crash-loop back-off: at once, then 10 s doubling to 300 s), reports its status, and stops and removes
 * the container when the pod is deleted. Pods of exactly one container and no init containers are supported.
 */
final class PodWorker {
  private static final System.Logger LOG = System.getLogger(PodWorker.class.getName());
  private static final int[] BACKOFF_SECONDS = {0, 10, 20, 40, 80, 160, 300};

  private final NodeContext node;
  private final String namespace;
  private final String name;
  private final String uid;
  private final String containerName;
  private final Path podDir;
  private final PodStatusComposer composer = new PodStatusComposer();
  private final Prober prober;
  private final OomWatcher oom = new OomWatcher(Path.of("/sys/fs/cgroup/memory"), Podman::kernelLog);

  /** Read by exec and logs on other threads without waiting for a step (which may be a long stop). */
  private volatile Pod pod;
  private String podIp;
  private Instant startTime;
  private volatile boolean created;
  private String containerId;
  private String blockedReason;
  private String blockedMessage;
  private int restartCount;
  private Instant runStartedAt;
  private ContainerState terminated;
  private Instant exitSeenAt;
  private ContainerState lastTerminated;
  private boolean finished;
  private ProbeTracker startup;
  private ProbeTracker readiness;
  private ProbeTracker liveness;
  private PodStatus written;
  private volatile boolean removed;
  /**
   * When this worker last created or started its container: container snapshots older than that are stale. Volatile:
   * the kubelet reads it without this worker's lock, which a slow stop may hold for its grace period.
   */
  private volatile Instant actedAt = Instant.EPOCH;

  PodWorker(NodeContext node, Pod pod) {
    this.node = node;
    this.pod = pod;
    this.namespace = pod.getMetadata().getNamespace();
    this.name = pod.getMetadata().getName();
    this.uid = pod.getMetadata().getUid();
    this.containerName = node.containerName(namespace, name);
    this.podDir = node.podDir(namespace, name, uid);
    this.prober = new Prober((command, timeout) -> node.podman().exec(containerName, command, null, timeout));
  }

  String containerName() {
    return containerName;
  }

  String uid() {
    return uid;
  }

  Container container() {
    return pod.getSpec().getContainers().get(0);
  }

  boolean running(ContainerInfo info) {
    return created && !removed && info != null && info.running();
  }

  /** When this worker last started or restarted its container ({@link Instant#EPOCH} before the first start). */
  Instant actedAt() {
    return actedAt;
  }

  boolean removed() {
    return removed;
  }

  /**
   * One step: bring the container towards what the pod says, then report the pod's status.
   *
   * @param info the container as podman listed it at {@code listedAt}, null when it was not listed
   */
  synchronized void sync(Pod latest, ContainerInfo info, Instant listedAt) {
    if (removed || listedAt.isBefore(actedAt)) {
      return;
    }
    pod = latest;
    if (Selectors.terminating(pod)) {
      remove(gracePeriod());
      deleteFromApi();
      return;
    }
    if (!finished) {
      if (!created) {
        start();
      } else if (info != null && info.running()) {
        onRunning(info);
      } else {
        onExited(info);
      }
    }
    writeStatus();
  }

  /** The pod is gone from the API server (or the node closes): stop and remove its container. */
  synchronized void remove(long graceSeconds) {
    if (removed) {
      return;
    }
    removed = true;
    if (created) {
      node.podman().stop(containerName, graceSeconds);
      keepLog();
      node.podman().remove(containerName);
    }
    node.ips().release(uid);
    deleteTree(podDir);
  }

  long gracePeriod() {
    Long grace = pod.getMetadata().getDeletionGracePeriodSeconds();
    if (grace == null) {
      grace = pod.getSpec().getTerminationGracePeriodSeconds();
    }
    return grace == null ? 30 : grace;
  }

  private void start() {
    try {
      Container container = KubeletAdmission.admit(pod, node.podman());
      if (node.podman().containers().stream().anyMatch(c -> c.name().equals(containerName))) {
        // A pod of the same name (e.g. a StatefulSet pod being replaced) was deleted and its container is stopping.
        throw new PodStartBlocked("ContainerCreating", "waiting for the previous container " + containerName
            + " to be removed");
      }
      Files.createDirectories(podDir);
      podIp = node.ips().allocate(uid);
      List<Mount> mounts = node.volumes().prepare(pod, container, podDir);
      var env = node.environment().resolve(pod, container, podIp);
      actedAt = Instant.now();
      try {
        node.podman().runDetached(PodmanRunArgs.build(containerName, pod, container, env, mounts, node.hostsFile()));
      } catch (RuntimeException e) {
        // A run that failed after creating the container leaves it behind; only ours (by label) is removed.
        if (node.podman().containers().stream().anyMatch(c -> c.name().equals(containerName))) {
          node.podman().remove(containerName);
        }
        throw e;
      }
      created = true;
      // Also after the run: a listing taken while podman created the container may not hold it yet.
      actedAt = Instant.now();
      startTime = Instant.now();
      beganRun(startTime);
      blockedReason = null;
      blockedMessage = null;
    } catch (PodStartBlocked e) {
      blockedReason = e.reason();
      blockedMessage = e.getMessage();
    } catch (IOException | RuntimeException e) {
      blockedReason = "CreateContainerError";
      blockedMessage = e.getMessage() + (String.valueOf(e.getMessage()).contains("already in use")
          ? " (a container of that name exists that this simulator did not start: podman rm -f " + containerName + ")"
          : "");
    }
  }

  private void onRunning(ContainerInfo info) {
    containerId = info.id();
    oom.running(containerId, () -> node.podman().cgroupPath(containerName));
    if (runStartedAt == null) {
      beganRun(info.startedAt() != null ? info.startedAt() : Instant.now());
    }
    Instant now = Instant.now();
    if (startup != null && !Boolean.TRUE.equals(startup.passing())) {
      probe(startup, now);
      if (Boolean.FALSE.equals(startup.passing())) {
        node.podman().stop(containerName, pod.getSpec().getTerminationGracePeriodSeconds() == null ? 30
            : pod.getSpec().getTerminationGracePeriodSeconds());
      }
      return;
    }
    if (liveness != null) {
      probe(liveness, now);
      if (Boolean.FALSE.equals(liveness.passing())) {
        node.podman().stop(containerName, pod.getSpec().getTerminationGracePeriodSeconds() == null ? 30
            : pod.getSpec().getTerminationGracePeriodSeconds());
        return;
      }
    }
    if (readiness != null) {
      probe(readiness, now);
    }
  }

  /** A container run began (created or restarted): its probes start over. */
  private void beganRun(Instant at) {
    runStartedAt = at;
    oom.began(at);
    Container container = container();
    startup = tracker(container.getStartupProbe());
    readiness = tracker(container.getReadinessProbe());
    liveness = tracker(container.getLivenessProbe());
  }

  private ProbeTracker tracker(Probe probe) {
    return probe == null ? null : new ProbeTracker(probe, runStartedAt);
  }

  private void probe(ProbeTracker tracker, Instant now) {
    if (tracker.due(now)) {
      tracker.record(now, prober.probe(tracker.probe(), container(), podIp));
    }
  }

  /** The container has exited (or vanished): record it once, then restart it when the policy says so. */
  private void onExited(ContainerInfo info) {
    if (terminated == null && info == null && node.podman().containerExists(containerName)) {
      // One listing left out a container that exists: asked directly, only a container really gone ends the pod, as
      // a kubelet's next relist would find. Logged, so a bench run shows when it happens.
      LOG.log(System.Logger.Level.WARNING, "container " + containerName + " exists but was not listed; relisting");
      return;
    }
    if (terminated == null) {
      if (info != null) {
        containerId = info.id();
      }
      int exitCode = info == null ? 137 : info.exitCode();
      // As the container runtime reports it: an OOM kill of any of its processes is the container's end reason.
      String reason = info == null ? "ContainerMissing" : oom.killed(containerId) ? "OOMKilled"
          : exitCode == 0 ? "Completed" : "Error";
      String message = TerminationMessages.read(PodVolumes.terminationFile(podDir, container().getName()),
          container(), exitCode, () -> node.podman().logs(containerName, TerminationMessages.MAX_LOG_LINES));
      Instant started = runStartedAt != null ? runStartedAt : startTime;
      Instant finishedAt = info != null && info.exitedAt() != null ? info.exitedAt() : Instant.now();
      terminated = new ContainerStateBuilder().withNewTerminated().withExitCode(exitCode).withReason(reason)
          .withMessage(message).withContainerID(containerId == null ? null : "podman://" + containerId)
          .withStartedAt(started == null ? null : Timestamps.time(started))
          .withFinishedAt(Timestamps.time(finishedAt)).endTerminated().build();
      exitSeenAt = Instant.now();
      String policy = pod.getSpec().getRestartPolicy() == null ? "Always" : pod.getSpec().getRestartPolicy();
      boolean restart = info != null && ("Always".equals(policy) || ("OnFailure".equals(policy) && exitCode != 0));
      finished = !restart;
    }
    if (finished) {
      return;
    }
    int backoff = BACKOFF_SECONDS[Math.min(restartCount, BACKOFF_SECONDS.length - 1)];
    if (Instant.now().isBefore(exitSeenAt.plusSeconds(backoff))) {
      return;
    }
    try {
      Files.write(PodVolumes.terminationFile(podDir, container().getName()), new byte[0]);
      actedAt = Instant.now();
      node.podman().start(containerName);
      actedAt = Instant.now();
      restartCount++;
      lastTerminated = terminated;
      terminated = null;
      beganRun(Instant.now());
    } catch (IOException | RuntimeException e) {
      blockedMessage = "restart failed: " + e.getMessage();
    }
  }

  private void writeStatus() {
    PodStatus status = composer.compose(facts());
    if (status.equals(written)) {
      return;
    }
    Pod update = new io.fabric8.kubernetes.api.model.PodBuilder(pod).withStatus(status).build();
    try {
      node.client().pods().inNamespace(namespace).resource(update).updateStatus();
      written = status;
    } catch (KubernetesClientException e) {
      // 409: the pod changed since it was listed; 404: it is gone. The next sync sees the new state.
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
    }
  }

  private PodStatusComposer.Facts facts() {
    Container container = container();
    boolean scheduled = !PodStartBlocked.UNSCHEDULABLE.equals(blockedReason);
    boolean running = created && terminated == null && runStartedAt != null;
    boolean startupPassed = startup == null || Boolean.TRUE.equals(startup.passing());
    boolean ready = running && startupPassed && (readiness == null || Boolean.TRUE.equals(readiness.passing()));
    ContainerState state;
    String phase;
    if (!created) {
      state = new ContainerStateBuilder().withNewWaiting()
          .withReason(blockedReason == null ? "ContainerCreating" : blockedReason).withMessage(blockedMessage)
          .endWaiting().build();
      phase = "Pending";
    } else if (terminated != null && finished) {
      state = terminated;
      phase = terminated.getTerminated().getExitCode() == 0 ? "Succeeded" : "Failed";
    } else if (terminated != null) {
      state = new ContainerStateBuilder().withNewWaiting().withReason("CrashLoopBackOff")
          .withMessage("back-off restarting failed container " + container.getName() + " in pod " + name
              + (blockedMessage != null ? ": " + blockedMessage : ""))
          .endWaiting().build();
      phase = "Running";
    } else if (running) {
      state = new ContainerStateBuilder().withNewRunning().withStartedAt(Timestamps.time(runStartedAt))
          .endRunning().build();
      phase = "Running";
    } else {
      state = new ContainerStateBuilder().withNewWaiting().withReason("ContainerCreating").endWaiting().build();
      phase = "Pending";
    }
    return new PodStatusComposer.Facts(phase, scheduled, scheduled ? null : blockedMessage, created ? podIp : null,
        startTime, container.getName(), container.getImage(), containerId, ready, running && startupPassed,
        restartCount, blockedReason != null && !scheduled ? null : state,
        terminated != null && !finished ? terminated : lastTerminated);
  }

  private void deleteFromApi() {
    try {
      node.client().pods().inNamespace(namespace).withName(name).withGracePeriod(0).delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  /** The log outlives the container: {@code <container>.<pod uid>.log} in the node's archive. */
  private void keepLog() {
    try {
      Files.createDirectories(node.logArchive());
      Files.writeString(node.logArchive().resolve(containerName + "." + uid + ".log"),
          node.podman().logs(containerName, null));
    } catch (IOException | RuntimeException e) {
      // A lost log must not keep the pod's container around.
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Leftover scratch files are harmless; the state folder is the test's to remove.
    }
  }
}
