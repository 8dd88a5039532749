package dev.sft.controller.status;

import dev.sft.contract.CellFailure;
import dev.sft.contract.FailureRate;
import dev.sft.contract.RunMerge;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.api.SchedulerFailureTestStatus.CellFailureStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.FailureRateStatus;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The status record of one cell: copied from a harness's cell summary, completed with Unknown for every repetition
 * the harness did not report, or voided when no verdict of its Job can stand. Counts always add up to the cell's
 * repetitions, and the failure rate is recomputed from them. A cell run by several Jobs (clusters) is summed from
 * their summaries by {@link dev.sft.contract.RunMerge#cells} before it is recorded here: a Job's termination message
 * carries cell summaries, not repetitions, so that is the merge's entry point the controller can use.
 */
public final class CellRecords {
  private CellRecords() {}

  /** The finding of a repetition the harness never reported. */
  static final String NOT_REPORTED = new dev.sft.contract.Finding(dev.sft.contract.Check.SCHEDULER,
      dev.sft.contract.Finding.NOT_REPORTED, dev.sft.contract.Cause.UNJUDGED).id();

  /** The cell a harness reported, with Unknown for the repetitions missing from its report. */
  public static CellStatus reported(ScenarioStats stats, String job, int repetitions, String missingWhy) {
    CellStatus cell = new CellStatus();
    cell.name = stats.name();
    cell.operation = stats.writeOperation().id();
    cell.job = job;
    cell.repetitions = repetitions;
    cell.passed = stats.passed();
    cell.failed = stats.failed();
    cell.known = stats.known();
    cell.unknown = stats.unknown();
    cell.verdicts = stats.verdicts().isEmpty() ? null : new TreeMap<>(stats.verdicts());
    cell.knownFindings = stats.knownFindings().isEmpty() ? null : stats.knownFindings();
    cell.durationMedianMs = stats.runs() == 0 ? null : stats.durationMedianMs();
    cell.findings = stats.findings().isEmpty() ? null : new TreeMap<>(stats.findings());
    cell.environmentUnknown = stats.environmentUnknown() == 0 ? null : stats.environmentUnknown();
    if (stats.latestFailure() != null) {
      var latest = stats.latestFailure();
      cell.latestFailure = failure(latest.repetition(), latest.outcome(), latest.rule(), latest.message(),
          latest.evidence());
    }
    int missing = repetitions - stats.runs();
    if (missing > 0) {
      cell.unknown += missing;
      // A repetition the harness never reported counts against the build: its driver may have crashed under it.
      cell.findings = cell.findings == null ? new TreeMap<>() : cell.findings;
      cell.findings.merge(NOT_REPORTED, missing, Integer::sum);
      addVerdicts(cell, missing);
      cell.latestFailure = failure(repetitions, Verdict.Unknown, null,
          missing + " of " + repetitions + " repetitions " + missingWhy, null);
    }
    rate(cell);
    return cell;
  }

  /** A cell the harness did not report at all: every repetition Unknown. */
  public static CellStatus unreported(String name, String operation, String job, int repetitions, String why) {
    CellStatus cell = new CellStatus();
    cell.name = name;
    cell.operation = operation;
    cell.job = job;
    cell.repetitions = repetitions;
    cell.unknown = repetitions;
    addVerdicts(cell, repetitions);
    cell.latestFailure = failure(repetitions, Verdict.Unknown, null, why, null);
    rate(cell);
    return cell;
  }

  /** The same cell with every repetition Unknown, {@code why} leading its latest failure's message. */
  public static CellStatus voided(CellStatus cell, String why) {
    String earlier = cell.latestFailure == null ? null : cell.latestFailure.message;
    CellStatus voided = unreported(cell.name, cell.operation, cell.job, cell.repetitions,
        earlier == null ? why : why + "; " + earlier);
    voided.build = cell.build;
    voided.pin = cell.pin;
    return voided;
  }

  /**
   * One cell's record over two shares of its repetitions (two clusters' Jobs of one build, {@code spec.parallelism}),
   * summed by the one merge ({@link RunMerge#cells}) as any other parts of a run: counts, verdicts and findings added,
   * the rate recomputed from the sums, the latest failure the one of the higher repetition number, the median
   * duration the shares' medians weighted by their repetitions (a status keeps no more). The job is {@code first}'s:
   * the first cluster's Job recorded.
   */
  public static CellStatus merged(CellStatus first, CellStatus second) {
    ScenarioStats sum = RunMerge.cells(List.of(List.of(summary(first)), List.of(summary(second)))).get(0);
    CellStatus cell = reported(sum, first.job, first.repetitions + second.repetitions, "");
    cell.build = first.build;
    cell.pin = first.pin;
    cell.findingsOmitted = first.findingsOmitted == null && second.findingsOmitted == null ? null
        : (first.findingsOmitted == null ? 0 : first.findingsOmitted)
            + (second.findingsOmitted == null ? 0 : second.findingsOmitted);
    return cell;
  }

  /**
   * The cell summary a status record holds: every repetition counted (those the harness never reported as the Unknown
   * they were recorded as), the median duration its only one.
   */
  public static ScenarioStats summary(CellStatus cell) {
    WriteOperation operation = WriteOperation.fromId(cell.operation);
    long median = cell.durationMedianMs == null ? 0 : cell.durationMedianMs;
    CellFailureStatus latest = cell.latestFailure;
    return new ScenarioStats(cell.name, operation.operation().id(), operation.layout().id(), cell.repetitions,
        cell.passed, cell.failed, cell.unknown, median, median, median, cell.known, cell.verdicts,
        latest == null ? null : new CellFailure(latest.repetition, latest.outcome, latest.rule, latest.message,
            latest.evidence),
        cell.knownFindings, null, cell.findings, cell.environmentUnknown == null ? 0 : cell.environmentUnknown,
        cell.pin);
  }

  /** Every repetition passed both verdicts, or, unless {@code strict}, failed only by known findings. */
  public static boolean accepted(CellStatus cell, boolean strict) {
    return cell.failed == 0 && cell.unknown == 0 && (!strict || cell.known == 0)
        && cell.passed + cell.known == cell.repetitions;
  }

  private static void addVerdicts(CellStatus cell, int unknown) {
    if (cell.verdicts == null) {
      cell.verdicts = new TreeMap<>();
    }
    cell.verdicts.merge(ScenarioStats.verdictPair(Verdict.Unknown, Verdict.Unknown), unknown, Integer::sum);
  }

  private static void rate(CellStatus cell) {
    FailureRate rate = FailureRate.wilson(cell.failed + cell.known, cell.passed + cell.failed + cell.known);
    FailureRateStatus status = new FailureRateStatus();
    status.estimate = fraction(rate.estimate());
    status.low = fraction(rate.low());
    status.high = fraction(rate.high());
    status.text = rate.describe();
    cell.failureRate = status;
  }

  private static String fraction(double value) {
    return String.format(Locale.ROOT, "%.4f", value);
  }

  private static CellFailureStatus failure(int repetition, Verdict outcome, String rule, String message,
      String evidence) {
    CellFailureStatus failure = new CellFailureStatus();
    failure.repetition = repetition;
    failure.outcome = outcome;
    failure.rule = rule;
    failure.message = message;
    failure.evidence = evidence;
    return failure;
  }
}
