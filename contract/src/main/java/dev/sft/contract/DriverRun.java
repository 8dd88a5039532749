package dev.sft.contract;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The request half of the controller-harness contract: one driver run of {@code sft run}. Speculation is fixed when
 * a SparkContext starts, so one driver run has one speculation setting; {@link #plan} splits a scenario set into
 * such runs. The controller and {@code sft local} render a run as arguments ({@link #arguments}) and environment
 * ({@link #environment}); {@code sft run} parses them back into this record.
 *
 * @param runId the run's id; evidence lives under {@code <sharedRoot>/<runId>/}
 * @param speculation {@code spark.speculation} of this driver run
 * @param scenarios the scenarios, every one with this speculation setting, in canonical order
 * @param repeat repetitions of each cell ({@link RunShape#MIN_REPEAT} to {@link RunShape#MAX_REPEAT}); {@link #shape}
 *     counts them
 * @param timeoutSeconds bound of every gate and wait in the harness
 * @param killTimeoutSeconds bound of one call of the kill command, separate from the gates' bound
 * @param interruptOnCancel {@code spark.job.interruptOnCancel} of the monitored writes' job group: whether
 *     cancelling a task (a speculative loser) also interrupts its thread (docs/scenarios.md says why it is off by
 *     default)
 * @param master the Standalone master URL
 * @param sharedRoot the shared folder, mounted at the same absolute path on the driver and every worker
 * @param killCommand the kill contract's executable, or null when no scenario kills
 * @param driverHost the address executors reach the driver at, or null for Spark's default
 * @param terminationLog where the compact report also goes, or null
 * @param operations the write operations every scenario runs under, in matrix order (default: {@code append})
 * @param deadlineSeconds the harness's own deadline ({@code --deadline}, env {@link HarnessEnvironment#DEADLINE_SECONDS}):
 *     seconds from the driver's start after which it starts no further scenario repetition and reports the rest
 *     {@code Unknown}; {@link #NO_DEADLINE} (0) for none. The controller sets it below the harness Job's deadline.
 * @param notAfter the same deadline as an instant ({@code --not-after}, RFC 3339, env
 *     {@link HarnessEnvironment#NOT_AFTER}), or null for none. The controller counts it from the Job's creation, as
 *     Kubernetes counts the Job's {@code activeDeadlineSeconds}, so that scheduling and a cold image pull before the
 *     driver's JVM starts cannot cost the report; the harness stops at the earlier of the two ({@link #stopAt}).
 * @param knownFindings the findings the user acknowledged ({@code --known-findings FILE}, or inline
 *     {@link #KNOWN_FINDINGS_JSON_OPTION}); a cell failing only by them is {@link Verdict#Known}
 * @param strict whether Known cells still fail the run's exit code ({@code --strict})
 * @param failOnStale a known finding that could have matched in at least this many repetitions and matched none fails
 *     the run ({@code --fail-on-stale N}); {@link #NEVER_FAIL_ON_STALE} (0) never
 * @param soak repeat the cells round after round until a repetition fails or the soak's bound is reached
 *     ({@code --until-failure}), or null to run {@link #repeat} repetitions of each; a soak has {@code repeat} 1
 * @param firstRepetition the number of this driver run's first repetition ({@code --first-repetition}, default 1): a
 *     run of several driver runs per speculation setting (two builds compared, taking turns repetition by
 *     repetition) numbers its repetitions on, so no two share an evidence folder; a soak's first round (its share of
 *     a soak spread over clusters, {@link Soak})
 * @param pins the pinned interleavings ({@code --pin}, {@link Pin}) this driver run holds, each for its own
 *     scenarios; every pin must hold at least one of {@link #scenarios}. Empty for a natural run
 * @param cluster with several Spark clusters for one test ({@code spec.parallelism}): the index of the one this driver
 *     run uses ({@code --cluster}), which its results name; null for a single cluster
 */
public record DriverRun(
    String runId,
    boolean speculation,
    List<ScenarioName> scenarios,
    int repeat,
    WriterName writer,
    int timeoutSeconds,
    int killTimeoutSeconds,
    boolean interruptOnCancel,
    String master,
    String sharedRoot,
    String killCommand,
    String driverHost,
    String terminationLog,
    List<WriteOperation> operations,
    int deadlineSeconds,
    Instant notAfter,
    KnownFindings knownFindings,
    boolean strict,
    int failOnStale,
    Soak soak,
    int firstRepetition,
    List<Pin> pins,
    Integer cluster) {

  /** The {@code sft run} subcommand every rendering starts with. */
  public static final String COMMAND = "run";
  /** The reference suite bounds its kill command by 30 s. */
  public static final int DEFAULT_KILL_TIMEOUT_SECONDS = 30;
  /** Monitored writes interrupt cancelled tasks' threads, as the reference suite runs them. */
  public static final boolean DEFAULT_INTERRUPT_ON_CANCEL = true;
  /** The file name of a report, the run's and each driver run's. */
  public static final String REPORT_FILE = "report.json";
  /**
   * The option that carries the known findings inline, as the controller and {@code sft local} pass them; users
   * give a file ({@code --known-findings FILE}). Their only channel to a driver run: an argument is bounded (at most
   * {@link KnownFindings#MAX_ENTRIES} entries) and visible in the Job's command, where an environment variable would
   * also be picked up, unseen, from a user's shell by every later {@code sft run}.
   */
  public static final String KNOWN_FINDINGS_JSON_OPTION = "--known-findings-json";
  /** The option that fails a run on a known finding that could have matched often enough and matched none. */
  public static final String FAIL_ON_STALE_OPTION = "--fail-on-stale";
  /** {@link #failOnStale} of a run that never fails on a stale known finding: the default. */
  public static final int NEVER_FAIL_ON_STALE = 0;
  /** The option that numbers a driver run's repetitions from another number than 1. */
  public static final String FIRST_REPETITION_OPTION = "--first-repetition";
  /** The option that names the Spark cluster of several a driver run uses. */
  public static final String CLUSTER_OPTION = "--cluster";
  /** The option that pins an interleaving (repeatable). */
  public static final String PIN_OPTION = "--pin";
  /** {@link #deadlineSeconds} of a run without a deadline of its own. */
  public static final int NO_DEADLINE = 0;

  public DriverRun {
    Objects.requireNonNull(runId, "runId");
    // Whole seconds: the rendering (RFC 3339) reads back equal.
    notAfter = notAfter == null ? null : notAfter.truncatedTo(ChronoUnit.SECONDS);
    knownFindings = knownFindings == null ? KnownFindings.NONE : knownFindings;
    if (cluster != null && cluster < 0) {
      throw new IllegalArgumentException(CLUSTER_OPTION + " must be at least 0, got " + cluster);
    }
    if (firstRepetition < 1) {
      throw new IllegalArgumentException(FIRST_REPETITION_OPTION + " must be at least 1, got " + firstRepetition);
    }
    Objects.requireNonNull(writer, "writer");
    if (timeoutSeconds < 1 || killTimeoutSeconds < 1) {
      throw new IllegalArgumentException("timeouts must be at least 1 s, got timeout " + timeoutSeconds
          + " s and kill timeout " + killTimeoutSeconds + " s");
    }
    if (failOnStale < 0) {
      throw new IllegalArgumentException(FAIL_ON_STALE_OPTION + " must be " + NEVER_FAIL_ON_STALE + " (never) or a"
          + " number of repetitions, got " + failOnStale);
    }
    if (deadlineSeconds < 0) {
      throw new IllegalArgumentException("the deadline must be " + NO_DEADLINE + " (none) or a number of seconds, got "
          + deadlineSeconds);
    }
    scenarios = scenarios.stream().distinct().sorted(Comparator.naturalOrder()).toList();
    pins = Pin.validated(pins == null ? List.of() : pins, scenarios);
    operations = operations == null || operations.isEmpty() ? List.of(WriteOperation.DEFAULT)
        : operations.stream().distinct().sorted().toList();
    // Checks repeat (its bounds, and that a soak repeats once) as every run's shape does.
    new RunShape(scenarios, operations, repeat, RunShape.ONE_BUILD, soak);
    for (ScenarioName name : scenarios) {
      if (name.needsSpeculation() != speculation) {
        throw new IllegalArgumentException("scenario '" + name.id() + "' needs spark.speculation="
            + name.needsSpeculation() + " but this driver run has speculation=" + speculation
            + "; speculation is fixed per SparkContext, so run it in a separate driver run");
      }
    }
  }

  /**
   * A driver run of {@code scenarios} under {@code runId}, everything else at its default until set: one repetition of
   * the default operation, the contract's kill bound, no deadline, no known findings. {@link Builder#build} checks the
   * whole run.
   */
  public static Builder builder(String runId, boolean speculation, List<ScenarioName> scenarios) {
    return new Builder(runId, speculation, scenarios);
  }

  /** A builder holding every field of this run, to change a few. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The same run with this absolute deadline (null for none). */
  public DriverRun withNotAfter(Instant instant) {
    return toBuilder().notAfter(instant).build();
  }

  /** The same run as a soak (null for none). */
  public DriverRun withSoak(Soak newSoak) {
    return toBuilder().soak(newSoak).build();
  }

  /** The same run's repetitions numbered from {@code first}. */
  public DriverRun withFirstRepetition(int first) {
    return toBuilder().firstRepetition(first).build();
  }

  /**
   * One repetition of this run for one of two builds compared in turn: under the build's run id, numbered
   * {@code repetition}, reporting to no termination log (the comparison is the report).
   */
  public DriverRun turn(String buildRunId, int repetition) {
    return toBuilder().runId(buildRunId).repeat(1).terminationLog(null).firstRepetition(repetition).build();
  }

  /** What this driver run executes: its cells, each {@link #repeat} times (or soaked), one build. */
  public RunShape shape() {
    return new RunShape(scenarios, operations, repeat, RunShape.ONE_BUILD, soak);
  }

  /**
   * The most repetitions this driver run executes, over its cells: {@link #repeat} of each, or a soak's rounds from
   * {@link #firstRepetition} (its share of a soak spread over clusters); empty for a soak only time bounds.
   */
  public OptionalInt mostRepetitions() {
    if (soak == null) {
      return OptionalInt.of(shape().cells() * repeat);
    }
    OptionalInt rounds = soak.rounds(firstRepetition);
    return rounds.isPresent() ? OptionalInt.of(shape().cells() * rounds.getAsInt()) : rounds;
  }

  /** The numbers of the repetitions this run runs of each cell, a control's as a failure scenario's. */
  public List<Integer> repetitionNumbers() {
    return shape().repetitionNumbers(firstRepetition);
  }

  /**
   * When the harness starts no further scenario repetition: the earlier of {@code driverStart +} {@link
   * #deadlineSeconds} and {@link #notAfter}; null when it has neither.
   */
  public Instant stopAt(Instant driverStart) {
    Instant relative = deadlineSeconds == NO_DEADLINE ? null : driverStart.plusSeconds(deadlineSeconds);
    if (relative == null || notAfter == null) {
      return relative != null ? relative : notAfter;
    }
    return relative.isBefore(notAfter) ? relative : notAfter;
  }

  /** Builds the driver run of one speculation setting; every field but those two is the caller's. */
  @FunctionalInterface
  public interface Maker {
    DriverRun make(boolean speculation, List<ScenarioName> scenarios);
  }

  /**
   * The driver runs a scenario set needs: one per speculation setting present, speculation first. Each family's
   * control ({@link ScenarioName#familyControl}) needs the speculation setting of its family, so it runs in the same driver
   * run as the cells set against it.
   */
  public static List<DriverRun> plan(List<ScenarioName> selected, Maker maker) {
    List<DriverRun> runs = new ArrayList<>();
    for (boolean speculation : new boolean[] {true, false}) {
      List<ScenarioName> group = selected.stream().filter(s -> s.needsSpeculation() == speculation).toList();
      if (!group.isEmpty()) {
        runs.add(maker.make(speculation, group));
      }
    }
    return runs;
  }

  /**
   * The run id of one Spark cluster's share of a run of several ({@code spec.parallelism}): {@code <runId>-c<k>}, so
   * that each cluster's driver runs write their source files, tables, evidence and reports in a folder of their own, and
   * a comparison's builds nest under it as under a single cluster's run id.
   */
  public static String clusterRunId(String runId, int cluster) {
    return runId + "-c" + cluster;
  }

  /** The group name of a driver run, used in Job names and evidence folders: {@code spec} or {@code loss}. */
  public static String group(boolean speculation) {
    return speculation ? "spec" : "loss";
  }

  public String group() {
    return group(speculation);
  }

  /** The folder of one driver run's own evidence and report, under the run's folder: {@code driver-spec}. */
  public static String driverFolder(String group) {
    return "driver-" + group;
  }

  /**
   * Where this driver run writes its own report: {@code <sharedRoot>/<runId>/driver-<group>/report.json}. Each
   * driver run of a run has its own, so none overwrites another's; the harness merges them into the run's
   * {@code <sharedRoot>/<runId>/report.json}.
   */
  public String report() {
    return sharedRoot + "/" + runId + "/" + driverFolder(group()) + "/" + REPORT_FILE;
  }

  /** The arguments of {@code sft run} (without the executable), starting with {@code run}. */
  public List<String> arguments() {
    List<String> args = new ArrayList<>(List.of(COMMAND,
        "--run-id", runId,
        "--speculation", String.valueOf(speculation),
        "--scenarios", String.join(",", scenarios.stream().map(ScenarioName::id).toList()),
        "--operations", String.join(",", operations.stream().map(WriteOperation::id).toList()),
        "--repeat", String.valueOf(repeat),
        "--writer", writer.id(),
        "--timeout", String.valueOf(timeoutSeconds),
        "--kill-timeout", String.valueOf(killTimeoutSeconds),
        "--interrupt-on-cancel", String.valueOf(interruptOnCancel),
        "--master", master,
        "--shared-root", sharedRoot,
        "--report", report()));
    addIfSet(args, "--kill-command", killCommand);
    addIfSet(args, "--driver-host", driverHost);
    addIfSet(args, "--termination-log", terminationLog);
    if (deadlineSeconds != NO_DEADLINE) {
      args.addAll(List.of("--deadline", String.valueOf(deadlineSeconds)));
    }
    if (notAfter != null) {
      args.addAll(List.of("--not-after", notAfter.toString()));
    }
    if (!knownFindings.isEmpty()) {
      args.addAll(List.of(KNOWN_FINDINGS_JSON_OPTION, knownFindings.toJson()));
    }
    if (strict) {
      args.add("--strict");
    }
    if (failOnStale != NEVER_FAIL_ON_STALE) {
      args.addAll(List.of(FAIL_ON_STALE_OPTION, String.valueOf(failOnStale)));
    }
    if (firstRepetition != 1) {
      args.addAll(List.of(FIRST_REPETITION_OPTION, String.valueOf(firstRepetition)));
    }
    pins.forEach(pin -> args.addAll(List.of(PIN_OPTION, pin.id())));
    if (cluster != null) {
      args.addAll(List.of(CLUSTER_OPTION, String.valueOf(cluster)));
    }
    if (soak != null) {
      args.add(Soak.UNTIL_FAILURE_OPTION);
      if (soak.maxRepeat() > 0) {
        args.addAll(List.of(Soak.MAX_REPEAT_OPTION, String.valueOf(soak.maxRepeat())));
      }
      if (soak.maxTime() != null) {
        args.addAll(List.of(Soak.MAX_TIME_OPTION, Soak.format(soak.maxTime())));
      }
      if (soak.stride() > 1) {
        args.addAll(List.of(Soak.STRIDE_OPTION, String.valueOf(soak.stride())));
      }
      addIfSet(args, Soak.SHARED_END_OPTION, soak.sharedEnd());
    }
    return args;
  }

  /** The environment of the reference suite's names for this run, for a harness that ignores the arguments. */
  public Map<String, String> environment() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put(HarnessEnvironment.MASTER, master);
    env.put(HarnessEnvironment.SHARED_ROOT, sharedRoot);
    if (killCommand != null) {
      env.put(HarnessEnvironment.KILL_COMMAND, killCommand);
    }
    env.put(HarnessEnvironment.TIMEOUT_SECONDS, String.valueOf(timeoutSeconds));
    env.put(HarnessEnvironment.KILL_TIMEOUT_SECONDS, String.valueOf(killTimeoutSeconds));
    env.put(HarnessEnvironment.INTERRUPT_ON_CANCEL, String.valueOf(interruptOnCancel));
    env.put(HarnessEnvironment.SPECULATION_ENABLED, String.valueOf(speculation));
    if (terminationLog != null) {
      env.put(HarnessEnvironment.TERMINATION_LOG, terminationLog);
    }
    if (deadlineSeconds != NO_DEADLINE) {
      env.put(HarnessEnvironment.DEADLINE_SECONDS, String.valueOf(deadlineSeconds));
    }
    if (notAfter != null) {
      env.put(HarnessEnvironment.NOT_AFTER, notAfter.toString());
    }
    return env;
  }

  /** Every repetition this run was to report, as Unknown: what a run that never reported counts as. */
  public List<ScenarioResult> unknownResults(String evidence, String why) {
    List<ScenarioResult> results = new ArrayList<>();
    for (ScenarioName name : scenarios) {
      for (WriteOperation operation : operations) {
        for (int repetition : repetitionNumbers()) {
          results.add(ScenarioResult.unknown(name.id(), operation, repetition, evidence, why));
        }
      }
    }
    return results;
  }

  /** A run-level report of a run that never reported its own. */
  public Report unreported(String evidence, String why) {
    return Report.of(runId, writer.id(), master, unknownResults(evidence, why), null, null, why);
  }

  /** Builds a {@link DriverRun} field by field; unset fields keep {@link DriverRun#builder}'s defaults. */
  public static final class Builder {
    private String runId;
    private boolean speculation;
    private List<ScenarioName> scenarios;
    private int repeat = 1;
    private WriterName writer;
    private int timeoutSeconds;
    private int killTimeoutSeconds = DEFAULT_KILL_TIMEOUT_SECONDS;
    private boolean interruptOnCancel = DEFAULT_INTERRUPT_ON_CANCEL;
    private String master;
    private String sharedRoot;
    private String killCommand;
    private String driverHost;
    private String terminationLog;
    private List<WriteOperation> operations = List.of(WriteOperation.DEFAULT);
    private int deadlineSeconds = NO_DEADLINE;
    private Instant notAfter;
    private KnownFindings knownFindings = KnownFindings.NONE;
    private boolean strict;
    private int failOnStale = NEVER_FAIL_ON_STALE;
    private Soak soak;
    private int firstRepetition = 1;
    private List<Pin> pins = List.of();
    private Integer cluster;

    private Builder(String runId, boolean speculation, List<ScenarioName> scenarios) {
      this.runId = runId;
      this.speculation = speculation;
      this.scenarios = scenarios;
    }

    private Builder(DriverRun run) {
      this(run.runId, run.speculation, run.scenarios);
      repeat = run.repeat;
      writer = run.writer;
      timeoutSeconds = run.timeoutSeconds;
      killTimeoutSeconds = run.killTimeoutSeconds;
      interruptOnCancel = run.interruptOnCancel;
      master = run.master;
      sharedRoot = run.sharedRoot;
      killCommand = run.killCommand;
      driverHost = run.driverHost;
      terminationLog = run.terminationLog;
      operations = run.operations;
      deadlineSeconds = run.deadlineSeconds;
      notAfter = run.notAfter;
      knownFindings = run.knownFindings;
      strict = run.strict;
      failOnStale = run.failOnStale;
      soak = run.soak;
      firstRepetition = run.firstRepetition;
      pins = run.pins;
      cluster = run.cluster;
    }

    public Builder runId(String value) {
      runId = value;
      return this;
    }

    public Builder repeat(int value) {
      repeat = value;
      return this;
    }

    public Builder writer(WriterName value) {
      writer = value;
      return this;
    }

    /** The gates' bound and the kill command's. */
    public Builder timeouts(int gateSeconds, int killSeconds) {
      timeoutSeconds = gateSeconds;
      killTimeoutSeconds = killSeconds;
      return this;
    }

    public Builder interruptOnCancel(boolean value) {
      interruptOnCancel = value;
      return this;
    }

    /** Where the driver finds the cluster: its master URL and the shared folder. */
    public Builder cluster(String masterUrl, String sharedFolder) {
      master = masterUrl;
      sharedRoot = sharedFolder;
      return this;
    }

    public Builder killCommand(String value) {
      killCommand = value;
      return this;
    }

    public Builder driverHost(String value) {
      driverHost = value;
      return this;
    }

    public Builder terminationLog(String value) {
      terminationLog = value;
      return this;
    }

    public Builder operations(List<WriteOperation> value) {
      operations = value;
      return this;
    }

    public Builder deadlineSeconds(int value) {
      deadlineSeconds = value;
      return this;
    }

    public Builder notAfter(Instant value) {
      notAfter = value;
      return this;
    }

    /** The known findings, whether Known cells still fail the exit code, and the stale bound. */
    public Builder knownFindings(KnownFindings findings, boolean strictly, int staleBound) {
      knownFindings = findings;
      strict = strictly;
      failOnStale = staleBound;
      return this;
    }

    public Builder soak(Soak value) {
      soak = value;
      return this;
    }

    public Builder firstRepetition(int value) {
      firstRepetition = value;
      return this;
    }

    /** The pinned interleavings; each must hold one of the run's scenarios. */
    public Builder pins(List<Pin> value) {
      pins = value;
      return this;
    }

    /** The index of the Spark cluster of several this run uses; null for a single cluster. */
    public Builder clusterIndex(Integer value) {
      cluster = value;
      return this;
    }

    public DriverRun build() {
      return new DriverRun(runId, speculation, scenarios, repeat, writer, timeoutSeconds, killTimeoutSeconds,
          interruptOnCancel, master, sharedRoot, killCommand, driverHost, terminationLog, operations, deadlineSeconds,
          notAfter, knownFindings, strict, failOnStale, soak, firstRepetition, pins, cluster);
    }
  }

  private static void addIfSet(List<String> args, String option, String value) {
    if (value != null) {
      args.addAll(List.of(option, value));
    }
  }
}
