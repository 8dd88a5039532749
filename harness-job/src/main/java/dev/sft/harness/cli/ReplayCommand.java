package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunShape;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.replay.ReplayCount;
import dev.sft.harness.replay.ReplaySource;
import dev.sft.harness.replay.ReplayTarget;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.run.EmbeddedRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sft replay}: runs the cell of one repetition's evidence again on the embedded cluster, under the pin that
 * reproduces its finding ({@link ReplayTarget}), and counts the repetitions that show it again ({@link ReplayCount}).
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = "Runs the cell of a repetition's evidence folder again on this machine, as sft local does: the same"
        + " scenario, operation, table layout, writer and jars (those its run's report proves ran, unless --jar gives"
        + " others), under the pin that reproduces the finding the"
        + " evidence shows (its cause decides the pin; for a duplicate-result, which attempt the driver took first;"
        + " a pinned repetition replays under its own pin). Prints the result table and one line 'reproduced k of N',"
        + " and writes a normal run folder under --out. Judged without known findings; the evidence is only read.")
public final class ReplayCommand implements Callable<Integer>, ExitCodeSection.Documented {
  /** A developer's default: enough to see a pin that does not hold; the measurements in bench/ use 20. */
  static final int DEFAULT_REPEAT = 5;

  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.replay(Map.of(
        ReplayExitCode.REPRODUCED, "every repetition showed the evidence's finding again",
        ReplayExitCode.NOT_EVERY_TIME, "a repetition did not (it passed, found something else, or its pin was not"
            + " reached)",
        ReplayExitCode.CANNOT_REPLAY, "bad arguments, or evidence it cannot replay: not one repetition's evidence"
            + " this build reads, a repetition that found nothing, a finding no pin reproduces, jars under test that"
            + " are gone; nothing was started",
        ReplayExitCode.INTERNAL_FAILURE, "the replay could not run (preflight, the cluster) or an internal error"));
  }

  @Parameters(index = "0", paramLabel = "DIR", description = "a repetition's evidence folder (<run-id>/<scenario>-rN"
      + " or <run-id>/<operation>/<scenario>-rN), as sft judge reads it")
  Path dir;

  @Option(names = "--repeat", paramLabel = "<n>", defaultValue = "" + DEFAULT_REPEAT, description = "repetitions of"
      + " the replay, " + RunShape.MIN_REPEAT + " to " + RunShape.MAX_REPEAT + " (default: ${DEFAULT-VALUE}; the"
      + " measured pin rates use 20)")
  int repeat;

  @Option(names = "--out", paramLabel = "<dir>", description = "output folder of the replay's run (default:"
      + " target/sft-local/<run-id> in the sft checkout, or a temporary folder)")
  Path out;

  @Mixin
  JarOptions jarOptions = new JarOptions();

  @Mixin
  EmbeddedClusterOptions cluster = new EmbeddedClusterOptions();

  @Override
  public Integer call() {
    ReplaySource source = ReplaySource.read(dir);
    ReplayTarget target = ReplayTarget.of(source);
    RunShape.requireRepeat("--repeat", repeat);
    int timeoutSeconds = cluster.timeoutSeconds();
    int killTimeoutSeconds = cluster.killTimeoutSeconds();
    int workers = cluster.workers();
    int masterPort = cluster.masterPort();
    Path own = JarSet.ownSparkHome();
    Path home = cluster.sparkHome(own);
    List<Path> jars = jarOptions.jars.isEmpty() ? source.jarsUnderTest() : jarOptions.jars;
    JarSet jarSet = JarSet.resolve(home, own, jars);
    jarSet.matches("--jar").forEach(Progress::say);
    Progress.say("replaying " + source.describe() + ": " + String.join(", ", target.findings()) + " under pin "
        + target.pin().id() + ", " + repeat + " repetition(s), " + (jars.isEmpty() ? "released jars"
            : jars.size() + " jar(s) under test" + (jarOptions.jars.isEmpty() ? " as the evidence ran" : "")));
    String runId = RunIds.generate();
    Path outDir = (out != null ? out : LocalCommand.defaultOut(runId)).toAbsolutePath();
    EmbeddedRun.Result result = new EmbeddedRun(new EmbeddedRun.Settings(runId, List.of(source.scenario()),
        List.of(source.operation()), outDir, timeoutSeconds, killTimeoutSeconds, source.interruptOnCancel(), false,
        repeat, source.writer(), workers, masterPort, jarSet, KnownFindings.NONE, false,
        DriverRun.NEVER_FAIL_ON_STALE, null, null, null, List.of(target.pin()))).run();
    System.out.print("\n" + ReportTable.render(result.report()));
    System.out.println("report:   " + result.reportFile() + " (also " + ReportFiles.JUNIT + ", " + ReportFiles.HTML
        + ")");
    System.out.println("evidence: " + result.evidence());
    System.out.println("output:   " + outDir);
    if (result.exitCode() == RunExitCode.PREFLIGHT_FAILED || result.exitCode() == RunExitCode.INFRASTRUCTURE) {
      System.out.println("not replayed: the run ended with exit " + result.exitCode().code() + " ("
          + result.exitCode() + ")");
      return ReplayExitCode.INTERNAL_FAILURE.code();
    }
    ReplayCount count = ReplayCount.of(result.report().scenarios(), target);
    System.out.println(count.line(target));
    return count.exitCode().code();
  }
}
