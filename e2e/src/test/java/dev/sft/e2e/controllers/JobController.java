package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulated Job controller (NonIndexed Jobs): keeps up to {@code parallelism} pods running until
 * {@code completions} succeeded; counts failed pods and gives up past {@code backoffLimit} (a new pod after each
 * failure, after Kubernetes' back-off of 10 s doubling); past {@code activeDeadlineSeconds} it deletes the active
 * pods and fails the Job. Conditions as Kubernetes 1.33 sets them: SuccessCriteriaMet + Complete, or FailureTarget
 * + Failed (reasons BackoffLimitExceeded, DeadlineExceeded). Finished pods stay, as they do in Kubernetes. Not
 * simulated: suspend, indexed completion, pod failure policies, ttlSecondsAfterFinished.
 */
public final class JobController {
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private final KubernetesClient client;
  private final SecureRandom random = new SecureRandom();
  private final EventWriter events;
  private final CreateBackoff createBackoff = new CreateBackoff();

  public JobController(KubernetesClient client) {
    this.client = client;
    this.events = new EventWriter(client, "job-controller");
  }

  public void sync() {
    List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
    for (Job job : client.batch().v1().jobs().inAnyNamespace().list().getItems()) {
      if (!Selectors.terminating(job) && !finished(job)) {
        reconcile(job, pods.stream().filter(p -> Selectors.controlledBy(p, job)).toList());
      }
    }
  }

  public static boolean finished(Job job) {
    return job.getStatus() != null && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream().anyMatch(c -> ("Complete".equals(c.getType())
            || "Failed".equals(c.getType())) && "True".equals(c.getStatus()));
  }

  private void reconcile(Job job, List<Pod> owned) {
    Instant now = Instant.now();
    JobStatus old = job.getStatus();
    String startTime = old != null && old.getStartTime() != null ? old.getStartTime() : Timestamps.time(now);
    List<Pod> active = owned.stream().filter(p -> !Selectors.finished(p) && !Selectors.terminating(p)).toList();
    int succeeded = (int) owned.stream().filter(p -> "Succeeded".equals(Selectors.phase(p))).count();
    int failed = (int) owned.stream().filter(p -> "Failed".equals(Selectors.phase(p))).count();
    int completions = job.getSpec().getCompletions() == null ? 1 : job.getSpec().getCompletions();
    int parallelism = job.getSpec().getParallelism() == null ? 1 : job.getSpec().getParallelism();
    int backoffLimit = job.getSpec().getBackoffLimit() == null ? 6 : job.getSpec().getBackoffLimit();
    Long deadline = job.getSpec().getActiveDeadlineSeconds();

    List<JobCondition> conditions = new ArrayList<>();
    String completionTime = null;
    if (succeeded >= completions) {
      String message = "Reached expected number of succeeded pods";
      conditions.add(condition("SuccessCriteriaMet", "CompletionsReached", message));
      conditions.add(condition("Complete", "CompletionsReached", message));
      completionTime = Timestamps.time(now);
    } else if (failed > backoffLimit) {
      fail(conditions, active, "BackoffLimitExceeded", "Job has reached the specified backoff limit");
    } else if (deadline != null && now.isAfter(Instant.parse(startTime).plusSeconds(deadline))) {
      fail(conditions, active, "DeadlineExceeded", "Job was active longer than specified deadline");
    } else {
      int wanted = Math.min(parallelism, completions - succeeded) - active.size();
      if (wanted > 0 && backoffElapsed(owned, failed, now)
          && createBackoff.mayTry(job.getMetadata().getUid(), job.getMetadata().getGeneration(), now)) {
        int created = 0;
        while (created < wanted && create(job)) { // a refused create ends this round
          created++;
        }
      }
    }
    int activeCount = conditions.isEmpty() ? active.size() : 0;
    JobStatus status = new JobStatusBuilder().withStartTime(startTime).withCompletionTime(completionTime)
        .withActive(activeCount == 0 ? null : activeCount)
        .withReady((int) active.stream().filter(Selectors::ready).count())
        .withSucceeded(succeeded == 0 ? null : succeeded).withFailed(failed == 0 ? null : failed)
        .withTerminating(0).withConditions(conditions.isEmpty() ? null : conditions).build();
    if (status.equals(old)) {
      return;
    }
    job.setStatus(status);
    try {
      client.batch().v1().jobs().inNamespace(job.getMetadata().getNamespace()).resource(job).updateStatus();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
    }
  }

  private void fail(List<JobCondition> conditions, List<Pod> active, String reason, String message) {
    for (Pod pod : active) {
      client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).delete();
    }
    conditions.add(condition("FailureTarget", reason, message));
    conditions.add(condition("Failed", reason, message));
  }

  /** After the n-th failed pod, the next one waits 10 s * 2^(n-1), at most 6 minutes. */
  private static boolean backoffElapsed(List<Pod> owned, int failed, Instant now) {
    if (failed == 0) {
      return true;
    }
    Instant lastFailure = owned.stream().filter(p -> "Failed".equals(Selectors.phase(p)))
        .map(JobController::finishedAt).max(Instant::compareTo).orElse(Instant.EPOCH);
    long delay = Math.min(360, 10L << Math.min(failed - 1, 6));
    return !now.isBefore(lastFailure.plusSeconds(delay));
  }

  private static Instant finishedAt(Pod pod) {
    var statuses = pod.getStatus().getContainerStatuses();
    if (statuses != null && !statuses.isEmpty() && statuses.get(0).getState().getTerminated() != null
        && statuses.get(0).getState().getTerminated().getFinishedAt() != null) {
      return Instant.parse(statuses.get(0).getState().getTerminated().getFinishedAt());
    }
    return Instant.EPOCH;
  }

  private static JobCondition condition(String type, String reason, String message) {
    String now = Timestamps.time(Instant.now());
    return new JobConditionBuilder().withType(type).withStatus("True").withReason(reason).withMessage(message)
        .withLastProbeTime(now).withLastTransitionTime(now).build();
  }

  /** @return whether the pod was created; a refusal is a FailedCreate Event on the Job and a back-off. */
  private boolean create(Job job) {
    String jobName = job.getMetadata().getName();
    Map<String, String> labels = new LinkedHashMap<>();
    var template = job.getSpec().getTemplate();
    if (template.getMetadata() != null && template.getMetadata().getLabels() != null) {
      labels.putAll(template.getMetadata().getLabels());
    }
    labels.put("batch.kubernetes.io/controller-uid", job.getMetadata().getUid());
    labels.put("batch.kubernetes.io/job-name", jobName);
    labels.put("controller-uid", job.getMetadata().getUid());
    labels.put("job-name", jobName);
    Pod pod = new PodBuilder()
        .withNewMetadata().withName(jobName + "-" + suffix()).withNamespace(job.getMetadata().getNamespace())
          .withLabels(labels).withAnnotations(template.getMetadata() == null ? null
              : template.getMetadata().getAnnotations())
          .withOwnerReferences(Selectors.controllerRef(job))
        .endMetadata()
        .withSpec(template.getSpec())
        .build();
    try {
      client.pods().inNamespace(job.getMetadata().getNamespace()).resource(pod).create();
    } catch (KubernetesClientException e) {
      createBackoff.failed(job.getMetadata().getUid(), job.getMetadata().getGeneration(), Instant.now());
      events.warning(job, "FailedCreate", "Error creating: " + ApiErrors.message(e));
      return false;
    }
    createBackoff.succeeded(job.getMetadata().getUid());
    events.normal(job, "SuccessfulCreate", "Created pod: " + pod.getMetadata().getName());
    return true;
  }

  private String suffix() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return out.toString();
  }
}
