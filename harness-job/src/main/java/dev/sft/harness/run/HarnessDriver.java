package dev.sft.harness.run;

import dev.sft.contract.DriverRun;
import dev.sft.harness.judge.ControlAttribution;
import dev.sft.contract.Check;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.Report;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.driver.MasterUrl;
import dev.sft.harness.driver.PlanRecorder;
import dev.sft.harness.driver.Preflight;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.driver.SchedulerEventLog;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.jars.LoadedJars;
import dev.sft.harness.report.JarReport;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.report.RunReportMerge;
import dev.sft.harness.table.Fixture;
import dev.sft.harness.scenario.ScenarioContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import dev.sft.harness.evidence.Markers;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/** One driver run: one SparkContext (so one speculation setting), preflight, then the selected scenarios. */
public final class HarnessDriver {
  private HarnessDriver() {}

  /** The report and the exit code it implies. */
  public record Outcome(Report report, RunExitCode exitCode) {}

  public static Outcome run(DriverRunOptions options) {
    Instant start = Instant.now();
    String startedAt = start.toString();
    DriverRunDeadline deadline = new DriverRunDeadline(start, options.driverRun());
    MasterUrl.requireReachable(options.master(), 5_000);
    try {
      Files.createDirectories(options.runDir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create run directory " + options.runDir(), e);
    }

    Progress.say("driver run " + options.runId() + " (" + options.driverRun().group() + ") against " + options.master()
        + "; evidence under " + options.runDir());
    SparkConf conf = SparkSettings.conf(options.sparkInputs());
    // What this driver run was asked for and the configuration it was judged under, as evidence.
    Markers.publish(options.driverDir().resolve(EvidenceLayout.DRIVER_RUN), options.driverRun());
    Markers.publishText(options.driverDir().resolve(EvidenceLayout.SPARK_CONF), Arrays.stream(conf.getAll())
        .map(e -> e._1() + "=" + e._2()).sorted().collect(Collectors.joining("\n", "", "\n")));
    SparkSession spark = SparkSession.builder().config(conf).getOrCreate();
    SchedulerEventLog events = new SchedulerEventLog(
        options.driverDir().resolve(EvidenceLayout.SCHEDULER_EVENTS));
    spark.sparkContext().addSparkListener(events);
    PlanRecorder plans = new PlanRecorder();
    spark.listenerManager().register(plans);
    try {
      Progress.say("preflight: waiting for executors on two hosts, then checking shared storage and concurrency");
      Preflight.Result preflight = Preflight.run(spark, options.runDir(), options.timeout(),
          LoadedJars.probes(options.jarsUnderTest()));
      preflight.jars().forEach(jar -> Progress.say("jar: " + JarReport.line(jar)));
      if (!preflight.passed()) {
        Progress.say("preflight FAILED: " + preflight.message());
        List<ScenarioResult> notRun = notRun(options, "not run: preflight failed").stream()
            .map(r -> r.withCluster(options.driverRun().cluster())).toList();
        Report report = Report.of(options.runId(), options.writer().id(), options.master(), notRun, startedAt,
            Instant.now().toString(), "preflight failed: " + preflight.message(), preflight.jars(),
            options.driverRun().knownFindings().uses(options.writer().id(), notRun));
        return new Outcome(write(report, options), RunExitCode.PREFLIGHT_FAILED);
      }
      Progress.say("preflight passed: " + preflight.message());

      Progress.say("preparing the four source files (" + Fixture.TOTAL_ROWS + " rows)");
      Fixture fixture = Fixture.prepare(spark, options.runDir(), options.runDir().resolve("warehouse"),
          options.timeout());
      if (options.speculation()) {
        Progress.say("warming up the write path on every executor (an unmonitored append to "
            + Fixture.qualified(Fixture.WARM_UP_TABLE) + ")");
        fixture.warmUp();
      }
      ScenarioContext context = new ScenarioContext(
          spark, events, plans, fixture, options.runDir(), options.timeout(),
          Duration.ofSeconds(options.driverRun().killTimeoutSeconds()), options.driverRun().interruptOnCancel(),
          options.keepFixtures(),
          options.driverRun().killCommand(), options.writer(), options.driverRun().pins());
      List<ScenarioResult> results = new Repetitions(options.driverRun(), options.runDir().toString(),
          Repetitions.onDriver(context), deadline, start).run();
      results = attributeToControls(results);
      KnownFindings known = options.driverRun().knownFindings();
      String writer = options.writer().id();
      // Each repetition names the Spark cluster of several it ran on (spec.parallelism), null for a single cluster.
      List<ScenarioResult> judged = results.stream().map(r -> known.classify(writer, r))
          .map(r -> r.withCluster(options.driverRun().cluster())).toList();
      judged.stream().filter(ScenarioResult::known).forEach(r -> Progress.say(r.cell() + " #" + r.repetition()
          + " Known: fails only by acknowledged findings " + r.knownFindings()));
      Report report = Report.of(options.runId(), writer, options.master(), judged, startedAt,
          Instant.now().toString(), null, preflight.jars(), known.uses(writer, results));
      return new Outcome(write(report, options), judged(report, options));
    } finally {
      spark.stop();
      events.close();
    }
  }

  /**
   * Each failure cell's findings counted in the control repetitions of its family and operation: each family's control
   * needs its family's speculation setting ({@link ScenarioName#familyControl}), so it ran in this driver run.
   */
  private static List<ScenarioResult> attributeToControls(List<ScenarioResult> results) {
    return ControlAttribution.attribute(results, results);
  }

  /**
   * This driver run's exit code. A stale known finding fails it ({@code --fail-on-stale}) only when stale in the run
   * report of every driver run so far: an entry one driver run matched is not stale for the run, and the last driver
   * run of a run judges the whole run.
   */
  private static RunExitCode judged(Report own, DriverRunOptions options) {
    RunExitCode exit = RunExitCode.judged(own, options.driverRun().strict());
    int bound = options.driverRun().failOnStale();
    if (exit != RunExitCode.PASSED || bound == DriverRun.NEVER_FAIL_ON_STALE) {
      return exit;
    }
    Report run;
    try {
      run = dev.sft.contract.ReportJson.read(options.runDir().resolve(DriverRun.REPORT_FILE));
    } catch (IOException e) {
      Progress.say("cannot read the run report to judge stale known findings, so the run fails: " + e.getMessage());
      return RunExitCode.SCENARIO_NOT_PASSED;
    }
    List<dev.sft.contract.KnownFindingUse> stale = run.staleFailures(bound);
    stale.forEach(u -> Progress.say("stale known finding fails the run (" + DriverRun.FAIL_ON_STALE_OPTION + " "
        + bound + "): " + u.describeStale()));
    return stale.isEmpty() ? exit : RunExitCode.SCENARIO_NOT_PASSED;
  }

  /** Every repetition as Unknown, each naming the preflight as the rule that stopped it. */
  private static List<ScenarioResult> notRun(DriverRunOptions options, String why) {
    List<Check> preflight = List.of(new Check(Check.SCHEDULER, "preflight", Verdict.Unknown, why));
    return options.driverRun().unknownResults(options.runDir().toString(), why).stream()
        .map(r -> r.withMessage(r.message(), preflight)).toList();
  }

  /** This driver run's own report, then the run's report merged from it and the other driver run's. */
  private static Report write(Report report, DriverRunOptions options) {
    ReportFiles.write(report, options.report());
    Progress.say("report written to " + options.report());
    Path runReport = RunReportMerge.write(options.runDir(), options.runId(), options.driverRun().group(), report);
    Progress.say("run report (every driver run so far) written to " + runReport);
    return report;
  }
}
