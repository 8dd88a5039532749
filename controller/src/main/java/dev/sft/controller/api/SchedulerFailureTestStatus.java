package dev.sft.controller.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.sft.contract.Verdict;
import io.fabric8.crd.generator.annotation.PrinterColumn;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/**
 * The observed state of a test. This is a contract for GitOps health checks and {@code kubectl wait}: extend it,
 * never rename. {@code step} and {@code harnessJobs[].state} are the controller's write-ahead log: they are written
 * before the object they name is created or deleted, so a restarted controller resumes instead of repeating.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SchedulerFailureTestStatus {

  @PrinterColumn(name = "Phase")
  @JsonPropertyDescription("Pending, Provisioning, Running, Succeeded or Failed.")
  public Phase phase;

  @PrinterColumn(name = "Passed")
  @JsonPropertyDescription("Scenario repetitions that passed both verdicts, over the total, e.g. 3/4.")
  public String summary;

  @PrinterColumn(name = "Last Result")
  @JsonPropertyDescription("Outcome of the latest finished run, Succeeded or Failed; kept while a newer run runs.")
  public Phase lastResult;

  @PrinterColumn(name = "Next Run")
  @JsonPropertyDescription("With spec.schedule: the next firing the controller waits for (RFC 3339). A firing is "
      + "handled once: started, skipped (Forbid) or missed (startingDeadlineSeconds), then this moves on.")
  public String nextScheduleTime;

  @JsonPropertyDescription("With spec.schedule: the firing the latest scheduled run started for (RFC 3339).")
  public String lastScheduleTime;

  @JsonPropertyDescription("The run's id; its evidence is under <mountPath>/<runId>/ on the shared volume.")
  public String runId;

  @JsonPropertyDescription("How many runs this resource has started; numbers the harness Jobs.")
  public Integer runNumber;

  @JsonPropertyDescription("The metadata.generation the current (or last) run executes.")
  public Long runGeneration;

  @JsonPropertyDescription("The spec (JSON) the current run executes; a change made during a run waits for the next.")
  public String runSpec;

  @JsonPropertyDescription("The latest metadata.generation the controller has seen.")
  public Long observedGeneration;

  @JsonPropertyDescription("Write-ahead marker: the step the controller is performing (ApplyingCluster, "
      + "AwaitingCluster, RunningHarness, CleaningUp, Done).")
  public Step step;

  public String startTime;
  public String clusterReadyTime;
  public String completionTime;

  @JsonPropertyDescription("Human-readable summary of the latest transition or failure.")
  public String message;

  public List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription("The harness Jobs of the current run, in the order they run.")
  public List<HarnessJob> harnessJobs = new ArrayList<>();

  @JsonPropertyDescription("One entry per scenario and repetition of the current run.")
  public List<ScenarioResultStatus> results = new ArrayList<>();

  public Integer passed;
  public Integer total;

  @JsonPropertyDescription("Repetitions that failed only by acknowledged findings (spec.knownFindings): not passed, "
      + "and they do not fail the run.")
  public Integer known;

  @JsonPropertyDescription("Each spec.knownFindings entry of the current run and how many failing checks it matched "
      + "so far; once every Job finished, an entry that matched none is stale.")
  public List<KnownFindingStatus> knownFindings;

  @JsonPropertyDescription("Cleanup of the finished run: Retained, Pending or Done.")
  public Cleanup cleanup;

  @JsonPropertyDescription("Earlier runs, newest first, at most spec.history.succeeded Succeeded and "
      + "spec.history.failed Failed ones.")
  public List<RunRecord> history = new ArrayList<>();

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
  public static class KnownFindingStatus {
    public String rule;
    public String operation;
    public String reference;
    public int matches;
    @JsonPropertyDescription("True once every Job finished and the entry matched nothing: the defect may be fixed.")
    public Boolean stale;
  }

  /** One harness Job: one driver run with one speculation setting. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class HarnessJob {
    public String name;
    public boolean speculation;
    public List<String> scenarios = new ArrayList<>();
    @JsonPropertyDescription("Pending, Creating (write-ahead: about to be created), Running, Succeeded or Failed.")
    public JobState state;
    public Integer exitCode;
    public String message;
    public String startTime;
    public String completionTime;
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

  /** The verdicts and counts of one scenario repetition, copied from the harness's termination message. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class ScenarioResultStatus {
    public String name;
    @JsonPropertyDescription("The write operation the scenario ran under, e.g. append or overwrite-partitioned.")
    public String operation;
    public int repetition;
    public Verdict scheduler;
    public Verdict storage;
    public long rows;
    public long distinctIds;
    public int newSnapshots;
    public int acceptedMessages;
    public int orphanFiles;
    public int knownRejectedOrphans;
    public int missingFiles;
    public long durationMs;
    @JsonPropertyDescription("Path of the evidence folder on the shared volume.")
    public String evidence;
    public String message;
    public String job;
    @JsonPropertyDescription("For a Known repetition: the references of the known findings it failed by.")
    public List<String> knownFindings;
  }

  /** A finished earlier run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class RunRecord {
    public String runId;
    public Long generation;
    public Phase outcome;
    public Integer passed;
    public Integer total;
    public Integer known;
    public String startTime;
    public String completionTime;
    public String message;
  }
}
