package dev.sft.controller.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sft.contract.WriterName;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.FailureRateStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The tests' results as Prometheus metrics, through Quarkus' Micrometer registry (served at {@code /q/metrics}).
 * Fed by {@link RunMetricsEventSource} with every version of every test the controller's informer sees; docs/operations.md
 * lists the metrics.
 *
 * <p><b>Counters</b> ({@code sft_repetitions_total}, {@code sft_runs_total}, {@code sft_run_duration_seconds}) count a
 * run once, when a version of the test shows it finished and the version before did not (a run that was not finished,
 * or another run). That transition is the status write that finished the run, as the API server accepted it: a
 * reconcile repeated on a stale view fails its write (optimistic locking) and never shows up here, a resync shows the
 * same version twice, and a controller restart lists every test as added, never as a transition. So a run is counted
 * at most once per controller process; a run that finished while no controller ran is not counted. Counters restart
 * at zero with the controller, which Prometheus' {@code increase()} and {@code rate()} handle; exact counts stay in the
 * status and the report.
 *
 * <p><b>Gauges</b> are set from the status on every version seen, so they are rebuilt from the informer's initial list
 * after a restart. Every series of a deleted test is removed ({@link #forget}).
 *
 * <p>Only the leader ({@link Leadership}) exports series, so that two replicas never show two of one test: a follower
 * keeps the gauges' values from its own informer but registers none until it leads, and counts no run (it starts
 * counting when it leads, as after a restart). Labels are bounded: namespace, test,
 * scenario, operation, writer, verdicts, outcome and phase; never a run id.
 */
@ApplicationScoped
public class RunMetrics {
  private static final Logger LOG = Logger.getLogger(RunMetrics.class);

  // Micrometer names; the Prometheus names follow from its naming convention (dots to underscores, "_total" for
  // counters, "_seconds" for timers).
  /** {@code sft_repetitions_total}: repetitions of finished runs by cell, writer and both verdicts. */
  public static final String REPETITIONS = "sft.repetitions";
  /** {@code sft_runs_total}: finished runs by outcome. */
  public static final String RUNS = "sft.runs";
  /** {@code sft_run_duration_seconds}: start to completion of finished runs, a histogram. */
  public static final String RUN_DURATION = "sft.run.duration";
  /** {@code sft_last_run_timestamp_seconds}: when the latest finished run ended. */
  public static final String LAST_RUN = "sft.last.run.timestamp.seconds";
  /** {@code sft_last_run_succeeded}: 1 when the latest finished run succeeded, 0 when it failed. */
  public static final String LAST_RUN_SUCCEEDED = "sft.last.run.succeeded";
  /**
   * {@code sft_last_run_known_repetitions}: the latest finished run's repetitions that failed only by known findings;
   * 0 when it had none, so "succeeded" (succeeded and 0) is told from "succeeded with known findings".
   */
  public static final String LAST_RUN_KNOWN = "sft.last.run.known.repetitions";
  /** {@code sft_last_success_timestamp_seconds}: when the latest succeeded run the status remembers ended. */
  public static final String LAST_SUCCESS = "sft.last.success.timestamp.seconds";
  /** {@code sft_test_created_timestamp_seconds}: the test's creation, for "no success since" alerts. */
  public static final String CREATED = "sft.test.created.timestamp.seconds";
  /** {@code sft_test_phase}: 1 for the test's current phase, 0 for the others. */
  public static final String PHASE = "sft.test.phase";
  /** {@code sft_cell_failure_rate}: per cell of the latest finished run, the failure rate and its 95 % interval. */
  public static final String CELL_FAILURE_RATE = "sft.cell.failure.rate";

  private static final Set<String> NAMES = Set.of(REPETITIONS, RUNS, RUN_DURATION, LAST_RUN, LAST_RUN_SUCCEEDED,
      LAST_RUN_KNOWN, LAST_SUCCESS, CREATED, PHASE, CELL_FAILURE_RATE);
  /** Histogram buckets of a run's duration: a run takes minutes (one cell) to hours (the whole matrix, repeated). */
  private static final Duration[] DURATION_BUCKETS = {Duration.ofMinutes(2), Duration.ofMinutes(5),
      Duration.ofMinutes(10), Duration.ofMinutes(20), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2),
      Duration.ofHours(4), Duration.ofHours(8), Duration.ofHours(16)};
  private static final ObjectMapper JSON = new ObjectMapper();

  private final MeterRegistry registry;
  private final Leadership leadership;
  private final Map<GaugeKey, GaugeValue> gauges = new ConcurrentHashMap<>();
  /** The latest run counted per test (namespace/name): never the same run twice, whatever the events' order. */
  private final Map<String, String> countedRuns = new ConcurrentHashMap<>();

  public RunMetrics(MeterRegistry registry, Leadership leadership) {
    this.registry = registry;
    this.leadership = leadership;
    leadership.whenLeading(this::exportGauges);
  }

  /** Registers every gauge kept so far: this replica leads now. */
  private synchronized void exportGauges() {
    gauges.values().forEach(v -> v.export(registry));
  }

  /** A test as the informer first lists it (also after a restart): gauges only, nothing is counted. */
  public synchronized void observe(SchedulerFailureTest test) {
    setGauges(test);
  }

  /** A new version of a test: counts the run it finished, if it finished one, and sets the gauges. */
  public synchronized void observeUpdate(SchedulerFailureTest previous, SchedulerFailureTest current) {
    String finished = finishedRun(current);
    // a follower counts nothing: the leader counts the run, and two replicas' counters would sum to twice the runs
    if (leadership.leads() && finished != null && !finished.equals(finishedRun(previous))
        && !finished.equals(countedRuns.put(key(current), finished))) {
      countFinishedRun(current);
    }
    setGauges(current);
  }

  /** A deleted test: every series of it goes. */
  public synchronized void forget(SchedulerFailureTest test) {
    Tags tags = testTags(test);
    gauges.keySet().removeIf(key -> hasTags(key, tags));
    for (Meter meter : List.copyOf(registry.getMeters())) {
      Meter.Id id = meter.getId();
      if (NAMES.contains(id.getName()) && Objects.equals(id.getTag("namespace"), namespace(test))
          && Objects.equals(id.getTag("test"), test.getMetadata().getName())) {
        registry.remove(meter);
      }
    }
    countedRuns.remove(key(test));
  }

  /** The run id when the test's current run has finished, else null. */
  private static String finishedRun(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test == null ? null : test.getStatus();
    return status != null && status.phase != null && status.phase.finished() ? status.runId : null;
  }

  private void countFinishedRun(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    Tags tags = testTags(test);
    String writer = writer(status.runSpec);
    for (CellStatus cell : status.cells) {
      if (cell.verdicts == null) {
        continue;
      }
      for (var pair : cell.verdicts.entrySet()) {
        String[] verdicts = pair.getKey().split("/", 2);
        if (verdicts.length != 2 || pair.getValue() == null) {
          LOG.warnf("test %s: cell %s/%s has a verdict pair '%s' that is not scheduler/storage; not counted",
              key(test), cell.name, cell.operation, pair.getKey());
          continue;
        }
        registry.counter(REPETITIONS, tags.and("scenario", String.valueOf(cell.name),
                "operation", String.valueOf(cell.operation), "writer", writer,
                "scheduler", verdicts[0], "storage", verdicts[1]))
            .increment(pair.getValue());
      }
    }
    Tags outcome = tags.and("outcome", status.phase.name());
    registry.counter(RUNS, outcome).increment();
    Instant start = instant(status.startTime);
    Instant end = instant(status.completionTime);
    if (start != null && end != null && !end.isBefore(start)) {
      Timer.builder(RUN_DURATION).tags(outcome).serviceLevelObjectives(DURATION_BUCKETS).register(registry)
          .record(Duration.between(start, end));
    }
  }

  private void setGauges(SchedulerFailureTest test) {
    Tags tags = testTags(test);
    Instant created = instant(test.getMetadata().getCreationTimestamp());
    setGauge(CREATED, tags, created == null ? null : seconds(created));
    SchedulerFailureTestStatus status = test.getStatus();
    Phase phase = status == null || status.phase == null ? Phase.Pending : status.phase;
    for (Phase each : Phase.values()) {
      setGauge(PHASE, tags.and("phase", each.name()), each == phase ? 1.0 : 0.0);
    }
    List<RunRecord> finished = status == null ? List.of() : finishedRuns(status);
    RunRecord last = finished.stream().max(Comparator.comparing(r -> instant(r.completionTime))).orElse(null);
    setGauge(LAST_RUN, tags, last == null ? null : seconds(instant(last.completionTime)));
    setGauge(LAST_RUN_SUCCEEDED, tags, last == null ? null : last.outcome == Phase.Succeeded ? 1.0 : 0.0);
    setGauge(LAST_RUN_KNOWN, tags, last == null ? null : last.known == null ? 0.0 : last.known.doubleValue());
    Double lastSuccess = finished.stream().filter(r -> r.outcome == Phase.Succeeded)
        .map(r -> seconds(instant(r.completionTime))).max(Double::compare).orElse(null);
    setGauge(LAST_SUCCESS, tags, lastSuccess);
    // The cells in the status are the current run's, filled Job by Job: only a finished run's replace the series, so
    // that a run in progress shows the previous run's rates instead of a partial set.
    if (phase.finished() && status != null) {
      gauges.keySet().stream().filter(k -> k.name().equals(CELL_FAILURE_RATE) && hasTags(k, tags)).toList()
          .forEach(k -> setGauge(k.name(), k.tags(), null));
      for (CellStatus cell : status.cells) {
        FailureRateStatus rate = cell.failureRate;
        if (rate == null) {
          continue;
        }
        Tags cellTags = tags.and("scenario", String.valueOf(cell.name), "operation", String.valueOf(cell.operation));
        setGauge(CELL_FAILURE_RATE, cellTags.and("bound", "estimate"), fraction(rate.estimate));
        setGauge(CELL_FAILURE_RATE, cellTags.and("bound", "low"), fraction(rate.low));
        setGauge(CELL_FAILURE_RATE, cellTags.and("bound", "high"), fraction(rate.high));
      }
    }
  }

  /** The current run if it finished, and the earlier runs of {@code status.history}, each with a completion time. */
  private static List<RunRecord> finishedRuns(SchedulerFailureTestStatus status) {
    List<RunRecord> runs = new ArrayList<>();
    if (status.phase != null && status.phase.finished()) {
      RunRecord current = new RunRecord();
      current.outcome = status.phase;
      current.completionTime = status.completionTime;
      current.known = status.known;
      runs.add(current);
    }
    if (status.history != null) {
      runs.addAll(status.history);
    }
    runs.removeIf(r -> r.outcome == null || !r.outcome.finished() || instant(r.completionTime) == null);
    return runs;
  }

  /** Sets a gauge, registering it on first use; null removes it (a value the status no longer has). */
  private void setGauge(String name, Tags tags, Double value) {
    GaugeKey key = new GaugeKey(name, tags);
    if (value == null) {
      GaugeValue removed = gauges.remove(key);
      if (removed != null && removed.gauge != null) {
        registry.remove(removed.gauge);
      }
      return;
    }
    GaugeValue gauge = gauges.computeIfAbsent(key, GaugeValue::new);
    gauge.value = value;
    if (leadership.leads()) {
      gauge.export(registry);
    }
  }

  private static boolean hasTags(GaugeKey key, Tags tags) {
    List<Tag> all = key.tags().stream().toList();
    return tags.stream().allMatch(all::contains);
  }

  /** The writer the run executed, from its spec ({@code status.runSpec}, JSON); the CRD's default when it names none. */
  private static String writer(String runSpec) {
    if (runSpec == null) {
      return "unknown";
    }
    try {
      String writer = JSON.readTree(runSpec).path("harness").path("writer").asText("");
      return writer.isEmpty() ? WriterName.ICEBERG.id() : writer;
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  /** A decimal fraction as the status writes it ("0.0500"), or null when absent or not a number. */
  private static Double fraction(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Double.valueOf(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Instant instant(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static double seconds(Instant instant) {
    return instant.toEpochMilli() / 1000.0;
  }

  private static Tags testTags(SchedulerFailureTest test) {
    return Tags.of("namespace", namespace(test), "test", test.getMetadata().getName());
  }

  private static String namespace(SchedulerFailureTest test) {
    return String.valueOf(test.getMetadata().getNamespace());
  }

  private static String key(SchedulerFailureTest test) {
    return namespace(test) + "/" + test.getMetadata().getName();
  }

  private record GaugeKey(String name, Tags tags) {}

  /** A gauge's current value, and its gauge once exported; the gauge holds it weakly, this map strongly. */
  private static final class GaugeValue {
    final GaugeKey key;
    volatile double value;
    Gauge gauge;

    GaugeValue(GaugeKey key) {
      this.key = key;
    }

    void export(MeterRegistry registry) {
      if (gauge == null) {
        gauge = Gauge.builder(key.name(), this, v -> v.value).tags(key.tags()).strongReference(true)
            .register(registry);
      }
    }
  }
}
