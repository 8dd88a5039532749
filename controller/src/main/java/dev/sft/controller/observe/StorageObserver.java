package dev.sft.controller.observe;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import dev.sft.controller.owned.SharedClaim;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Observes the shared volume of a run: whether its claim is bound, and what the run's storage check
 * ({@code StorageCheckJobManifest}) found. A claim that stays {@code Pending} is reported with its storage class
 * and the provisioner's latest Event, since that, not the workers, is what keeps the cluster from starting. Reads
 * only.
 */
@ApplicationScoped
public class StorageObserver {
  /** Where the per-driver fixes are documented. */
  public static final String FIX_DOCS = "docs/operations.md, \"Shared storage\"";

  public enum State { WRITABLE, CHECKING, CLAIM_PENDING, NOT_WRITABLE }

  public record Observation(State state, String message) {}

  private final KubernetesClient client;
  private final ObjectEvents events;

  public StorageObserver(KubernetesClient client, ObjectEvents events) {
    this.client = client;
    this.events = events;
  }

  public Observation observe(SchedulerFailureTest test, ResolvedSpec spec, String checkJobName) {
    String namespace = test.getMetadata().getNamespace();
    Job check = client.batch().v1().jobs().inNamespace(namespace).withName(checkJobName).get();
    if (check != null && check.getStatus() != null && count(check.getStatus().getSucceeded()) > 0) {
      return new Observation(State.WRITABLE, "shared volume writable at " + spec.mountPath());
    }
    String claimName = SharedClaim.claimName(test, spec);
    PersistentVolumeClaim claim = client.persistentVolumeClaims().inNamespace(namespace).withName(claimName).get();
    if (claim == null) {
      return new Observation(State.CLAIM_PENDING, "claim " + claimName + " does not exist"
          + (spec.createsClaim() ? " yet" : ": spec.storage.existingClaim must name a claim in " + namespace));
    }
    if (claim.getStatus() == null || "Pending".equals(claim.getStatus().getPhase())) {
      return new Observation(State.CLAIM_PENDING, pending(claim));
    }
    String output = check != null && failed(check) ? checkOutput(namespace, checkJobName) : null;
    if (output != null) {
      return new Observation(State.NOT_WRITABLE, "the pods' user cannot write the shared volume (claim "
          + claimName + ", mounted at " + spec.mountPath() + "): " + output
          + "; the fix depends on the volume's driver: " + FIX_DOCS);
    }
    return new Observation(State.CHECKING, "checking that the shared volume is writable (Job " + checkJobName
        + (check != null && failed(check) ? " failed before its check ran: " + failure(check) : "") + ")");
  }

  private String pending(PersistentVolumeClaim claim) {
    String name = claim.getMetadata().getName();
    String storageClass = claim.getSpec() == null || claim.getSpec().getStorageClassName() == null
        ? "the default storage class" : "storage class " + claim.getSpec().getStorageClassName();
    String modes = claim.getSpec() == null ? "" : ", access modes " + claim.getSpec().getAccessModes();
    String event = events.latest(claim, null)
        .map(e -> e.getReason() + ": " + e.getMessage())
        .orElse("no Event from a provisioner yet");
    return "claim " + name + " is Pending (" + storageClass + modes + "): " + event;
  }

  /** The check's termination message, or null when no check container has terminated (it never ran). */
  private String checkOutput(String namespace, String jobName) {
    return client.pods().inNamespace(namespace).withLabel("job-name", jobName).list().getItems().stream()
        .flatMap(pod -> pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
            ? java.util.stream.Stream.empty() : pod.getStatus().getContainerStatuses().stream())
        .filter(s -> Names.STORAGE_CHECK_CONTAINER.equals(s.getName()) && s.getState() != null
            && s.getState().getTerminated() != null)
        .map(s -> s.getState().getTerminated())
        .map(StorageObserver::message)
        .findFirst()
        .orElse(null);
  }

  private static String failure(Job job) {
    return job.getStatus().getConditions() == null ? "no condition" : job.getStatus().getConditions().stream()
        .filter(c -> "Failed".equals(c.getType()))
        .map(c -> c.getReason() + (c.getMessage() == null ? "" : " (" + c.getMessage() + ")"))
        .findFirst().orElse("no Failed condition");
  }

  private static String message(ContainerStateTerminated terminated) {
    String message = terminated.getMessage();
    return message == null || message.isBlank() ? "the check exited " + terminated.getExitCode() : message.strip();
  }

  private static boolean failed(Job job) {
    return job.getStatus() != null && (count(job.getStatus().getFailed()) > 0
        || (job.getStatus().getConditions() != null && job.getStatus().getConditions().stream()
            .anyMatch(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()))));
  }

  private static int count(Integer value) {
    return value == null ? 0 : value;
  }
}
