package dev.sft.contract;

import java.util.List;

/**
 * The machine-readable report of a run ({@code report.json}). Its field names are a contract: the controller,
 * CI jobs and GitOps health checks read them. Extend it, never rename.
 *
 * @param runId unique id of the run; evidence lives under {@code <shared-root>/<runId>/}
 * @param writer writer under test ({@code iceberg} or {@code comet-native})
 * @param master the Spark master URL the scenarios ran against; a run merged from several clusters joins theirs with
 *     {@code ", "}
 * @param scenarios one entry per scenario and repetition
 * @param passed true only when every entry passed both verdicts
 * @param startedAt ISO-8601 start time
 * @param finishedAt ISO-8601 finish time
 * @param failure a run-level failure (preflight, unreachable master) that prevented scenarios from running, or null
 * @param stats per scenario: repetitions passed, failed and unknown, and the duration spread
 * @param jars the Spark, Iceberg, Comet and {@code --jar} jars that ran, with versions and SHA-256 (empty when not
 *     recorded, e.g. in a termination message)
 * @param knownFindings every known finding the run was given, with how many failing checks it matched (an entry
 *     that matched none is stale); empty when it was given none
 * @param fingerprints derived from the cells (never read from input), for a report with its repetitions: every
 *     {@link Fingerprint} the run showed, with how many repetitions showed it and could have; empty in a termination
 *     message, whose reader derives them from the cells ({@link Fingerprint#of})
 */
public record Report(
    String runId,
    String writer,
    String master,
    List<ScenarioResult> scenarios,
    boolean passed,
    String startedAt,
    String finishedAt,
    String failure,
    List<ScenarioStats> stats,
    List<RanJar> jars,
    List<KnownFindingUse> knownFindings,
    List<Fingerprint.Seen> fingerprints) {

  public Report {
    scenarios = scenarios == null ? List.of() : scenarios;
    stats = stats == null ? List.of() : stats;
    jars = jars == null ? List.of() : List.copyOf(jars);
    knownFindings = knownFindings == null ? List.of() : List.copyOf(knownFindings);
    fingerprints = scenarios.isEmpty() ? List.of() : Fingerprint.of(writer, stats);
  }

  /** A report, its fingerprints derived. */
  public Report(String runId, String writer, String master, List<ScenarioResult> scenarios, boolean passed,
      String startedAt, String finishedAt, String failure, List<ScenarioStats> stats, List<RanJar> jars,
      List<KnownFindingUse> knownFindings) {
    this(runId, writer, master, scenarios, passed, startedAt, finishedAt, failure, stats, jars, knownFindings, null);
  }

  /** A report without known findings. */
  public Report(String runId, String writer, String master, List<ScenarioResult> scenarios, boolean passed,
      String startedAt, String finishedAt, String failure, List<ScenarioStats> stats, List<RanJar> jars) {
    this(runId, writer, master, scenarios, passed, startedAt, finishedAt, failure, stats, jars, List.of());
  }

  public static Report of(
      String runId, String writer, String master, List<ScenarioResult> scenarios,
      String startedAt, String finishedAt, String failure) {
    return of(runId, writer, master, scenarios, startedAt, finishedAt, failure, List.of());
  }

  public static Report of(
      String runId, String writer, String master, List<ScenarioResult> scenarios,
      String startedAt, String finishedAt, String failure, List<RanJar> jars) {
    return of(runId, writer, master, scenarios, startedAt, finishedAt, failure, jars, List.of());
  }

  public static Report of(
      String runId, String writer, String master, List<ScenarioResult> scenarios,
      String startedAt, String finishedAt, String failure, List<RanJar> jars, List<KnownFindingUse> knownFindings) {
    boolean allPassed = failure == null && !scenarios.isEmpty() && scenarios.stream().allMatch(ScenarioResult::passed);
    return new Report(runId, writer, master, List.copyOf(scenarios), allPassed, startedAt, finishedAt, failure,
        ScenarioStats.of(scenarios), jars, knownFindings);
  }

  /**
   * Whether the run is acceptable: every result Passed or, unless {@code strict}, Known, and no run-level failure.
   * This decides the exit code and the test's phase; {@link #passed} stays true only when everything passed.
   */
  public boolean accepted(boolean strict) {
    return failure == null && !scenarios.isEmpty()
        && scenarios.stream().allMatch(s -> s.passed() || (!strict && s.known()));
  }

  /** The known findings that matched no failing check in this run. */
  public List<KnownFindingUse> staleKnownFindings() {
    return knownFindings.stream().filter(KnownFindingUse::stale).toList();
  }

  /**
   * The known findings that fail a run of {@code --fail-on-stale bound}: stale where they could have matched in at
   * least {@code bound} repetitions; none when {@code bound} is {@link DriverRun#NEVER_FAIL_ON_STALE}.
   */
  public List<KnownFindingUse> staleFailures(int bound) {
    return knownFindings.stream().filter(u -> u.failsStale(bound)).toList();
  }

  /** How many results are Known. */
  public long knownCount() {
    return scenarios.stream().filter(ScenarioResult::known).count();
  }
}
