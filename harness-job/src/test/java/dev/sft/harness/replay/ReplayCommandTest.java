package dev.sft.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import dev.sft.harness.cli.CapturedRun;
import dev.sft.harness.evidence.FolderContents;

import dev.sft.contract.Cause;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.harness.cli.SftCli;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code sft replay} refuses evidence it cannot replay with one line and exit 2, before anything starts. */
class ReplayCommandTest {
  @TempDir
  Path tmp;

  @Test
  void evidenceItCannotReplayIsOneLineExitTwoAndLeftAsItWas() throws IOException {
    Path passed = new ReplayFolders(tmp.resolve("a"), ScenarioName.SPECULATION_ORIGINAL_WINS).write();
    Path uncovered = new ReplayFolders(tmp.resolve("b"), ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT)
        .failed("files.orphans-known-rejected", Cause.ATTEMPT_FAILED).write();
    ReplayFolders run = new ReplayFolders(tmp.resolve("c"), ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT);
    run.write();
    Map<String, String> before = FolderContents.of(tmp);

    for (Path dir : new Path[] {passed, uncovered, run.runDir(), tmp.resolve("nowhere")}) {
      CapturedRun outcome = replay(dir.toString(), "--out", tmp.resolve("out").toString());
      assertThat(outcome.exit()).as(dir.toString()).isEqualTo(ReplayExitCode.CANNOT_REPLAY.code());
      assertThat(outcome.err().strip()).as(dir.toString()).startsWith("sft replay: error: ").doesNotContain("\n")
          .doesNotContain("Exception");
      assertThat(outcome.out()).isEmpty();
    }
    assertThat(replay(passed.toString()).err()).contains("found nothing (Passed), so there is nothing to reproduce");
    assertThat(replay(uncovered.toString()).err()).contains("no pin reproduces what");
    assertThat(FolderContents.of(tmp)).as("nothing written, nothing changed").isEqualTo(before);
  }

  @Test
  void aRepeatOutOfBoundsIsAUsageErrorBeforeAnythingStarts() {
    Path rep = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    CapturedRun outcome = replay(rep.toString(), "--repeat", "0");
    assertThat(outcome.exit()).isEqualTo(ReplayExitCode.CANNOT_REPLAY.code());
    assertThat(outcome.err()).contains("--repeat");
  }

  @Test
  void theHelpListsTheReplaysOwnExitCodesAndItsDefaultRepeat() {
    CommandLine replay = SftCli.commandLine().getSubcommands().get("replay");
    assertThat(replay.getCommandSpec().usageMessage().exitCodeList().keySet()).containsExactly("0", "1", "2", "4");
    String help = replay.getUsageMessage(CommandLine.Help.Ansi.OFF);
    assertThat(help).contains("default: 5").contains("--workers").contains("--spark-home").contains("--jar");
  }

  private static CapturedRun replay(String... args) {
    return CapturedRun.of(Stream.concat(Stream.of("replay"), Stream.of(args)).toArray(String[]::new));
  }


}
