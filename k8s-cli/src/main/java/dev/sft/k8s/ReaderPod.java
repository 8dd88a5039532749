package dev.sft.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A short-lived pod that mounts a test's claim read-only, so the CLI can copy evidence off it; it owns the pod's
 * whole life. It runs the test's harness image as the test's pods' user, meets the Pod Security Standard
 * {@code restricted}, runs on the node a ReadWriteOnce claim is attached to, and is deleted by {@link #close} (also
 * from a shutdown hook on Ctrl-C). A pod orphaned by a
 * killed CLI ends itself: its command is a bounded {@code sleep} and it has an {@code activeDeadlineSeconds}.
 */
public final class ReaderPod implements AutoCloseable {
  public static final String CONTAINER = "reader";
  /** Its pods carry this label with the test's name; not {@code sft.dev/test}, which the controller's selectors use. */
  public static final String FETCH_LABEL = "sft.dev/fetch-of";
  public static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
  public static final String MANAGED_BY = "sft-cli";
  /** How long an orphaned reader pod lives at most. */
  static final long LIFETIME_SECONDS = 3600;
  private static final Duration POLL = Duration.ofMillis(500);
  /** How long {@link #close} waits for the deleted pod to go (its grace period, then the kubelet's unmount). */
  static final Duration GONE_BOUND = Duration.ofSeconds(60);
  /** Waiting reasons no wait mends; anything else (ImagePullBackOff too) may still heal within the bound. */
  private static final Set<String> HOPELESS = Set.of("InvalidImageName", "CreateContainerConfigError",
      "CreateContainerError", "ErrImageNeverPull");

  /** The pods' user and group ({@code sft.pods.run-as-user}/{@code -group}, 185 by default); null: the platform's. */
  public record Identity(Long user, Long group) {}

  private final KubernetesClient client;
  private final String namespace;
  private final String name;
  private final Thread deleteOnExit;
  private final AtomicBoolean deleted = new AtomicBoolean();

  private ReaderPod(KubernetesClient client, String namespace, String name) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
    this.deleteOnExit = new Thread(this::delete, "sft-reader-pod-delete");
  }

  public String name() {
    return name;
  }

  /** The pod for {@code test}'s claim, on any node: what {@link #create} submits. */
  public static Pod desired(TestView test, String name, Identity identity) {
    return desired(test, name, identity, null);
  }

  /**
   * The pod for {@code test}'s claim: what {@link #create} submits.
   *
   * @param node the node it must run on ({@link #nodeHoldingClaim}), or null for any
   */
  public static Pod desired(TestView test, String name, Identity identity, String node) {
    if (test.harnessImage() == null) {
      throw new K8sProblem("test " + test.name() + " names no harness image (spec.harness.image)");
    }
    if (test.mountPath() == null) {
      throw new K8sProblem("test " + test.name() + " names no storage.mountPath");
    }
    List<LocalObjectReference> pullSecrets = test.imagePullSecrets().stream()
        .map(LocalObjectReference::new).toList();
    Map<String, Quantity> resources = Map.of("cpu", new Quantity("100m"), "memory", new Quantity("64Mi"));
    return new PodBuilder()
        .withNewMetadata().withName(name).withNamespace(test.namespace())
          .addToLabels(FETCH_LABEL, test.name()).addToLabels(MANAGED_BY_LABEL, MANAGED_BY)
        .endMetadata()
        .withNewSpec()
          .withRestartPolicy("Never")
          .withActiveDeadlineSeconds(LIFETIME_SECONDS)
          // Deleted gracefully (never forced), so the object goes only once the kubelet has unmounted the claim;
          // sleep, its only process, ignores SIGTERM as PID 1, so one second is all the grace it takes.
          .withTerminationGracePeriodSeconds(1L)
          .withAffinity(node == null ? null : onNode(node))
          // It reads files only; no API access.
          .withAutomountServiceAccountToken(false)
          .withImagePullSecrets(pullSecrets)
          .withNodeSelector(test.nodeSelector().isEmpty() ? null : test.nodeSelector())
          .withTolerations(test.tolerations())
          .withNewSecurityContext()
            .withRunAsNonRoot(true)
            .withRunAsUser(identity.user())
            .withRunAsGroup(identity.group())
            // Group-readable evidence stays readable; a read-only mount is never chowned for it.
            .withFsGroup(identity.group())
            .withFsGroupChangePolicy("OnRootMismatch")
            .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
          .endSecurityContext()
          .addNewContainer()
            .withName(CONTAINER)
            .withImage(test.harnessImage())
            .withImagePullPolicy(test.imagePullPolicy())
            // The image's entrypoint is sft; this pod only has to stay up while tar runs through exec.
            .withCommand("sleep", String.valueOf(LIFETIME_SECONDS))
            .withNewSecurityContext()
              .withRunAsNonRoot(true)
              .withAllowPrivilegeEscalation(false)
              .withPrivileged(false)
              .withReadOnlyRootFilesystem(true)
              .withNewCapabilities().withDrop("ALL").endCapabilities()
              .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
            .endSecurityContext()
            .withNewResources().withRequests(resources).withLimits(resources).endResources()
            .addNewVolumeMount().withName("evidence").withMountPath(test.mountPath()).withReadOnly(true)
            .endVolumeMount()
          .endContainer()
          .addNewVolume().withName("evidence")
            .withNewPersistentVolumeClaim().withClaimName(test.claim()).withReadOnly(true).endPersistentVolumeClaim()
          .endVolume()
        .endSpec()
        .build();
  }

  /** A required node affinity on the node's name, as a DaemonSet's pods have (the hostname label may differ). */
  private static Affinity onNode(String node) {
    return new AffinityBuilder().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm().addNewMatchField().withKey("metadata.name").withOperator("In").withValues(node)
        .endMatchField().endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().build();
  }

  /**
   * The node a ReadWriteOnce claim is attached to, read from a pod that mounts it there (the test's master or a
   * worker of a retained cluster): a reader pod anywhere else would wait for the volume (Multi-Attach) until its
   * time-out. Null when the claim may be mounted on several nodes, no running pod mounts it, or this user may not read
   * the claim or list pods (then the pod goes anywhere, as before).
   */
  public static String nodeHoldingClaim(KubernetesClient client, String namespace, String claim) {
    try {
      PersistentVolumeClaim found = client.persistentVolumeClaims().inNamespace(namespace).withName(claim).get();
      List<String> modes = found == null || found.getSpec() == null || found.getSpec().getAccessModes() == null
          ? List.of() : found.getSpec().getAccessModes();
      if (modes.isEmpty() || modes.stream().anyMatch(m -> m.equals("ReadWriteMany") || m.equals("ReadOnlyMany"))) {
        return null;
      }
      return client.pods().inNamespace(namespace).list().getItems().stream()
          .filter(pod -> pod.getSpec() != null && pod.getSpec().getNodeName() != null)
          .filter(pod -> pod.getStatus() == null || !Set.of("Succeeded", "Failed").contains(pod.getStatus().getPhase()))
          .filter(pod -> pod.getSpec().getVolumes().stream().anyMatch(v -> v.getPersistentVolumeClaim() != null
              && claim.equals(v.getPersistentVolumeClaim().getClaimName())))
          .map(pod -> pod.getSpec().getNodeName())
          .findFirst().orElse(null);
    } catch (KubernetesClientException e) {
      return null;
    }
  }

  /** Creates the pod; from here on, {@link #close} (or the JVM's exit) deletes it. */
  public static ReaderPod create(KubernetesClient client, Pod pod) {
    String namespace = pod.getMetadata().getNamespace();
    ReaderPod reader = new ReaderPod(client, namespace, pod.getMetadata().getName());
    Runtime.getRuntime().addShutdownHook(reader.deleteOnExit);
    try {
      client.pods().inNamespace(namespace).resource(pod).create();
    } catch (KubernetesClientException e) {
      reader.close();
      throw TestLookup.describe(e, "create reader pod " + reader.name + " in namespace " + namespace,
          client.getMasterUrl().toString());
    }
    return reader;
  }

  /** Returns once the pod runs; a {@link K8sProblem} naming why not after {@code bound}, or at once if hopeless. */
  public void awaitRunning(Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    String why = "not scheduled yet";
    while (true) {
      Pod pod;
      try {
        pod = client.pods().inNamespace(namespace).withName(name).get();
      } catch (KubernetesClientException e) {
        throw TestLookup.describe(e, "get reader pod " + name, client.getMasterUrl().toString());
      }
      if (pod == null) {
        throw new K8sProblem("reader pod " + name + " disappeared before it ran");
      }
      String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
      ContainerStatus container = pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses().stream()
          .filter(c -> CONTAINER.equals(c.getName())).findFirst().orElse(null);
      if ("Running".equals(phase) && container != null && container.getState() != null
          && container.getState().getRunning() != null) {
        return;
      }
      if ("Failed".equals(phase) || "Succeeded".equals(phase)) {
        throw new K8sProblem("reader pod " + name + " ended (" + phase + ") before it ran: " + reason(pod, why));
      }
      why = reason(pod, why);
      if (container != null && container.getState() != null && container.getState().getWaiting() != null
          && HOPELESS.contains(container.getState().getWaiting().getReason())) {
        throw new K8sProblem("reader pod " + name + " cannot start: " + why);
      }
      if (System.nanoTime() >= deadline) {
        throw new K8sProblem("reader pod " + name + " did not run within " + RunWaiter.human(bound) + ": " + why);
      }
      Thread.sleep(POLL.toMillis());
    }
  }

  /** Kubernetes' own words for why the pod does not run yet: its container's waiting reason, or its scheduling. */
  static String reason(Pod pod, String previous) {
    if (pod.getStatus() == null) {
      return previous;
    }
    for (ContainerStatus container : pod.getStatus().getContainerStatuses()) {
      if (container.getState() != null && container.getState().getWaiting() != null
          && container.getState().getWaiting().getReason() != null) {
        String message = container.getState().getWaiting().getMessage();
        return "container " + container.getName() + " waiting: " + container.getState().getWaiting().getReason()
            + (message == null ? "" : ": " + message);
      }
      if (container.getState() != null && container.getState().getTerminated() != null) {
        return "container " + container.getName() + " terminated: "
            + container.getState().getTerminated().getReason();
      }
    }
    for (PodCondition condition : pod.getStatus().getConditions()) {
      if ("PodScheduled".equals(condition.getType()) && "False".equals(condition.getStatus())) {
        return "not scheduled: " + condition.getReason()
            + (condition.getMessage() == null ? "" : ": " + condition.getMessage());
      }
    }
    return "phase " + pod.getStatus().getPhase();
  }

  /**
   * Copies {@code <mountPath>/<runId>/} into {@code into/<runId>/} as a tar stream through exec (the image has
   * {@code tar}, docker/harness/Dockerfile checks it). Reads only: tar never writes to the claim.
   */
  public TarExtraction.Result copy(String mountPath, List<String> folders, Path into, Duration bound)
      throws InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("tar", "cf", "-", "-C", mountPath));
    if (folders.size() > 1) {
      // A comparison's folders appear one by one as its builds run: copy those there are so far.
      command.add("--ignore-failed-read");
    }
    command.addAll(folders);
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    TarExtraction.Result result;
    IOException unpacking = null;
    Integer exit;
    try (ExecWatch exec = client.pods().inNamespace(namespace).withName(name).inContainer(CONTAINER)
        .redirectingOutput().writingError(stderr).exec(command.toArray(String[]::new))) {
      InputStream tar = exec.getOutput();
      try {
        result = TarExtraction.extract(tar, into);
      } catch (IOException e) {
        result = null;
        unpacking = e;
      } finally {
        // The client asks the server for the next frame only when this stream is drained below its buffer or closed.
        // The tar reader stops at the archive's end without reading once more; when the stream fills its last frame
        // exactly (a size that is a multiple of 32 KiB) nothing asks, and the exit status would never arrive.
        closeQuietly(tar);
      }
      exit = exec.exitCode().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (KubernetesClientException e) {
      throw TestLookup.describe(e, "exec tar in reader pod " + name, client.getMasterUrl().toString());
    } catch (ExecutionException e) {
      throw new K8sProblem("tar in reader pod " + name + " failed: " + e.getCause().getMessage(), e);
    } catch (TimeoutException e) {
      throw new K8sProblem("tar in reader pod " + name + " did not finish within " + RunWaiter.human(bound));
    }
    if (unpacking != null && (exit == null || exit == 0)) {
      // A refused entry stops the reading, so the exec may close before its status arrives: the refusal is the news.
      throw new K8sProblem("cannot unpack the evidence into " + into + ": " + unpacking.getMessage(), unpacking);
    }
    String said = stderr.toString(StandardCharsets.UTF_8).strip();
    if (exit == null || exit != 0) {
      // No exit status: the exec connection closed before its status arrived; a failure too, never a copy.
      throw new K8sProblem(String.join(" ", command) + " in reader pod " + name
          + (exit == null ? " ended without an exit status" : " exited " + exit)
          + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse("")));
    }
    return result;
  }

  private static void closeQuietly(InputStream stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // Closing only lets the remaining frames through; the exit status says whether tar succeeded.
    }
  }

  /**
   * Deletes the pod and waits, at most {@link #GONE_BOUND}, until it is gone, so the claim is unmounted when the
   * command returns; idempotent, and never fails the command that used it.
   */
  @Override
  public void close() {
    delete();
    try {
      Runtime.getRuntime().removeShutdownHook(deleteOnExit);
    } catch (IllegalStateException shuttingDown) {
      // The hook is running or has run.
    }
    long deadline = System.nanoTime() + GONE_BOUND.toNanos();
    try {
      while (client.pods().inNamespace(namespace).withName(name).get() != null) {
        if (System.nanoTime() >= deadline) {
          System.err.println("sft k8s: reader pod " + name + " in namespace " + namespace + " is still terminating"
              + " after " + RunWaiter.human(GONE_BOUND) + " (kubectl get pod -n " + namespace + " " + name + ")");
          return;
        }
        Thread.sleep(POLL.toMillis());
      }
    } catch (KubernetesClientException e) {
      // The delete was accepted; whether it is gone yet is not worth failing the copy for.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void delete() {
    if (!deleted.compareAndSet(false, true)) {
      return;
    }
    try {
      client.pods().inNamespace(namespace).withName(name).delete();
    } catch (KubernetesClientException e) {
      System.err.println("sft k8s: could not delete reader pod " + name + " in namespace " + namespace + ": "
          + e.getMessage() + " (kubectl delete pod -n " + namespace + " " + name + ")");
    }
  }
}
