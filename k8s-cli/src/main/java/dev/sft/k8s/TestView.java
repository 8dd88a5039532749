package dev.sft.k8s;

import dev.sft.api.Names;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.ComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.KnownFindingStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.contract.BuildComparison;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the CLI reads of a {@code SchedulerFailureTest}: the typed resource with the absences a fresh or hand-edited
 * one has (no status yet, empty fields) answered once, and the spec the current run executes rather than the live one.
 */
public final class TestView {

  private final SchedulerFailureTest resource;
  private final SchedulerFailureTestStatus status;
  /** The spec the current run executes ({@code status.runSpec}), else the live spec. */
  private final SchedulerFailureTestSpec runSpec;

  public TestView(SchedulerFailureTest resource) {
    this.resource = resource;
    this.status = resource.getStatus() != null ? resource.getStatus() : new SchedulerFailureTestStatus();
    this.runSpec = runSpecOf(resource, status);
  }

  private static SchedulerFailureTestSpec runSpecOf(SchedulerFailureTest resource, SchedulerFailureTestStatus status) {
    if (status.runSpec != null && !status.runSpec.isBlank()) {
      try {
        return KubeClients.SERIALIZATION.unmarshal(status.runSpec, SchedulerFailureTestSpec.class);
      } catch (RuntimeException e) {
        // An unreadable runSpec is the controller's defect; the live spec still names the claim and image.
      }
    }
    return resource.getSpec() != null ? resource.getSpec() : new SchedulerFailureTestSpec();
  }

  /** The resource as read, for printing it whole ({@code sft k8s status -o json}). */
  public SchedulerFailureTest resource() {
    return resource;
  }

  public String name() {
    return resource.getMetadata().getName();
  }

  public String namespace() {
    return resource.getMetadata().getNamespace();
  }

  public long generation() {
    return orDefault(resource.getMetadata().getGeneration(), 0L);
  }

  /** Null before the controller wrote a status. */
  public Phase phase() {
    return status.phase;
  }

  public boolean finished() {
    return status.phase != null && status.phase.finished();
  }

  public String summary() {
    return text(status.summary);
  }

  public String runId() {
    return text(status.runId);
  }

  /** The generation the current (or last) run executes, or -1 before any run. */
  public long runGeneration() {
    return orDefault(status.runGeneration, -1L);
  }

  /** The latest generation the controller has seen, or -1 before it wrote a status. */
  public long observedGeneration() {
    return orDefault(status.observedGeneration, -1L);
  }

  public String message() {
    return text(status.message);
  }

  public int known() {
    return orDefault(status.known, 0);
  }

  /** The condition of that type, if the controller set it. */
  public Optional<Condition> condition(String type) {
    return list(status.conditions).stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /** Whether the condition of that type has status {@code True} (and, when {@code reason} is not null, that reason). */
  public boolean conditionTrue(String type, String reason) {
    return condition(type).filter(c -> "True".equals(c.getStatus()))
        .filter(c -> reason == null || reason.equals(c.getReason())).isPresent();
  }

  /** The generation the condition of that type was set for, or -1 without one. */
  public long conditionGeneration(String type) {
    return condition(type).map(Condition::getObservedGeneration).orElse(-1L);
  }

  /**
   * The folders of the current run on the claim: {@code <runId>}, and with {@code spec.compare} each build's own
   * ({@code <runId>-baseline}, {@code <runId>-candidate}) beside the comparison in {@code <runId>}; with
   * {@code spec.parallelism} above 1, each cluster's share's ({@code <runId>-c<k>}), with its builds' beside it.
   */
  public List<String> runFolders() {
    String runId = runId();
    boolean compares = harnessJobs().stream().anyMatch(j -> j.build != null);
    List<String> roots = clusters().isEmpty() ? List.of(runId) : clusters().stream()
        .map(c -> dev.sft.contract.DriverRun.clusterRunId(runId, c.index)).toList();
    List<String> folders = new java.util.ArrayList<>();
    for (String root : roots) {
      folders.add(root);
      if (compares) {
        folders.add(BuildComparison.buildRunId(root, BuildComparison.BASELINE));
        folders.add(BuildComparison.buildRunId(root, BuildComparison.CANDIDATE));
      }
    }
    return folders;
  }

  /** With {@code spec.compare}, once the run finished: the builds compared cell by cell. */
  public Optional<ComparisonStatus> comparison() {
    return Optional.ofNullable(status.comparison);
  }

  public List<CellStatus> cells() {
    return list(status.cells);
  }

  public List<HarnessJob> harnessJobs() {
    return list(status.harnessJobs);
  }

  /** With {@code spec.parallelism} above 1: each cluster's counts; empty for one cluster. */
  public List<SchedulerFailureTestStatus.ClusterStatus> clusters() {
    return list(status.clusters);
  }

  public List<KnownFindingStatus> knownFindings() {
    return list(status.knownFindings);
  }

  public List<RunRecord> history() {
    return list(status.history);
  }

  /** Where every pod mounts the claim; the run's evidence is {@code <mountPath>/<runId>/}. */
  public String mountPath() {
    return text(runSpecPart(s -> s.storage, st -> st.mountPath));
  }

  /**
   * The claim the run wrote to: {@code storage.existingClaim}, else the one the controller makes from the template
   * ({@link Names#generatedClaim}).
   */
  public String claim() {
    String existing = text(runSpecPart(s -> s.storage, st -> st.existingClaim));
    return existing != null ? existing : Names.generatedClaim(resource);
  }

  public String harnessImage() {
    return text(runSpecPart(s -> s.harness, h -> h.image));
  }

  /** The pull policy's name, or null for Kubernetes' default. */
  public String imagePullPolicy() {
    return runSpec.imagePullPolicy == null ? null : runSpec.imagePullPolicy.name();
  }

  public List<String> imagePullSecrets() {
    return list(runSpec.imagePullSecrets).stream().map(LocalObjectReference::getName).map(TestView::text)
        .filter(Objects::nonNull).toList();
  }

  /** {@code placement.nodeSelector}: a ReadWriteOnce claim mounts only on the node the test's pods are pinned to. */
  public Map<String, String> nodeSelector() {
    Map<String, String> selector = runSpecPart(s -> s.placement, p -> p.nodeSelector);
    return selector == null ? Map.of() : selector;
  }

  public List<Toleration> tolerations() {
    return list(runSpecPart(s -> s.placement, p -> p.tolerations));
  }

  /** A field of a section of the run's spec, null when the section is absent. */
  private <S, T> T runSpecPart(Function<SchedulerFailureTestSpec, S> section, Function<S, T> field) {
    S part = section.apply(runSpec);
    return part == null ? null : field.apply(part);
  }

  private static <T> List<T> list(List<T> items) {
    return items == null ? List.of() : items;
  }

  private static <T> T orDefault(T value, T absent) {
    return value == null ? absent : value;
  }

  /** Null for an absent or empty text, as the controller never writes an empty one on purpose. */
  static String text(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
