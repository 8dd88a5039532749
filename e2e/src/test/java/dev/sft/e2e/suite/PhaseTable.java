package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the time of one run on Kubernetes went, read from the objects it left (a retained cluster): each step's
 * instant, from the apply on, as the API server and the kubelet recorded them (whole seconds), and the harness's own
 * progress lines ({@code [sft 12.3s] ...}, counted from its JVM's start) placed on its container's start. A phase is
 * the time from the step before it.
 */
final class PhaseTable {
  private static final Pattern PROGRESS = Pattern.compile("^\\[sft +([0-9.]+)s] (.*)$");

  /** One step of the run and when it happened. */
  record Step(String name, Instant at) {}

  private final List<Step> steps;

  private PhaseTable(List<Step> steps) {
    this.steps = steps;
  }

  List<Step> steps() {
    return steps;
  }

  /**
   * @param applied when {@code kubectl apply} returned
   * @param test the test as it ended
   * @param pods its pods (master, workers, storage check, harness), retained
   * @param jobs its Jobs
   * @param harnessLogs each harness Job's container log, by Job name
   */
  static PhaseTable of(Instant applied, JsonNode test, List<JsonNode> pods, List<JsonNode> jobs,
      Map<String, String> harnessLogs) {
    List<Step> steps = new ArrayList<>();
    steps.add(new Step("kubectl apply", applied));
    JsonNode status = test.path("status");
    String name = test.path("metadata").path("name").asText();
    job(jobs, name + "-r1-storage").ifPresent(storage -> {
      add(steps, "storage check Job created", storage.path("metadata").path("creationTimestamp"));
      add(steps, "storage check Job complete", storage.path("status").path("completionTime"));
    });
    add(steps, "master container started", latestStarted(pods, "master"));
    add(steps, "master pod Ready", latestReady(pods, "master"));
    add(steps, "worker containers started (last)", latestStarted(pods, "worker"));
    add(steps, "worker pods Ready (last)", latestReady(pods, "worker"));
    add(steps, "controller: workers ALIVE (ClusterReady)", status.path("clusterReadyTime"));
    for (JsonNode harnessJob : status.path("harnessJobs")) {
      String jobName = harnessJob.path("name").asText();
      String label = "harness Job " + jobName.substring(jobName.lastIndexOf('-') + 1) + ": ";
      add(steps, label + "created", harnessJob.path("startTime"));
      Optional<JsonNode> pod = pods.stream()
          .filter(p -> jobName.equals(p.path("metadata").path("labels").path("job-name").asText())).findFirst();
      pod.ifPresent(p -> add(steps, label + "pod scheduled", condition(p, "PodScheduled")));
      JsonNode container = pod.map(p -> p.path("status").path("containerStatuses").path(0)).orElse(null);
      JsonNode started = container == null ? null : container.path("state").path("terminated").path("startedAt");
      if (started != null && started.isTextual()) {
        Instant jvm = Instant.parse(started.asText());
        add(steps, label + "container started (JVM)", started);
        progress(harnessLogs.getOrDefault(jobName, ""), jvm).forEach((what, at) -> steps.add(
            new Step(label + what, at)));
        add(steps, label + "container ended (report written)", container.path("state").path("terminated")
            .path("finishedAt"));
      }
      job(jobs, jobName).ifPresent(j -> add(steps, label + "Job complete", j.path("status").path("completionTime")));
      add(steps, label + "controller recorded it", harnessJob.path("completionTime"));
    }
    add(steps, "verdict (phase " + status.path("phase").asText() + ")", status.path("completionTime"));
    steps.sort(Comparator.comparing(Step::at));
    return new PhaseTable(steps);
  }

  /**
   * The harness's milestones from its progress lines: executors registered, the preflight passed, the first scenario
   * started, the report written.
   */
  static Map<String, Instant> progress(String log, Instant jvmStart) {
    Map<String, Instant> milestones = new LinkedHashMap<>();
    for (String line : log.lines().toList()) {
      Matcher m = PROGRESS.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      Instant at = jvmStart.plusMillis(Math.round(Double.parseDouble(m.group(1)) * 1000));
      String text = m.group(2);
      if (text.startsWith("preflight: executors registered")) {
        milestones.putIfAbsent("executors registered", at);
      } else if (text.startsWith("preflight passed")) {
        milestones.putIfAbsent("preflight passed", at);
      } else if (text.matches("^[a-z-]+ [a-z-]+ #\\d+.*") && !milestones.containsKey("first scenario started")) {
        milestones.put("first scenario started", at);
      } else if (text.startsWith("report written")) {
        milestones.putIfAbsent("report written", at);
      }
    }
    return milestones;
  }

  /** The table: each step, its instant from the apply, and the phase since the step before. */
  String render() {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-58s %8s %8s%n", "STEP", "AT", "PHASE"));
    Instant start = steps.get(0).at();
    Instant previous = start;
    for (Step step : steps) {
      out.append(String.format(Locale.ROOT, "%-58s %7.1fs %7.1fs%n", step.name(), seconds(start, step.at()),
          seconds(previous, step.at())));
      previous = step.at();
    }
    return out.toString();
  }

  private static double seconds(Instant from, Instant to) {
    return Duration.between(from, to).toMillis() / 1000.0;
  }

  private static Optional<JsonNode> job(List<JsonNode> jobs, String name) {
    return jobs.stream().filter(j -> name.equals(j.path("metadata").path("name").asText())).findFirst();
  }

  private static JsonNode latestReady(List<JsonNode> pods, String component) {
    return latest(pods, component, p -> condition(p, "Ready"));
  }

  /** When the last of the component's pods started its container (it still runs at the end of a retained run). */
  private static JsonNode latestStarted(List<JsonNode> pods, String component) {
    return latest(pods, component,
        p -> p.path("status").path("containerStatuses").path(0).path("state").path("running").path("startedAt"));
  }

  /** The latest of one instant of each of the component's pods that has it. */
  private static JsonNode latest(List<JsonNode> pods, String component,
      java.util.function.Function<JsonNode, JsonNode> instant) {
    return pods.stream()
        .filter(p -> component.equals(p.path("metadata").path("labels").path("sft.dev/component").asText()))
        .map(instant).filter(t -> t != null && t.isTextual())
        .max(Comparator.comparing(t -> Instant.parse(t.asText()))).orElse(null);
  }

  /** The lastTransitionTime of the pod's condition of that type, when it is True. */
  private static JsonNode condition(JsonNode pod, String type) {
    for (JsonNode condition : pod.path("status").path("conditions")) {
      if (type.equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText())) {
        return condition.path("lastTransitionTime");
      }
    }
    return null;
  }

  private static void add(List<Step> steps, String name, JsonNode instant) {
    if (instant != null && instant.isTextual() && !instant.asText().isBlank()) {
      steps.add(new Step(name, Instant.parse(instant.asText())));
    }
  }
}
