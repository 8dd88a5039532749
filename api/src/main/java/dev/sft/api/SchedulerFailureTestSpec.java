package dev.sft.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.sft.contract.WriterName;
import dev.sft.api.schema.AccessModeSchema;
import dev.sft.api.schema.ContainerResourcesSchema;
import dev.sft.api.schema.PullSecretSchema;
import dev.sft.api.schema.TolerationSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/**
 * What a test should run. Absent optional fields take the values in {@link SpecDefaults}; {@link ResolvedSpec} is
 * the view with defaults applied that the rest of the controller reads. Public fields: this is a plain data holder
 * that Jackson and the CRD generator read.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public class SchedulerFailureTestSpec {

  @JsonPropertyDescription("Scenarios to run, a subset of the harness scenarios. Omit for the reference suite's"
      + " four (all but executor-loss-after-handoff).")
  @Size(min = 1, max = SpecDefaults.SCENARIO_COUNT)
  @ValidationRule(value = SpecDefaults.SCENARIO_ID_RULE, message = "unknown scenario name")
  @ValidationRule(value = "self.all(s, self.exists_one(t, t == s))", message = "a scenario is listed twice")
  public List<@Size(max = SpecDefaults.SCENARIO_ID_MAX_LENGTH) String> scenarios;

  @JsonPropertyDescription("Write operations every scenario runs under: append (the reference), overwrite (dynamic "
      + "partition overwrite of a table with rows), the row-level commands delete, update and merge each as -cow "
      + "(copy-on-write), -mor (merge-on-read, format v2 position deletes) or -dv (merge-on-read, format v3 deletion "
      + "vectors), e.g. delete-cow; each also on a partitioned table with the suffix -partitioned. Omit for append "
      + "only.")
  @Size(min = 1, max = SpecDefaults.OPERATION_COUNT)
  @ValidationRule(value = SpecDefaults.OPERATION_ID_RULE, message = "unknown operation")
  @ValidationRule(value = "self.all(o, self.exists_one(t, t == o))", message = "an operation is listed twice")
  public List<@Size(max = SpecDefaults.OPERATION_ID_MAX_LENGTH) String> operations;

  @JsonPropertyDescription("Pinned interleavings: each holds its scenario's race one way every time, so a racy "
      + "finding reproduces on demand (loser-abort-interrupted: speculation-original-wins and "
      + "speculation-speculative-wins; shuffle-loss-old-attempt-first or shuffle-loss-new-attempt-first: "
      + "executor-loss-shuffle-loss). A pin's scenario must be selected, one pin per scenario; a pinned repetition is "
      + "labelled pinned and never counted with natural ones. Omit for natural runs.")
  @Size(min = 1, max = SpecDefaults.MAX_PINS)
  @ValidationRule(value = SpecDefaults.PIN_ID_RULE, message = "unknown pin")
  @ValidationRule(value = "self.all(p, self.exists_one(t, t == p))", message = "a pin is listed twice")
  public List<@Size(max = SpecDefaults.PIN_ID_MAX_LENGTH) String> pin;

  @JsonPropertyDescription("Also run, for each family of the selected scenarios, its write with no fault (the "
      + "family's table and plan, nothing held, nothing killed), repeat times like every cell, judged by the same "
      + "rules: each finding of a failure scenario is then counted by cause in those control runs (docs/harness.md, "
      + "Control cells).")
  @Default(SpecDefaults.CONTROL)
  public Boolean control;

  @JsonPropertyDescription("Repetitions of each scenario, for judging race stability.")
  @Default(SpecDefaults.REPEAT)
  @Min(SpecDefaults.MIN_REPEAT)
  @Max(SpecDefaults.MAX_REPEAT)
  public Integer repeat;

  @JsonPropertyDescription("Spark Standalone clusters to run this test on at once, each its own master and workers on "
      + "the shared claim: the repetitions of each cell are dealt out to them (a comparison keeps both builds of a "
      + "repetition on one cluster) and their results merged into one. At most spec.repeat, so that every cluster "
      + "runs some; the namespace's ResourceQuotas must leave room for all of them (docs/operator.md, Parallel "
      + "clusters).")
  @Default(SpecDefaults.PARALLELISM)
  @Min(SpecDefaults.MIN_PARALLELISM)
  @Max(SpecDefaults.MAX_PARALLELISM)
  public Integer parallelism;

  @JsonPropertyDescription("Soak until the first failure instead of a fixed spec.repeat: every cell once per round, "
      + "round after round, until a repetition is Failed or Unknown (a Known one goes on) or a bound is reached, as the "
      + "harness's --until-failure. With spec.parallelism the rounds are dealt out to the clusters in turn and the "
      + "first failure on any ends every cluster's soak at its next round (docs/operator.md, Soaks).")
  public Soak soak;

  @JsonPropertyDescription("Findings you have acknowledged, each traced to a tracked defect: a repetition whose every "
      + "failing check matches an entry is Known (never Passed), counted apart, and does not fail the run; an entry "
      + "that matches nothing is listed as stale in status.knownFindings (docs/harness.md, Known findings).")
  @Size(max = SpecDefaults.MAX_KNOWN_FINDINGS)
  public List<KnownFindingSpec> knownFindings;

  @JsonPropertyDescription("A Known repetition fails the run too, as the harness's --strict: for a pipeline that "
      + "must see every finding, acknowledged or not.")
  @Default(SpecDefaults.STRICT)
  public Boolean strict;

  @JsonPropertyDescription("Fail the run when a known finding matched nothing although it could have in at least "
      + "this many repetitions (of the cells its scenario, operation and writer select, that judged its rule), as the "
      + "harness's --fail-on-stale; 0 never. Judged on the whole run's status, once every Job finished.")
  @Default(SpecDefaults.FAIL_ON_STALE)
  @Min(0)
  @Max(SpecDefaults.MAX_FAIL_ON_STALE)
  public Integer failOnStale;

  @Required
  public Spark spark;

  @Required
  public Harness harness;

  @Required
  public Storage storage;

  public Placement placement;

  public Cleanup cleanup;

  @JsonPropertyDescription("Compare this test's build (spec.spark.image and spec.harness.image, the candidate) with a "
      + "baseline build under the same faults on the same claim: the baseline's harness Jobs run first, then the "
      + "cluster rolls to the candidate's image and its Jobs run. status.comparison says per cell regressed, fixed, "
      + "same or inconclusive; a regression fails the run (docs/operator.md, Comparing two builds).")
  public Compare compare;

  @JsonPropertyDescription("Secrets for pulling the Spark and harness images from a private registry; set on every "
      + "pod the controller creates and on the harness service account.")
  @Size(max = SpecDefaults.MAX_IMAGE_PULL_SECRETS)
  @SchemaFrom(type = PullSecretSchema[].class)
  public List<LocalObjectReference> imagePullSecrets;

  @JsonPropertyDescription("Pull policy of every container the controller creates: Always, IfNotPresent or Never. "
      + "Omit for Kubernetes' default (Always for a :latest or untagged image, else IfNotPresent).")
  public PullPolicy imagePullPolicy;

  @JsonPropertyDescription("Also start a run at each firing of this cron expression: five fields (minute hour "
      + "day-of-month month day-of-week) with *, lists, ranges, steps and names (JAN, MON), or @hourly, @daily, "
      + "@weekly, @monthly, @yearly; e.g. '0 3 * * *' for 03:00 every night in timeZone. A spec change still starts "
      + "a run at once. Omit for runs on spec changes only (docs/operator.md, Scheduled runs).")
  @Pattern(SpecDefaults.SCHEDULE_PATTERN)
  @Size(max = SpecDefaults.SCHEDULE_MAX_LENGTH)
  public String schedule;

  @JsonPropertyDescription("IANA time zone the schedule's wall-clock times are in, e.g. Europe/Berlin.")
  @Default(SpecDefaults.TIME_ZONE)
  @Pattern(SpecDefaults.TIME_ZONE_PATTERN)
  @Size(max = SpecDefaults.TIME_ZONE_MAX_LENGTH)
  public String timeZone;

  @JsonPropertyDescription("True stops new firings of the schedule; a run in progress continues. A firing missed "
      + "while suspended starts when resumed, bounded by startingDeadlineSeconds, as a CronJob's.")
  @Default(SpecDefaults.SUSPEND)
  public Boolean suspend;

  @JsonPropertyDescription("What a firing does while a run is in progress: Forbid (skip the firing) or Replace "
      + "(end the run in progress, its unfinished Jobs failed as replaced, and start a new one).")
  @Default(SpecDefaults.CONCURRENCY_POLICY)
  public ConcurrencyPolicy concurrencyPolicy;

  @JsonPropertyDescription("A firing missed (the controller was down, or the test suspended) starts late only "
      + "within this many seconds of its time; omit for no bound. Only the latest missed firing ever starts.")
  @Min(SpecDefaults.MIN_STARTING_DEADLINE_SECONDS)
  public Long startingDeadlineSeconds;

  @JsonPropertyDescription("How many earlier runs status.history keeps, by outcome. The evidence on the volume is "
      + "never deleted.")
  public History history;

  public enum ConcurrencyPolicy {
    /** A firing while a run is in progress is skipped. */
    Forbid,
    /** A firing while a run is in progress ends that run and starts a new one. */
    Replace
  }

  /** Two builds compared: the spec's images are the candidate's. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Compare {
    @JsonPropertyDescription("The build compared against.")
    @Required
    public BaselineBuild baseline;
  }

  /** The baseline build's images, as {@code spec.spark.image} and {@code spec.harness.image} name the candidate's. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class BaselineBuild {
    @JsonPropertyDescription("The baseline's image of the Spark pods, as spec.spark.image.")
    @Required
    @Pattern("^\\S+$")
    @Size(max = SpecDefaults.IMAGE_MAX_LENGTH)
    public String sparkImage;

    @JsonPropertyDescription("The baseline's image of the harness, as spec.harness.image.")
    @Required
    @Pattern("^\\S+$")
    @Size(max = SpecDefaults.IMAGE_MAX_LENGTH)
    public String harnessImage;
  }

  /** A soak's bounds ({@code spec.soak}). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Soak {
    @JsonPropertyDescription("The most rounds (repetitions of each cell) over all clusters: a soak on Kubernetes always "
        + "has a round bound, so its Jobs have a deadline and its status a total.")
    @Required
    @Min(SpecDefaults.MIN_SOAK_ROUNDS)
    @Max(SpecDefaults.MAX_SOAK_ROUNDS)
    public Integer maxRounds;

    @JsonPropertyDescription("Also start no round after this many seconds, counted per harness Job: with scenarios of "
        + "both speculation settings, each of the two Jobs of a cluster gets half.")
    @Min(SpecDefaults.MIN_SOAK_SECONDS)
    @Max(SpecDefaults.MAX_SOAK_SECONDS)
    public Integer maxSeconds;
  }

  /** Bounds of {@code status.history}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class History {
    @JsonPropertyDescription("Succeeded earlier runs kept in status.history.")
    @Default(SpecDefaults.HISTORY_SUCCEEDED)
    @Min(0)
    @Max(SpecDefaults.MAX_HISTORY)
    public Integer succeeded;

    @JsonPropertyDescription("Failed earlier runs kept in status.history.")
    @Default(SpecDefaults.HISTORY_FAILED)
    @Min(0)
    @Max(SpecDefaults.MAX_HISTORY)
    public Integer failed;
  }

  public enum PullPolicy {
    Always,
    IfNotPresent,
    Never
  }

  /** One acknowledged finding, as {@link dev.sft.contract.KnownFinding} reads it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class KnownFindingSpec {
    @JsonPropertyDescription("The failing check's rule, e.g. loser.no-files-left.")
    @Required
    @Pattern("^[a-z0-9][a-z0-9.-]*$")
    @Size(max = 100)
    public String rule;

    @JsonPropertyDescription("A scenario (speculation-original-wins) or a family of them (speculation, "
        + "executor-loss, control); omit for any.")
    @Size(max = SpecDefaults.SCENARIO_ID_MAX_LENGTH)
    public String scenario;

    @JsonPropertyDescription("An operation (merge-dv: both layouts) or write operation (merge-dv-partitioned); omit "
        + "for any.")
    @Size(max = SpecDefaults.OPERATION_ID_MAX_LENGTH)
    public String operation;

    @JsonPropertyDescription("Writer; omit for any.")
    public WriterName writer;

    @JsonPropertyDescription("Cause ids, e.g. loser-interrupted-abort: the entry matches a failed check only when "
        + "the check names causes and every one is listed here. Required for the rules that mean different defects "
        + "by cause (files.no-orphans, files.orphans-known-rejected, delete-files.accepted-not-superseded, "
        + "loser.no-files-left); omit for any on the others (docs/harness.md, Known findings).")
    @Size(min = 1, max = SpecDefaults.MAX_CAUSES)
    public List<@Size(max = SpecDefaults.CAUSE_ID_MAX_LENGTH) String> cause;

    @JsonPropertyDescription("A regular expression (Java syntax) found in the check's detail; omit for any.")
    @Size(max = 500)
    public String message;

    @JsonPropertyDescription("Where the finding is tracked: an http(s) URL.")
    @Required
    @Pattern("^https?://\\S+$")
    @Size(max = 500)
    public String reference;

    public dev.sft.contract.KnownFinding toContract() {
      return new dev.sft.contract.KnownFinding(rule, scenario, operation, writer == null ? null : writer.id(), cause,
          message, reference);
    }
  }

  /** The Spark Standalone cluster: one master and {@code workers} workers. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Spark {
    @JsonPropertyDescription("Image with Spark's jars in /opt/spark/jars (java on PATH).")
    @Required
    @Pattern("^\\S+$")
    @Size(max = SpecDefaults.IMAGE_MAX_LENGTH)
    public String image;

    @JsonPropertyDescription("Worker pods; each is a distinct host to the scheduler. At least 2.")
    @Default(SpecDefaults.WORKERS)
    @Min(SpecDefaults.MIN_WORKERS)
    @Max(SpecDefaults.MAX_WORKERS)
    public Integer workers;

    @JsonPropertyDescription("Cores each worker offers (--cores). At least 2.")
    @Default(SpecDefaults.CORES_PER_WORKER)
    @Min(SpecDefaults.MIN_CORES_PER_WORKER)
    public Integer coresPerWorker;

    @JsonPropertyDescription("Memory each worker offers to executors (--memory), Spark format, e.g. 2g or 1536m.")
    @Default(SpecDefaults.WORKER_MEMORY)
    @Pattern(SpecDefaults.SPARK_MEMORY_PATTERN)
    @Size(max = SpecDefaults.QUANTITY_MAX_LENGTH)
    public String memory;

    @JsonPropertyDescription("Container resources of each worker pod. A memory limit must hold the worker daemon "
        + "and the executors it may host, each with its overhead (docs/operator.md, \"Memory\").")
    @SchemaFrom(type = ContainerResourcesSchema.class)
    public ResourceRequirements resources;

    @JsonPropertyDescription("How long the cluster may take to report every worker ALIVE before the run fails.")
    @Default(SpecDefaults.READY_TIMEOUT_SECONDS)
    @Min(SpecDefaults.MIN_READY_TIMEOUT_SECONDS)
    public Integer readyTimeoutSeconds;
  }

  /** The harness driver (client-mode Spark driver) that runs the scenarios. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Harness {
    @JsonPropertyDescription("Image with the sft CLI at /opt/sft/bin/sft and Spark's jars.")
    @Required
    @Pattern("^\\S+$")
    @Size(max = SpecDefaults.IMAGE_MAX_LENGTH)
    public String image;

    @JsonPropertyDescription("Writer under test.")
    @Default(SpecDefaults.WRITER)
    public WriterName writer;

    @JsonPropertyDescription("Bound of every gate and wait in the harness, in seconds.")
    @Default(SpecDefaults.HARNESS_TIMEOUT_SECONDS)
    @Min(SpecDefaults.MIN_HARNESS_TIMEOUT_SECONDS)
    @Max(SpecDefaults.MAX_HARNESS_TIMEOUT_SECONDS)
    public Integer timeoutSeconds;

    @JsonPropertyDescription("spark.job.interruptOnCancel of the monitored writes: true (the default, as the "
        + "reference suite runs) also interrupts the threads of tasks cancelled with their job or stage. Spark "
        + "interrupts a killed speculative loser either way (docs/harness.md).")
    @Default(SpecDefaults.INTERRUPT_ON_CANCEL)
    public Boolean interruptOnCancel;

    @JsonPropertyDescription("Replaces the harness command, e.g. to host the upstream suite. The COMET_SCHEDULER_* "
        + "environment is still set; verdicts are read only from a termination message in sft's report format.")
    @Size(min = 1, max = SpecDefaults.MAX_COMMAND_ARGUMENTS)
    public List<@Size(max = SpecDefaults.COMMAND_ARGUMENT_MAX_LENGTH) String> command;

    @JsonPropertyDescription("Container resources of the harness (driver) pod.")
    @SchemaFrom(type = ContainerResourcesSchema.class)
    public ResourceRequirements resources;
  }

  /** The shared POSIX volume every pod mounts at the same path. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  @ValidationRule(value = "has(self.existingClaim) != has(self.claimTemplate)",
      message = "exactly one of existingClaim or claimTemplate must be set")
  public static class Storage {
    @JsonPropertyDescription("Where the shared volume is mounted in every pod; the harness's shared root.")
    @Required
    @Pattern(SpecDefaults.ABSOLUTE_PATH_PATTERN)
    @Size(max = SpecDefaults.MOUNT_PATH_MAX_LENGTH)
    public String mountPath;

    @JsonPropertyDescription("An existing claim to use (ReadWriteMany, or ReadWriteOnce on a one-node cluster). "
        + "Never deleted by the controller.")
    @Size(max = SpecDefaults.OBJECT_NAME_MAX_LENGTH)
    public String existingClaim;

    @JsonPropertyDescription("A claim the controller creates for this test.")
    public ClaimTemplate claimTemplate;
  }

  /** The claim the controller creates when no existing claim is named. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class ClaimTemplate {
    @JsonPropertyDescription("Storage class supporting the access modes (ReadWriteMany: e.g. NFS, "
        + "CephFS, EFS). Omit for the cluster's default.")
    @Size(max = SpecDefaults.OBJECT_NAME_MAX_LENGTH)
    public String storageClassName;

    @JsonPropertyDescription("Requested size, a Kubernetes quantity such as 10Gi.")
    @Required
    @Size(max = SpecDefaults.QUANTITY_MAX_LENGTH)
    public String size;

    @JsonPropertyDescription("Access modes of the claim. Omit for [ReadWriteMany]: every pod mounts it, on any node. "
        + "ReadWriteOnce binds only where all pods share one node: a one-node cluster (kind, minikube), or "
        + "workers pinned to one node.")
    @Size(min = 1, max = 2)
    @SchemaFrom(type = AccessModeSchema[].class)
    @ValidationRule(value = SpecDefaults.ACCESS_MODE_RULE,
        message = "access modes must be ReadWriteMany or ReadWriteOnce")
    @ValidationRule(value = "self.all(m, self.exists_one(n, n == m))", message = "an access mode is listed twice")
    public List<String> accessModes;
  }

  /** Where the pods may run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Placement {
    @JsonPropertyDescription("Labels a node must have for the test's pods to run on it.")
    @Size(max = SpecDefaults.MAX_NODE_SELECTOR)
    public Map<@Size(max = SpecDefaults.LABEL_KEY_MAX_LENGTH) String, @Size(max = SpecDefaults.LABEL_VALUE_MAX_LENGTH) String>
        nodeSelector;

    @JsonPropertyDescription("Taints the test's pods tolerate.")
    @Size(max = SpecDefaults.MAX_TOLERATIONS)
    @SchemaFrom(type = TolerationSchema[].class)
    public List<Toleration> tolerations;

    @JsonPropertyDescription("Spread workers over nodes: None, Preferred or Required.")
    @Default(SpecDefaults.WORKER_ANTI_AFFINITY)
    public WorkerAntiAffinity workerAntiAffinity;
  }

  public enum WorkerAntiAffinity {
    None,
    Preferred,
    Required
  }

  /** What to delete once a run has ended. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class Cleanup {
    @JsonPropertyDescription("On success: DeleteCluster (Spark cluster, Jobs, RBAC, NetworkPolicy; the volume "
        + "keeps the evidence), DeleteAll (also a claim created from claimTemplate) or Retain.")
    @Default(SpecDefaults.ON_SUCCESS)
    public CleanupPolicy onSuccess;

    @JsonPropertyDescription("On failure; same values as onSuccess.")
    @Default(SpecDefaults.ON_FAILURE)
    public CleanupPolicy onFailure;
  }

  public enum CleanupPolicy {
    /** Keep everything for inspection. */
    Retain,
    /** Delete the Spark cluster, the harness Jobs, RBAC and NetworkPolicy; keep the volume with the evidence. */
    DeleteCluster,
    /** Also delete a claim created from the claim template (never an existing claim). */
    DeleteAll
  }
}
