package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.cli.CapturedRun;
import dev.sft.harness.evidence.Folders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code sft replay} end to end on the embedded cluster: a shuffle-loss repetition pinned old attempt first fails by a
 * dropped duplicate result; its folder replayed twice reproduces it twice under the same pin, and the replay's run
 * folder is a normal one. A repetition that passed is refused with exit 2 before any cluster starts.
 */
class ReplayIT {
  private static final String DUPLICATE = "storage/files.orphans-known-rejected:" + Cause.DUPLICATE_RESULT;

  @Test
  void aFailingShuffleLossRepetitionReplayedTwiceReproducesItTwice() throws IOException {
    LocalRun source = LocalRun.run("replay-source", "--scenarios", "executor-loss-shuffle-loss",
        "--no-known-findings", "--timeout", "120", "--pin", Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id(), "--repeat", "1");
    ScenarioResult failing = source.scenario("executor-loss-shuffle-loss");
    assertThat(failing.findings()).as("the pinned source repetition: " + failing.message()).contains(DUPLICATE);

    Path out = Path.of(System.getProperty("sft.it.out", "target/it-runs"), "replay").toAbsolutePath();
    Folders.deleteRecursively(out);
    CapturedRun replay = replay(failing.evidence(), "--repeat", "2", "--out", out.toString(), "--timeout", "120");
    assertThat(replay.out()).contains("reproduced 2 of 2: " + DUPLICATE + " under pin "
        + Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id());
    assertThat(replay.exit()).as(replay.out() + replay.err()).isEqualTo(ReplayExitCode.REPRODUCED.code());

    Report replayed = ReportJson.read(reportOf(out));
    assertThat(replayed.scenarios()).hasSize(2).allSatisfy(r -> {
      assertThat(r.cell()).isEqualTo(failing.cell());
      assertThat(r.pin()).isEqualTo(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id());
      assertThat(r.findings()).contains(DUPLICATE);
    });
  }

  @Test
  void aRepetitionThatPassedIsRefusedWithExitTwoBeforeAnythingStarts() throws IOException {
    LocalRun source = LocalRun.run("replay-passed-source", "--scenarios", "control-executor-loss", "--repeat", "1");
    ScenarioResult passed = source.scenario("control-executor-loss");
    assertThat(passed.outcome()).as(passed.message()).isEqualTo(Verdict.Passed);

    Path out = Path.of(System.getProperty("sft.it.out", "target/it-runs"), "replay-passed").toAbsolutePath();
    Folders.deleteRecursively(out);
    CapturedRun replay = replay(passed.evidence(), "--out", out.toString());
    assertThat(replay.exit()).isEqualTo(ReplayExitCode.CANNOT_REPLAY.code());
    assertThat(replay.err().strip()).startsWith("sft replay: error: ")
        .endsWith("found nothing (Passed), so there is nothing to reproduce").doesNotContain("\n");
    assertThat(out).as("nothing started, nothing written").doesNotExist();
  }

  private static CapturedRun replay(String dir, String... options) throws IOException {
    List<String> args = new java.util.ArrayList<>(List.of("replay", dir, "--spark-home",
        System.getProperty("sft.spark.home"), "--master-port", String.valueOf(LocalRun.freePort())));
    args.addAll(List.of(options));
    CapturedRun run = CapturedRun.of(args.toArray(new String[0]));
    System.out.print(run.out()); // the replay's table in the IT's own log
    return run;
  }


  private static Path reportOf(Path out) throws IOException {
    try (Stream<Path> runs = Files.list(out.resolve("shared"))) {
      return runs.map(run -> run.resolve("report.json")).filter(Files::isRegularFile).findFirst()
          .orElseThrow(() -> new AssertionError("no report.json under " + out.resolve("shared")));
    }
  }
}
