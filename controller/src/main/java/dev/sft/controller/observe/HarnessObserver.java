package dev.sft.controller.observe;

import dev.sft.contract.Report;
import dev.sft.contract.TerminationMessage;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Observes one harness Job and, once it has finished, reads the verdicts its container left in the termination
 * message (the compact report of {@link TerminationMessage}). Reads only.
 */
@ApplicationScoped
public class HarnessObserver {

  public enum State { ABSENT, ACTIVE, SUCCEEDED, FAILED }

  /**
   * @param report the decoded termination message, or null
   * @param problem why there is no report, or why the Job failed, or null
   * @param start while ACTIVE: why its pod does not start, or null
   * @param running while ACTIVE: whether its pod runs
   */
  public record Observation(State state, Integer exitCode, Report report, String problem,
      StartProblems.Problem start, boolean running) {
    Observation(State state, Integer exitCode, Report report, String problem) {
      this(state, exitCode, report, problem, null, false);
    }
  }

  private final KubernetesClient client;
  private final StartProblems startProblems;

  public HarnessObserver(KubernetesClient client, StartProblems startProblems) {
    this.client = client;
    this.startProblems = startProblems;
  }

  public Observation observe(SchedulerFailureTest test, String jobName) {
    String namespace = test.getMetadata().getNamespace();
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get();
    if (job == null) {
      return new Observation(State.ABSENT, null, null, null);
    }
    State state = state(job);
    List<Pod> pods = client.pods().inNamespace(namespace).withLabel(Names.HARNESS_JOB_LABEL, jobName).list()
        .getItems();
    if (state == State.ACTIVE) {
      boolean running = pods.stream().anyMatch(p -> p.getStatus() != null && "Running".equals(p.getStatus().getPhase()));
      return new Observation(State.ACTIVE, null, null, null,
          running ? null : startProblems.of(job, Map.of(Names.HARNESS_JOB_LABEL, jobName)), running);
    }
    // Kubernetes' own account of the death (deadline, eviction, OOM kill) first, then what the harness left.
    String fate = HarnessPodFate.describe(job, pods);
    String jobProblem = state == State.FAILED ? join(fate, failureOf(job)) : fate;
    Optional<ContainerStateTerminated> terminated = pods.stream()
        .map(pod -> Optional.ofNullable(HarnessPodFate.harnessTermination(pod)))
        .flatMap(Optional::stream)
        .max(Comparator.comparing(t -> t.getFinishedAt() == null ? "" : t.getFinishedAt()));
    if (terminated.isEmpty()) {
      return new Observation(state, null, null, join(jobProblem, "no terminated harness pod found"));
    }
    Integer exitCode = terminated.get().getExitCode();
    String message = terminated.get().getMessage();
    if (message == null || message.isBlank()) {
      return new Observation(state, exitCode, null, join(jobProblem, "the harness left no termination message"));
    }
    try {
      return new Observation(state, exitCode, TerminationMessage.decode(message), jobProblem);
    } catch (Exception e) {
      // With FallbackToLogsOnError the message is the log's tail, whose last lines say why the harness died.
      String tail = message.length() > 300 ? message.substring(message.length() - 300) : message;
      return new Observation(state, exitCode, null,
          join(jobProblem, "termination message is not an sft report: " + tail.strip()));
    }
  }

  private static State state(Job job) {
    var status = job.getStatus();
    if (status == null) {
      return State.ACTIVE;
    }
    if (status.getSucceeded() != null && status.getSucceeded() > 0) {
      return State.SUCCEEDED;
    }
    boolean failedCondition = status.getConditions() != null && status.getConditions().stream()
        .anyMatch(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()));
    if (failedCondition || (status.getFailed() != null && status.getFailed() > 0
        && (status.getActive() == null || status.getActive() == 0))) {
      return State.FAILED;
    }
    return State.ACTIVE;
  }

  private static String failureOf(Job job) {
    if (job.getStatus().getConditions() == null) {
      return "Job failed";
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()))
        .findFirst()
        .map(HarnessObserver::describe)
        .orElse("Job failed");
  }

  private static String describe(JobCondition c) {
    return "Job failed: " + c.getReason() + (c.getMessage() == null ? "" : " (" + c.getMessage() + ")");
  }

  private static String join(String a, String b) {
    return a == null ? b : b == null ? a : a + "; " + b;
  }
}
