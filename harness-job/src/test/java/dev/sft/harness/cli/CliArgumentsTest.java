package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad arguments get exit code 2 and a message naming the problem, before anything is started. */
class CliArgumentsTest {
  record Outcome(int exit, String err) {}

  static Outcome run(String... args) {
    CommandLine cli = SftCli.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err));
    cli.setOut(new PrintWriter(new StringWriter()));
    return new Outcome(cli.execute(args), err.toString());
  }

  @Test
  void rejectsAMissingJarUnderTestAndASparkHomeThatIsNoSparkDistribution(@TempDir Path dir) throws Exception {
    Outcome jar = run("run", "--master", "spark://127.0.0.1:7077", "--shared-root", dir.toString(), "--jar",
        dir.resolve("nope.jar").toString());
    assertThat(jar.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(jar.err).contains("--jar").contains("is not a file");
    Outcome home = run("local", "--spark-home", Files.createDirectories(dir.resolve("not-spark/jars")).getParent()
        .toString(), "--out", dir.resolve("out").toString());
    assertThat(home.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(home.err).contains("is not a Spark distribution");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void theHelpOfLocalAndRunNamesEveryKnownScenarioAndOperation() {
    for (String command : new String[] {"local", "run"}) {
      StringWriter help = new StringWriter();
      CommandLine sub = SftCli.commandLine().getSubcommands().get(command);
      sub.usage(new PrintWriter(help));
      String text = help.toString().replaceAll("\\s+", " ");
      assertThat(text).as(command).doesNotContain("${sys:").doesNotContain("known: null");
      for (dev.sft.contract.WriteOperation operation : dev.sft.contract.WriteOperation.all()) {
        assertThat(text).as(command).contains(operation.id());
      }
    }
    StringWriter run = new StringWriter();
    SftCli.commandLine().getSubcommands().get("run").usage(new PrintWriter(run));
    assertThat(run.toString().replaceAll("\\s+", " ")).contains(dev.sft.contract.ScenarioName.allIds());
  }

  @Test
  void rejectsALocalMaster(@TempDir Path shared) {
    Outcome o = run("run", "--master", "local[4]", "--shared-root", shared.toString());
    assertThat(o.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(o.err).contains("local[...]");
  }

  @Test
  void rejectsARelativeOrMissingSharedRoot(@TempDir Path dir) {
    assertThat(run("run", "--master", "spark://127.0.0.1:7077", "--shared-root", "relative/path").err)
        .contains("must be an absolute path");
    Outcome missing = run("run", "--master", "spark://127.0.0.1:7077", "--shared-root",
        dir.resolve("nope").toString());
    assertThat(missing.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(missing.err).contains("does not exist");
  }

  @Test
  void rejectsBadValuesWithTheOptionName(@TempDir Path shared) {
    String root = shared.toString();
    assertThat(run("run", "--master", "spark://h:7077", "--shared-root", root, "--speculation=maybe").err)
        .contains("Invalid value for option '--speculation': 'maybe' is not a boolean");
    assertThat(run("run", "--master", "spark://h:7077", "--shared-root", root, "--timeout", "0").err)
        .contains("--timeout must be at least 1");
    assertThat(run("run", "--master", "spark://h:7077", "--shared-root", root, "--scenarios", "nope").err)
        .contains("unknown scenario 'nope'");
    assertThat(run("run", "--master", "spark://h:7077", "--shared-root", root, "--run-id", "Bad_Id").err)
        .contains("run id 'Bad_Id'");
    assertThat(run("run", "--master", "spark://h:7077", "--shared-root", root, "--conf", "novalue").err)
        .contains("is not KEY=VALUE");
    assertThat(run("local", "--timeout", "abc").exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(run("local", "--workers", "0").err).contains("--workers must be at least 1");
  }

  @Test
  void aSpeculationScenarioCannotRunInADriverRunWithoutSpeculation(@TempDir Path shared) {
    Outcome o = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", shared.toString(),
        "--speculation", "false", "--scenarios", "speculation-original-wins");
    assertThat(o.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(o.err).contains("needs spark.speculation=true");
  }

  @Test
  void badKnownFindingsAControlWithSpeculationAndABadOwnKillCommandAreRefusedBeforeAnythingStarts(@TempDir Path dir)
      throws Exception {
    String root = dir.toString();
    Outcome missing = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root,
        "--known-findings", dir.resolve("no-such.json").toString());
    assertThat(missing.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(missing.err).contains("--known-findings " + dir.resolve("no-such.json") + " is not a file");
    Path bad = Files.writeString(dir.resolve("known.json"), "[{\"rule\": \"loser.no-files-left\"}]");
    Outcome invalid = run("local", "--known-findings", bad.toString());
    assertThat(invalid.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(invalid.err).contains("known.json: entry 1: reference is required");
    Outcome kill = run("local", "--kill-command", dir.resolve("no-such-killer").toString());
    assertThat(kill.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(kill.err).contains("is not an executable file");
  }

  @Test
  void lossScenariosNeedAnExecutableKillCommand(@TempDir Path shared) {
    String root = shared.toString();
    Outcome none = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false");
    assertThat(none.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(none.err).contains("need a kill command");
    Outcome missing = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false",
        "--kill-command", shared.resolve("no-such-killer").toString());
    assertThat(missing.err).contains("is not an executable file");
  }

  @Test
  void aComparisonNeedsABuildAndNoTerminationLogAndTheControlAloneNeedsNoKillCommand(@TempDir Path shared)
      throws Exception {
    String root = shared.toString();
    Path jar = java.nio.file.Files.writeString(shared.resolve("x.jar"), "");
    Outcome nothing = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false",
        "--scenarios", "control-executor-loss", "--compare");
    assertThat(nothing.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(nothing.err).contains("--compare needs a build to compare").doesNotContain("kill command");
    Outcome log = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false",
        "--scenarios", "control-executor-loss", "--compare", "--jar", jar.toString(), "--termination-log",
        shared.resolve("log").toString());
    assertThat(log.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(log.err).contains("--compare and --termination-log exclude each other");
    assertThat(shared.resolve("log")).doesNotExist();
  }

  @Test
  void aComparisonsCandidateMustCarryItsRunIdAndIsNoTurnTakingComparison(@TempDir Path shared) {
    String root = shared.toString();
    Outcome wrongId = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false",
        "--scenarios", "control-executor-loss", "--run-id", "nightly-r1", "--comparison", "nightly-r1");
    assertThat(wrongId.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(wrongId.err).contains("--comparison nightly-r1 is for the candidate's driver runs, whose run id is"
        + " nightly-r1-candidate; this one's is nightly-r1");
    Outcome both = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", root, "--speculation", "false",
        "--scenarios", "control-executor-loss", "--run-id", "nightly-r1-candidate", "--comparison", "nightly-r1", "--compare");
    assertThat(both.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(both.err).contains("--compare and --comparison exclude each other");
    assertThat(shared).isEmptyDirectory();
  }

  @Test
  void anUnreachableMasterFailsFastAsInfrastructureAndWritesNothing(@TempDir Path shared) throws Exception {
    Outcome o = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", shared.toString(),
        "--run-id", "unreachable");
    assertThat(o.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(o.err).contains("cannot reach the Spark master at 127.0.0.1:1");
    try (var files = Files.list(shared)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aConfOverrideThatBreaksTheScenariosConditionsIsRefusedBeforeAnythingStarts(@TempDir Path shared) {
    // No master listens at this address: the refusal comes before the driver tries to reach one.
    Outcome o = run("run", "--master", "spark://127.0.0.1:1", "--shared-root", shared.toString(),
        "--speculation", "true", "--conf", "spark.shuffle.service.enabled=true");
    assertThat(o.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(o.err).contains("spark.shuffle.service.enabled=true");
  }
}
