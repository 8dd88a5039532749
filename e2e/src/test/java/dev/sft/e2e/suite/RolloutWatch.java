package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Watches, by sampling pods and Jobs together once a second, that a harness Job never runs while the cluster is
 * still rolling: every sample that shows the Job unfinished must show only pods of the new image, all Ready.
 * Comparing the two lists of one sample needs no clocks (API timestamps have one-second resolution).
 */
final class RolloutWatch implements AutoCloseable {
  private final List<String> violations = new ArrayList<>();
  private final List<String> samplesWithJob = new ArrayList<>();
  private final Sampler sampler;

  RolloutWatch(Kubectl kubectl, String namespace, Supplier<List<JsonNode>> sparkPods, String jobName,
      String newImage, int expectedPods) {
    sampler = new Sampler("rollout-watch-" + jobName, () -> {
      List<JsonNode> pods = sparkPods.get();
      JsonNode job = kubectl.find(namespace, "job", jobName);
      if (job != null && !finished(job)) {
        String seen = describe(pods);
        long rolled = pods.stream().filter(p -> newImage.equals(image(p)) && ready(p)).count();
        synchronized (this) {
          samplesWithJob.add(seen);
          if (rolled != expectedPods || pods.size() != expectedPods) {
            violations.add("Job " + jobName + " existed while the pods were " + seen);
          }
        }
      }
    });
  }

  synchronized List<String> violations() {
    return new ArrayList<>(violations);
  }

  synchronized int samplesWithJob() {
    return samplesWithJob.size();
  }

  private static String describe(List<JsonNode> pods) {
    return pods.stream().map(p -> p.path("metadata").path("name").asText() + "(" + image(p) + (ready(p) ? ", Ready)"
        : ", not Ready)")).toList().toString();
  }

  static String image(JsonNode pod) {
    return pod.path("spec").path("containers").get(0).path("image").asText();
  }

  /** A finished Job no longer needs the cluster: the default cleanup may then delete the pods. */
  private static boolean finished(JsonNode job) {
    for (JsonNode condition : job.path("status").path("conditions")) {
      String type = condition.path("type").asText();
      if (("Complete".equals(type) || "Failed".equals(type)) && "True".equals(condition.path("status").asText())) {
        return true;
      }
    }
    return false;
  }

  private static boolean ready(JsonNode pod) {
    for (JsonNode condition : pod.path("status").path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        return "True".equals(condition.path("status").asText());
      }
    }
    return false;
  }

  @Override
  public void close() {
    sampler.close();
  }
}
