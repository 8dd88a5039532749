package dev.sft.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.sft.contract.Verdict;
import dev.sft.api.schema.ConditionSchema;
import io.fabric8.crd.generator.annotation.PrinterColumn;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The observed state of a test. This is a contract for GitOps health checks and {@code kubectl wait}: extend it,
 * never rename. {@code step} and {@code harnessJobs[].state} are the controller's write-ahead log: they are written
 * before the object they name is created or deleted, so a restarted controller resumes instead of repeating. Every
 * class of it (and of the spec, which the status keeps as {@code runSpec}) ignores fields it does not know, so a CLI
 * older than the controller still reads what it knows.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public class SchedulerFailureTestStatus {

  @PrinterColumn(name = "Phase")
  @JsonPropertyDescription("Pending, Provisioning, Running, Succeeded or Failed.")
  public Phase phase;

  @PrinterColumn(name = "Passed")
  @JsonPropertyDescription("Scenario repetitions that passed both verdicts, over the total, e.g. 3/4.")
  @Size(max = StatusBounds.WORD)
  public String summary;

  @PrinterColumn(name = "Last Result")
  @JsonPropertyDescription("Outcome of the latest finished run, Succeeded or Failed; kept while a newer run runs.")
  public Phase lastResult;

  @PrinterColumn(name = "Next Run")
  @JsonPropertyDescription("With spec.schedule: the next firing the controller waits for (RFC 3339). A firing is "
      + "handled once: started, skipped (Forbid) or missed (startingDeadlineSeconds), then this moves on.")
  @Size(max = StatusBounds.TIME)
  public String nextScheduleTime;

  @JsonPropertyDescription("With spec.schedule: the firing the latest scheduled run started for (RFC 3339).")
  @Size(max = StatusBounds.TIME)
  public String lastScheduleTime;

  @JsonPropertyDescription("The run's id; its evidence is under <mountPath>/<runId>/ on the shared volume.")
  @Size(max = StatusBounds.NAME)
  public String runId;

  @JsonPropertyDescription("How many runs this resource has started; numbers the harness Jobs.")
  public Integer runNumber;

  @JsonPropertyDescription("The metadata.generation the current (or last) run executes.")
  public Long runGeneration;

  @JsonPropertyDescription("The spec (JSON) the current run executes; a change made during a run waits for the next.")
  @Size(max = StatusBounds.RUN_SPEC)
  public String runSpec;

  @JsonPropertyDescription("The latest metadata.generation the controller has seen.")
  public Long observedGeneration;

  @JsonPropertyDescription("Write-ahead marker: the step the controller is performing (ApplyingCluster, "
      + "AwaitingCluster, RunningHarness, CleaningUp, Done).")
  public Step step;

  @Size(max = StatusBounds.TIME)
  public String startTime;
  @JsonPropertyDescription("When the cluster was last applied: at the run's start, and with spec.compare when it "
      + "rolled to the candidate's image. Its readiness time-out counts from here.")
  @Size(max = StatusBounds.TIME)
  public String clusterApplyTime;
  @Size(max = StatusBounds.TIME)
  public String clusterReadyTime;

  @JsonPropertyDescription("With spec.compare: the build whose images the cluster was last applied with, baseline or "
      + "candidate (write-ahead: recorded before the cluster rolls).")
  @Size(max = StatusBounds.BUILD)
  public String clusterBuild;
  @Size(max = StatusBounds.TIME)
  public String completionTime;

  @JsonPropertyDescription("Human-readable summary of the latest transition or failure.")
  @Size(max = StatusBounds.MESSAGE)
  public String message;

  @Size(max = StatusBounds.CONDITIONS)
  @SchemaFrom(type = ConditionSchema[].class)
  public List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription("The harness Jobs of the current run, in the order they run.")
  @Size(max = StatusBounds.HARNESS_JOBS)
  public List<HarnessJob> harnessJobs = new ArrayList<>();

  @JsonPropertyDescription("With spec.parallelism above 1: each Spark cluster of the current run, by index, with the "
      + "counts of the repetitions dealt to it; absent for one cluster.")
  @Size(max = SpecDefaults.MAX_PARALLELISM)
  public List<ClusterStatus> clusters;

  @JsonPropertyDescription("One summary per cell (scenario × operation) of the current run: how its repetitions "
      + "ended, its failure rate with a 95 % interval, and its latest failure. The repetitions themselves are in "
      + "<mountPath>/<runId>/report.json on the shared volume.")
  @Size(max = StatusBounds.CELLS)
  public List<CellStatus> cells = new ArrayList<>();

  @JsonPropertyDescription("Repetitions of the current run that passed both verdicts.")
  public Integer passed;
  @JsonPropertyDescription("Repetitions the current run is to run: every cell's repetitions.")
  public Integer total;

  @JsonPropertyDescription("Repetitions that failed only by acknowledged findings (spec.knownFindings): not passed, "
      + "and they do not fail the run.")
  public Integer known;

  @JsonPropertyDescription("Each spec.knownFindings entry of the current run and how many failing checks it matched "
      + "so far; once every Job finished, an entry that matched none is stale.")
  @Size(max = StatusBounds.KNOWN_FINDINGS)
  public List<KnownFindingStatus> knownFindings;

  @JsonPropertyDescription("With spec.compare: the two builds compared cell by cell, once the run has finished.")
  public ComparisonStatus comparison;

  @JsonPropertyDescription("Cleanup of the finished run: Retained, Pending or Done.")
  public Cleanup cleanup;

  @JsonPropertyDescription("Earlier runs, newest first, at most spec.history.succeeded Succeeded and "
      + "spec.history.failed Failed ones.")
  @Size(max = StatusBounds.HISTORY)
  public List<RunRecord> history = new ArrayList<>();

  @JsonPropertyDescription("The findings of the latest finished run by fingerprint (family/operation/writer/side/rule"
      + ":cause), and their trend from the run before: kept from run to run, replaced when a run finishes.")
  public FindingsStatus findings;

  public enum Phase {
    Pending,
    Provisioning,
    Running,
    Succeeded,
    Failed;

    public boolean finished() {
      return this == Succeeded || this == Failed;
    }
  }

  public enum Step {
    ApplyingCluster,
    AwaitingCluster,
    RunningHarness,
    CleaningUp,
    Done
  }

  /** Cleanup of a finished run by its policy. */
  public enum Cleanup {
    /** The policy keeps everything. */
    Retained,
    /** Recorded before the deletes (write-ahead). */
    Pending,
    /** Deleted by the policy. */
    Done
  }

  /** One known finding of the current run and how often it matched. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class KnownFindingStatus {
    @Size(max = StatusBounds.RULE)
    public String rule;
    @Size(max = StatusBounds.WORD)
    public String scenario;
    @Size(max = StatusBounds.WORD)
    public String operation;
    @Size(max = StatusBounds.CAUSES)
    public List<@Size(max = SpecDefaults.CAUSE_ID_MAX_LENGTH) String> cause;
    @Size(max = StatusBounds.REFERENCE)
    public String reference;
    public int matches;
    @JsonPropertyDescription("Repetitions the entry could have matched in: of the cells its scenario, operation and "
        + "writer select, those that judged its rule. A stale entry weighs as much as this count.")
    public int couldHaveMatched;
    @JsonPropertyDescription("True once every Job finished and the entry matched nothing: the defect may be fixed.")
    public Boolean stale;
  }

  /** Two builds compared, as {@code dev.sft.contract.BuildComparison} compares them. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class ComparisonStatus {
    @JsonPropertyDescription("The baseline's run id: its evidence and report.json are under <mountPath>/<id>/.")
    @Size(max = StatusBounds.NAME)
    public String baselineRunId;
    @JsonPropertyDescription("The candidate's run id, the same for its evidence; the comparison itself is in "
        + "<mountPath>/<runId>/comparison.json (and .xml, .html).")
    @Size(max = StatusBounds.NAME)
    public String candidateRunId;
    public int regressed;
    public int fixed;
    public int same;
    public int inconclusive;
    @JsonPropertyDescription("One entry per cell (scenario/operation).")
    @Size(max = StatusBounds.CELLS)
    public List<CellComparisonStatus> cells = new ArrayList<>();
  }

  /** One cell of two builds compared. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class CellComparisonStatus {
    @JsonPropertyDescription("scenario/operation, e.g. executor-loss-task-replacement/append; a pinned cell adds "
        + "its pin, e.g. executor-loss-shuffle-loss/append (pinned shuffle-loss-old-attempt-first).")
    @Size(max = StatusBounds.RULE)
    public String cell;
    @JsonPropertyDescription("The baseline's passed repetitions over its repetitions, e.g. 3/3.")
    @Size(max = StatusBounds.WORD)
    public String baseline;
    @Size(max = StatusBounds.WORD)
    public String candidate;
    @JsonPropertyDescription("regressed, fixed, same or inconclusive.")
    @Size(max = StatusBounds.WORD)
    public String change;
    @JsonPropertyDescription("Why, in words: the rules or the counts (with Fisher's p-value) that decided.")
    @Size(max = StatusBounds.DETAIL)
    public String why;
  }

  /** One harness Job: one driver run with one speculation setting. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class HarnessJob {
    @Size(max = StatusBounds.JOB_NAME)
    public String name;
    @JsonPropertyDescription("With spec.compare: the build the Job runs, baseline or candidate.")
    @Size(max = StatusBounds.BUILD)
    public String build;
    public boolean speculation;
    @JsonPropertyDescription("With spec.parallelism above 1: the cluster the Job runs on (0 to parallelism - 1).")
    public Integer cluster;
    @JsonPropertyDescription("With spec.parallelism above 1: the number of the first repetition of each cell the Job "
        + "runs; it runs repeat of them, numbered on.")
    public Integer firstRepetition;
    @JsonPropertyDescription("With spec.parallelism above 1: how many repetitions of each cell the Job runs, its "
        + "cluster's share of spec.repeat.")
    public Integer repeat;
    @Size(max = StatusBounds.RUN_SCENARIOS)
    public List<@Size(max = SpecDefaults.SCENARIO_ID_MAX_LENGTH) String> scenarios = new ArrayList<>();
    @JsonPropertyDescription("Pending, Creating (write-ahead: about to be created), Running, Succeeded or Failed.")
    public JobState state;
    public Integer exitCode;
    @Size(max = StatusBounds.MESSAGE)
    public String message;
    @Size(max = StatusBounds.TIME)
    public String startTime;
    @Size(max = StatusBounds.TIME)
    public String completionTime;
  }

  /** One Spark cluster of a test with {@code spec.parallelism} above 1: counts only, never its repetitions. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class ClusterStatus {
    @JsonPropertyDescription("The cluster's index, 0 to spec.parallelism - 1; 0 has the names of a single cluster.")
    public int index;
    @JsonPropertyDescription("Pending (not ready yet), Ready, or Failed: it failed to start or lost a pod, and its "
        + "repetitions not yet judged are Unknown.")
    public ClusterState state;
    @JsonPropertyDescription("Repetitions dealt to this cluster, over both builds with spec.compare.")
    public int repetitions;
    @JsonPropertyDescription("Of those, how many passed both verdicts.")
    public int passed;
    @JsonPropertyDescription("Of those, how many are Unknown.")
    public int unknown;
    @JsonPropertyDescription("Why the cluster failed.")
    @Size(max = StatusBounds.MESSAGE)
    public String message;
  }

  public enum ClusterState {
    Pending,
    Ready,
    Failed
  }

  public enum JobState {
    Pending,
    Creating,
    Running,
    Succeeded,
    Failed;

    public boolean finished() {
      return this == Succeeded || this == Failed;
    }
  }

  /** How the repetitions of one cell (scenario × operation) ended, from the harness's termination message. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class CellStatus {
    @JsonPropertyDescription("The scenario.")
    @Size(max = SpecDefaults.SCENARIO_ID_MAX_LENGTH)
    public String name;
    @JsonPropertyDescription("The pin (spec.pin) every repetition of this cell ran under; absent for natural "
        + "repetitions. A pinned cell's race was held one way: its counts are not a natural failure rate, and the "
        + "findings' trend leaves it out.")
    @Size(max = SpecDefaults.PIN_ID_MAX_LENGTH)
    public String pin;
    @JsonPropertyDescription("The write operation the scenario ran under, e.g. append or overwrite-partitioned.")
    @Size(max = SpecDefaults.OPERATION_ID_MAX_LENGTH)
    public String operation;
    @JsonPropertyDescription("The harness Job that ran the cell; with spec.parallelism above 1 the first of its "
        + "clusters' Jobs recorded (status.harnessJobs has each with its cluster and repetitions).")
    @Size(max = StatusBounds.JOB_NAME)
    public String job;
    @JsonPropertyDescription("With spec.compare: the build that ran the cell, baseline or candidate.")
    @Size(max = StatusBounds.BUILD)
    public String build;
    @JsonPropertyDescription("Repetitions the run was to run of this cell.")
    public int repetitions;
    @JsonPropertyDescription("Repetitions that passed both verdicts.")
    public int passed;
    public int failed;
    @JsonPropertyDescription("Repetitions without a verdict (a precondition or evidence was missing, or the harness "
        + "never reported them): never counted as passed.")
    public int unknown;
    @JsonPropertyDescription("Repetitions that failed only by acknowledged findings (spec.knownFindings).")
    public int known;
    @JsonPropertyDescription("Repetitions per pair of verdicts, keyed scheduler/storage, e.g. Passed/Failed.")
    @Size(max = StatusBounds.VERDICT_PAIRS)
    public Map<@Size(max = StatusBounds.VERDICT_KEY) String, Integer> verdicts;
    @JsonPropertyDescription("Failed and Known repetitions over the judged ones (Unknown excluded), with its 95 % "
        + "Wilson score interval.")
    public FailureRateStatus failureRate;
    @JsonPropertyDescription("The latest repetition that did not pass.")
    public CellFailureStatus latestFailure;
    @JsonPropertyDescription("The references of the known findings a repetition failed by.")
    @Size(max = StatusBounds.CELL_KNOWN_FINDINGS)
    public List<@Size(max = StatusBounds.REFERENCE) String> knownFindings;
    public Long durationMedianMs;
    @JsonPropertyDescription("Each finding (side/rule, or side/rule:cause) with the number of repetitions that showed "
        + "it: every failing rule of a Failed or Known repetition, and every rule a repetition Unknown for a reason of "
        + "the build could not judge (:unjudged). What a comparison of two builds sets side by side.")
    @Size(max = StatusBounds.CELL_FINDINGS)
    public Map<@Size(max = StatusBounds.RULE) String, Integer> findings;
    @JsonPropertyDescription("Findings of this cell the status could not keep (past its bound or its size budget; "
        + "the evidence has them): a comparison cannot decide this cell from the status.")
    public Integer findingsOmitted;
    @JsonPropertyDescription("Unknown repetitions left out of comparisons: Unknown for a reason of the environment "
        + "alone (a preflight, the deadline, a pod or worker lost to the cluster).")
    public Integer environmentUnknown;
  }

  /** A failure rate as decimal fractions in text (e.g. "0.0500"): Kubernetes APIs avoid floating-point fields. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class FailureRateStatus {
    @Size(max = StatusBounds.FRACTION)
    public String estimate;
    @Size(max = StatusBounds.FRACTION)
    public String low;
    @Size(max = StatusBounds.FRACTION)
    public String high;
    @JsonPropertyDescription("For people: e.g. 5.0 % [0.9 %, 23.6 %].")
    @Size(max = StatusBounds.WORD)
    public String text;
  }

  /** The latest repetition of a cell that did not pass. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class CellFailureStatus {
    public int repetition;
    @JsonPropertyDescription("Failed, Known or Unknown.")
    public Verdict outcome;
    @JsonPropertyDescription("The first rule that did not pass, side/rule, e.g. storage/files.no-orphans.")
    @Size(max = StatusBounds.RULE)
    public String rule;
    @Size(max = StatusBounds.DETAIL)
    public String message;
    @JsonPropertyDescription("Path of the repetition's evidence folder on the shared volume.")
    @Size(max = StatusBounds.PATH)
    public String evidence;
  }

  /** The latest finished run's fingerprints and their trend from the run before it; bounded. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class FindingsStatus {
    @JsonPropertyDescription("The run these are of.")
    @Size(max = StatusBounds.NAME)
    public String runId;
    @JsonPropertyDescription("Each fingerprint the run showed, as 'fingerprint repetitions/of' (of: the repetitions "
        + "that could show it), sorted; at most 30, the rest counted in omitted.")
    @Size(max = StatusBounds.FINGERPRINTS)
    public List<@Size(max = StatusBounds.FINGERPRINT) String> fingerprints;
    @JsonPropertyDescription("Fingerprints beyond the 30 listed.")
    public Integer omitted;
    @JsonPropertyDescription("How many fingerprints are new (not shown by the run before), ongoing, resolved (shown "
        + "by the run before, not by this one, though it ran their cells), and rare (shown in fewer than 10 % of the "
        + "repetitions that could show them).")
    public Integer newFindings;
    public Integer ongoing;
    public Integer resolved;
    public Integer rare;
    @JsonPropertyDescription("The new fingerprints, at most 5.")
    @Size(max = StatusBounds.NEW_FINGERPRINTS)
    public List<@Size(max = StatusBounds.FINGERPRINT) String> newFingerprints;
  }

  /** A finished earlier run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static class RunRecord {
    @Size(max = StatusBounds.NAME)
    public String runId;
    public Long generation;
    public Phase outcome;
    public Integer passed;
    public Integer total;
    public Integer known;
    @Size(max = StatusBounds.TIME)
    public String startTime;
    @Size(max = StatusBounds.TIME)
    public String completionTime;
    @Size(max = StatusBounds.MESSAGE)
    public String message;
    @JsonPropertyDescription("The run's findings by fingerprint from the run before: e.g. 1 new, 2 ongoing (1 rare), "
        + "0 resolved.")
    @Size(max = StatusBounds.DETAIL)
    public String findingTrend;
  }
}
