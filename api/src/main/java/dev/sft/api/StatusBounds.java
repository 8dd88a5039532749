package dev.sft.api;

/**
 * The bounds of the status's strings, lists and maps, as the CRD states them ({@code maxLength}, {@code maxItems},
 * {@code maxProperties}); the controller cuts what it writes to them, so no bound ever refuses a write. A map's keys
 * ({@code @Size} on the key type) are bounded by that cut alone: a schema cannot bound keys, and a CEL rule for it
 * would cost on every status write.
 */
public final class StatusBounds {
  /** A message a person reads: the run's, a condition's, a history record's, a Job's. Details stay in Events. */
  public static final long MESSAGE = 1024;
  /** An enum-like word: a phase, a reason, a condition type, a build, a scenario or operation id. */
  public static final long WORD = 64;
  /** An RFC 3339 time. */
  public static final long TIME = 40;
  /** A run id (the test's name, the run number, a time), or a comparison's build run id. */
  public static final long NAME = 253;
  /** A harness Job's name: Kubernetes keeps it to 63 for the job-name label. */
  public static final long JOB_NAME = 63;
  /** A build of a comparison: baseline or candidate. */
  public static final long BUILD = 16;
  /** A key of a cell's verdicts: scheduler/storage outcome, e.g. Unknown/Unknown. */
  public static final long VERDICT_KEY = 24;
  /** A decimal fraction in text, e.g. 0.0500. */
  public static final long FRACTION = 16;
  /** A rule, fingerprint or finding key: side/rule:cause. */
  public static final long RULE = 160;
  /** A fingerprint with its counts: family/operation/writer/side/rule:cause n/m. */
  public static final long FINGERPRINT = 256;
  /** A path on the shared volume: spec.storage.mountPath and what the harness adds under it. */
  public static final long PATH = 384;
  /** A short detail of one cell: why it regressed, its latest failure's message. */
  public static final long DETAIL = 512;
  /** A known finding's reference, as spec.knownFindings[].reference. */
  public static final long REFERENCE = 500;
  /** The spec a run executes, as JSON: the largest spec the CRD accepts fits (WorstCaseStatusSizeTest). */
  public static final long RUN_SPEC = 256 * 1024;
  /** Scenarios a run may run: every fault scenario and every family's control. */
  public static final long RUN_SCENARIOS = SpecDefaults.SCENARIO_COUNT + SpecDefaults.CONTROL_COUNT;
  /** Cells of a run: every scenario under every operation, for each of two builds. */
  public static final long CELLS = 2 * RUN_SCENARIOS * SpecDefaults.OPERATION_COUNT;
  /** Harness Jobs of a run: one per speculation setting, build and cluster (spec.parallelism). */
  public static final long HARNESS_JOBS = 2 * 2 * SpecDefaults.MAX_PARALLELISM;
  /** Pairs of verdicts (scheduler/storage), each of four outcomes. */
  public static final long VERDICT_PAIRS = 16;
  /** Findings of one cell by side/rule:cause. */
  public static final long CELL_FINDINGS = 32;
  /** Known findings' references listed on one cell; the evidence has all. */
  public static final long CELL_KNOWN_FINDINGS = 5;
  /** Status conditions: Ready, Reconciling, Stalled, ClusterReady, HarnessComplete, with room. */
  public static final long CONDITIONS = 8;
  /** Earlier runs kept: both outcomes at their maximum. */
  public static final long HISTORY = 2 * SpecDefaults.MAX_HISTORY;
  /** Causes of one known finding, as spec.knownFindings[].cause. */
  public static final long CAUSES = SpecDefaults.MAX_CAUSES;
  /** Known findings, as spec.knownFindings. */
  public static final long KNOWN_FINDINGS = SpecDefaults.MAX_KNOWN_FINDINGS;
  /** Fingerprints listed of a run's findings; the rest are counted. */
  public static final long FINGERPRINTS = 30;
  /** New fingerprints listed. */
  public static final long NEW_FINGERPRINTS = 5;

  private StatusBounds() {}
}
