package dev.sft.api;

import java.util.List;

/**
 * The defaults of the spec, in one place: the CRD schema's {@code default}s are generated from these constants, and
 * {@link ResolvedSpec} applies the same values when a field is absent (an API server without the schema, or the test
 * mock server, does not default anything).
 */
public final class SpecDefaults {
  public static final String REPEAT = "1";
  /** {@code spec.parallelism}: one Spark cluster unless asked for more. */
  public static final String PARALLELISM = "1";
  public static final String WORKERS = "2";
  public static final String CORES_PER_WORKER = "2";
  public static final String WORKER_MEMORY = "2g";
  public static final String READY_TIMEOUT_SECONDS = "600";
  public static final String HARNESS_TIMEOUT_SECONDS = "180";
  public static final String WRITER = "iceberg";
  /** {@code spec.control}: no control cells unless asked for. */
  public static final String CONTROL = "false";
  /** {@code spec.strict}: a Known repetition does not fail the run unless asked. */
  public static final String STRICT = "false";
  /** {@code spec.failOnStale}: a stale known finding never fails the run unless asked. */
  public static final String FAIL_ON_STALE = "0";
  /** {@code spec.failOnStale}'s bound: more repetitions than a run of the largest spec has. */
  public static final long MAX_FAIL_ON_STALE = 100_000;
  /** {@code spec.knownFindings[].cause}: more ids than {@code dev.sft.contract.Cause} has, so that a new one fits. */
  public static final long MAX_CAUSES = 20;
  /** {@code spec.knownFindings[].cause[]}: longer than any id of {@code dev.sft.contract.Cause}. */
  public static final long CAUSE_ID_MAX_LENGTH = 40;
  /** {@code spec.knownFindings}: as many as {@link dev.sft.contract.KnownFindings} accepts. */
  public static final long MAX_KNOWN_FINDINGS = dev.sft.contract.KnownFindings.MAX_ENTRIES;
  /** {@code dev.sft.contract.DriverRun#DEFAULT_INTERRUPT_ON_CANCEL}; {@code CrdSchemaTest} checks they agree. */
  public static final String INTERRUPT_ON_CANCEL = "true";
  public static final String WORKER_ANTI_AFFINITY = "Preferred";
  public static final String ON_SUCCESS = "DeleteCluster";
  public static final String ON_FAILURE = "Retain";
  public static final String CLAIM_ACCESS_MODE = "ReadWriteMany";

  /**
   * Access modes a shared claim may have: every pod writes it, so ReadOnlyMany and ReadWriteOncePod cannot serve.
   * ReadWriteOnce binds only when all pods run on one node.
   */
  public static final List<String> CLAIM_ACCESS_MODES = List.of("ReadWriteMany", "ReadWriteOnce");
  public static final String ACCESS_MODE_RULE = "self.all(m, m in ['ReadWriteMany', 'ReadWriteOnce'])";

  /** {@code spec.timeZone}: the schedule's wall-clock times are UTC unless a zone is named. */
  /** An image reference: registry host, path, tag and digest. */
  public static final long IMAGE_MAX_LENGTH = 512;
  public static final long MAX_COMMAND_ARGUMENTS = 32;
  public static final long COMMAND_ARGUMENT_MAX_LENGTH = 512;
  /** Room under it for the run's folders in a path the status reports (StatusBounds.PATH). */
  public static final long MOUNT_PATH_MAX_LENGTH = 256;
  /** A claim's or a storage class's name: a DNS subdomain. */
  public static final long OBJECT_NAME_MAX_LENGTH = 253;
  public static final long QUANTITY_MAX_LENGTH = 32;
  public static final long MAX_NODE_SELECTOR = 16;
  /** A label key: an optional DNS-subdomain prefix, '/', and a name of at most 63. */
  public static final long LABEL_KEY_MAX_LENGTH = 317;
  public static final long LABEL_VALUE_MAX_LENGTH = 63;
  public static final long MAX_TOLERATIONS = 16;
  public static final long MAX_IMAGE_PULL_SECRETS = 8;
  public static final long SCHEDULE_MAX_LENGTH = 128;
  public static final String TIME_ZONE = "UTC";
  public static final String SUSPEND = "false";
  public static final String CONCURRENCY_POLICY = "Forbid";
  /** {@code spec.history}: as many succeeded runs as a CronJob keeps, more failed ones (they are read more). */
  public static final String HISTORY_SUCCEEDED = "3";
  public static final String HISTORY_FAILED = "10";
  /** Each bound of {@code spec.history}: the status must stay far below an object's size limit. */
  public static final long MAX_HISTORY = 50;
  /** The controller acts on a firing within seconds; a shorter deadline would miss firings it started in time. */
  public static final long MIN_STARTING_DEADLINE_SECONDS = 10;

  /**
   * What the schema checks of {@code spec.schedule}: five fields of cron's characters, or a macro. The controller's
   * parser ({@code CronSchedule}) checks the rest (ranges, names, a date that never occurs).
   */
  public static final String SCHEDULE_PATTERN = "^(@(yearly|annually|monthly|weekly|daily|midnight|hourly)"
      + "|[0-9A-Za-z*/,-]+( +[0-9A-Za-z*/,-]+){4})$";
  /** IANA zone names: {@code UTC}, {@code Europe/Berlin}, {@code America/Argentina/Buenos_Aires}, {@code Etc/GMT+5}. */
  public static final String TIME_ZONE_PATTERN = "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$";
  public static final long TIME_ZONE_MAX_LENGTH = 64;

  /** Minimums and maximums shared by the schema annotations and the controller's validator. */
  public static final long MIN_WORKERS = 2;
  public static final long MAX_WORKERS = 64;
  public static final long MIN_CORES_PER_WORKER = 2;
  public static final long MIN_REPEAT = dev.sft.contract.RunShape.MIN_REPEAT;
  public static final long MAX_REPEAT = dev.sft.contract.RunShape.MAX_REPEAT;
  public static final long MIN_PARALLELISM = 1;
  /**
   * The most Spark clusters one test runs at once. Eight: a cluster's index is one digit in its children's names (a
   * Job name keeps within 63 characters, a StatefulSet's within 52: {@link Names}), eight clusters of the largest
   * ({@link #MAX_WORKERS} workers) are already 520 pods, and the status's per-cluster records stay small.
   */
  public static final long MAX_PARALLELISM = 8;
  public static final long MIN_SOAK_ROUNDS = 1;
  /** A soak's most rounds: 1,000 without a failure bound its failure rate below 0.3 % (95 %). */
  public static final long MAX_SOAK_ROUNDS = 1000;
  public static final long MIN_SOAK_SECONDS = 60;
  /** A week: a soak's Jobs keep a deadline Kubernetes counts in seconds. */
  public static final long MAX_SOAK_SECONDS = 7 * 24 * 3600;
  public static final long MIN_HARNESS_TIMEOUT_SECONDS = 10;
  public static final long MAX_HARNESS_TIMEOUT_SECONDS = 3600;
  public static final long MIN_READY_TIMEOUT_SECONDS = 30;

  /** Spark's memory strings as the Standalone worker's {@code --memory} takes them, e.g. {@code 2g}, {@code 1536m}. */
  public static final String SPARK_MEMORY_PATTERN = "^[1-9][0-9]*[mgtMGT]$";
  public static final String ABSOLUTE_PATH_PATTERN = "^/.+";

  /**
   * The scenario ids as a CEL list. This is the one copy of {@code dev.sft.contract.ScenarioName} outside the
   * contract, because annotation values must be compile-time constants; {@code CrdSchemaTest} fails when it drifts.
   */
  public static final String SCENARIO_ID_RULE = "self.all(s, s in ['speculation-original-wins', "
      + "'speculation-speculative-wins', 'executor-loss-task-replacement', 'executor-loss-shuffle-loss', "
      + "'executor-loss-after-handoff'])";

  /** The valid entries of spec.pin ({@code CrdSchemaTest} checks them against the contract's {@code Pin}). */
  public static final String PIN_ID_RULE = "self.all(p, p in ['loser-abort-interrupted', "
      + "'shuffle-loss-old-attempt-first', 'shuffle-loss-new-attempt-first'])";
  /** spec.pin's largest size, the contract's {@code Pin.MAX_PINS}. */
  public static final long MAX_PINS = 4;
  /** The longest pin id; bounds the CEL rule's cost. */
  public static final long PIN_ID_MAX_LENGTH = 40;

  /** Every scenario, the list's largest size ({@code CrdSchemaTest} checks it against the contract). */
  public static final long SCENARIO_COUNT = 5;
  /** The families' control scenarios spec.control adds. */
  public static final long CONTROL_COUNT = 3;

  /**
   * The longest scenario id ({@code executor-loss-task-replacement}), each item's largest length: with the list's
   * size it bounds the estimated cost of the CEL rules an API server computes when it accepts the CRD
   * ({@code CrdSchemaTest} checks it against the contract).
   */
  public static final long SCENARIO_ID_MAX_LENGTH = 30;

  /**
   * The operation ids ({@code dev.sft.contract.WriteOperation}) as a CEL list, for the same reason as
   * {@link #SCENARIO_ID_RULE}; {@code CrdSchemaTest} fails when it drifts.
   */
  public static final String OPERATION_ID_RULE = "self.all(o, o in ['append', 'append-partitioned', "
      + "'overwrite', 'overwrite-partitioned', 'delete-cow', 'delete-cow-partitioned', 'delete-mor', "
      + "'delete-mor-partitioned', 'delete-dv', 'delete-dv-partitioned', 'update-cow', "
      + "'update-cow-partitioned', 'update-mor', 'update-mor-partitioned', 'update-dv', "
      + "'update-dv-partitioned', 'merge-cow', 'merge-cow-partitioned', 'merge-mor', 'merge-mor-partitioned', "
      + "'merge-dv', 'merge-dv-partitioned'])";

  public static final long OPERATION_COUNT = 22;

  /**
   * The longest operation id ({@code delete-cow-partitioned} and its kin), each item's largest length, for the same
   * reason as {@link #SCENARIO_ID_MAX_LENGTH}.
   */
  public static final long OPERATION_ID_MAX_LENGTH = 22;

  /**
   * A test's name must be valid for every child named after it ({@code dev.sft.api.Names}): the
   * Services {@code <name>-master} and {@code <name>-worker} need a DNS-1035 label (a lower-case letter first, then
   * letters, digits and '-', no dot), so the name itself must be one; an API server checks a custom resource's name
   * only as a DNS-1123 subdomain, which lets {@code 1-nightly} and {@code a.b} through.
   */
  public static final String NAME_PATTERN = "^[a-z]([-a-z0-9]*[a-z0-9])?$";

  /**
   * A StatefulSet's name plus its pods' controller-revision-hash label must fit 63 characters, so
   * {@code <name>-worker} may have at most 52, leaving 45 for the test's own name.
   */
  public static final int MAX_NAME_LENGTH = 45;

  /** The CEL rules on {@code metadata.name} (only name and generateName are visible to a root-level rule). */
  public static final String NAME_PATTERN_RULE = "self.metadata.name.matches('" + NAME_PATTERN + "')";
  public static final String NAME_PATTERN_MESSAGE = "metadata.name must be a lower-case DNS-1035 label (a letter "
      + "first, then lower-case letters, digits and '-', ending with a letter or digit, no '.'): the test's Services "
      + "are named after it";
  public static final String NAME_LENGTH_RULE = "size(self.metadata.name) <= " + MAX_NAME_LENGTH;
  public static final String NAME_LENGTH_MESSAGE = "metadata.name must be at most " + MAX_NAME_LENGTH
      + " characters: child names such as <name>-worker and its pods' labels must stay within 63";

  private SpecDefaults() {}
}
