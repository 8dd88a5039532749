package dev.sft.harness.k8s;

import dev.sft.contract.BuildComparison;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of a {@code SchedulerFailureTest} the CLI reads, from its JSON: the controller's model stays in the
 * controller's module (one deployable per module), and these names are its status contract (docs/operator.md), which
 * is extended, never renamed.
 */
public final class TestView {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final JsonNode resource;
  /** The spec the current run executes ({@code status.runSpec}), else the live spec. */
  private final JsonNode runSpec;

  public TestView(JsonNode resource) {
    this.resource = resource;
    this.runSpec = runSpecOf(resource);
  }

  private static JsonNode runSpecOf(JsonNode resource) {
    String text = resource.path("status").path("runSpec").asText("");
    if (!text.isBlank()) {
      try {
        return JSON.readTree(text);
      } catch (IOException e) {
        // An unreadable runSpec is the controller's defect; the live spec still names the claim and image.
      }
    }
    return resource.path("spec");
  }

  public String name() {
    return resource.path("metadata").path("name").asText();
  }

  public String namespace() {
    return resource.path("metadata").path("namespace").asText();
  }

  public long generation() {
    return resource.path("metadata").path("generation").asLong(0);
  }

  private JsonNode status() {
    return resource.path("status");
  }

  /** Pending, Provisioning, Running, Succeeded, Failed; null before the controller wrote a status. */
  public String phase() {
    return text(status().path("phase"));
  }

  public boolean finished() {
    return "Succeeded".equals(phase()) || "Failed".equals(phase());
  }

  public String summary() {
    return text(status().path("summary"));
  }

  public String runId() {
    return text(status().path("runId"));
  }

  /** The generation the current (or last) run executes, or -1 before any run. */
  public long runGeneration() {
    return status().path("runGeneration").asLong(-1);
  }

  /** The latest generation the controller has seen, or -1 before it wrote a status. */
  public long observedGeneration() {
    return status().path("observedGeneration").asLong(-1);
  }

  public String message() {
    return text(status().path("message"));
  }

  public int known() {
    return status().path("known").asInt(0);
  }

  /** The condition of that type, or a missing node. */
  public JsonNode condition(String type) {
    for (JsonNode condition : status().path("conditions")) {
      if (type.equals(condition.path("type").asText())) {
        return condition;
      }
    }
    return MissingNode.getInstance();
  }

  /**
   * The folders of the current run on the claim: {@code <runId>}, and with {@code spec.compare} each build's own
   * ({@code <runId>-baseline}, {@code <runId>-candidate}) beside the comparison in {@code <runId>}.
   */
  public List<String> runFolders() {
    String runId = runId();
    boolean compares = harnessJobs().stream().anyMatch(j -> j.hasNonNull("build"));
    return compares ? List.of(runId, BuildComparison.buildRunId(runId, BuildComparison.BASELINE),
        BuildComparison.buildRunId(runId, BuildComparison.CANDIDATE)) : List.of(runId);
  }

  /** With {@code spec.compare}, once the run finished: the builds compared cell by cell; else a missing node. */
  public JsonNode comparison() {
    JsonNode comparison = status().path("comparison");
    return comparison.isNull() ? MissingNode.getInstance() : comparison;
  }

  public List<JsonNode> cells() {
    return list(status().path("cells"));
  }

  public List<JsonNode> harnessJobs() {
    return list(status().path("harnessJobs"));
  }

  public List<JsonNode> knownFindings() {
    return list(status().path("knownFindings"));
  }

  public List<JsonNode> history() {
    return list(status().path("history"));
  }

  /** Where every pod mounts the claim; the run's evidence is {@code <mountPath>/<runId>/}. */
  public String mountPath() {
    return text(runSpec.path("storage").path("mountPath"));
  }

  /**
   * The claim the run wrote to: {@code storage.existingClaim}, else the one the controller makes from the template,
   * {@code <name>-shared} (controller: {@code Names.generatedClaim}).
   */
  public String claim() {
    String existing = text(runSpec.path("storage").path("existingClaim"));
    return existing != null ? existing : name() + "-shared";
  }

  public String harnessImage() {
    return text(runSpec.path("harness").path("image"));
  }

  public String imagePullPolicy() {
    return text(runSpec.path("imagePullPolicy"));
  }

  public List<String> imagePullSecrets() {
    List<String> names = new ArrayList<>();
    for (JsonNode secret : runSpec.path("imagePullSecrets")) {
      String name = text(secret.path("name"));
      if (name != null) {
        names.add(name);
      }
    }
    return names;
  }

  /** {@code placement.nodeSelector}: a ReadWriteOnce claim mounts only on the node the test's pods are pinned to. */
  public Map<String, String> nodeSelector() {
    Map<String, String> selector = new LinkedHashMap<>();
    runSpec.path("placement").path("nodeSelector").fields()
        .forEachRemaining(e -> selector.put(e.getKey(), e.getValue().asText()));
    return selector;
  }

  /** {@code placement.tolerations}, as JSON objects. */
  public List<JsonNode> tolerations() {
    return list(runSpec.path("placement").path("tolerations"));
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> items = new ArrayList<>();
    array.forEach(items::add);
    return items;
  }

  /** The texts of a JSON array of strings. */
  static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  static String text(JsonNode node) {
    return node.isMissingNode() || node.isNull() || node.asText().isEmpty() ? null : node.asText();
  }
}
