package dev.sft.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.jars.JarIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A repetition's evidence read as the cell to run again. */
class ReplaySourceTest {
  @TempDir
  Path tmp;

  @Test
  void readsScenarioOperationWriterAndInterruptOnCancelOfTheRunThatRanIt() {
    WriteOperation overwrite = WriteOperation.fromId("overwrite-partitioned");
    Path rep = new ReplayFolders(tmp, ScenarioName.SPECULATION_SPECULATIVE_WINS).operation(overwrite)
        .writer(WriterName.COMET_NATIVE).interruptOnCancel(false)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    ReplaySource source = ReplaySource.read(rep);
    assertThat(source.scenario()).isEqualTo(ScenarioName.SPECULATION_SPECULATIVE_WINS);
    assertThat(source.operation()).isEqualTo(overwrite);
    assertThat(source.writer()).isEqualTo(WriterName.COMET_NATIVE);
    assertThat(source.interruptOnCancel()).isFalse();
    assertThat(source.pin()).isEmpty();
    assertThat(source.result().findings()).containsExactly(ReplayFolders.LOSER_FINDING);
    assertThat(source.describe()).isEqualTo("speculation-speculative-wins/overwrite-partitioned r3 of run "
        + ReplayFolders.RUN_ID);
    assertThat(source.jarsUnderTest()).as("the run ran the released jars").isEmpty();
  }

  @Test
  void readsThePinARepetitionRanUnder() {
    Path rep = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS).pinned(Pin.LOSER_ABORT_INTERRUPTED)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    assertThat(ReplaySource.read(rep).pin()).contains(Pin.LOSER_ABORT_INTERRUPTED);
  }

  @Test
  void theJarsUnderTestAreTheFilesTheRunLoadedIfTheyAreStillTheSame() throws IOException {
    Path jar = Files.writeString(tmp.resolve("iceberg-spark-runtime-4.1_2.13-1.12.0-SNAPSHOT.jar"), "a jar");
    Path link = Files.createSymbolicLink(Files.createDirectories(tmp.resolve("run-home/jars"))
        .resolve(jar.getFileName()), jar);
    Path rep = new ReplayFolders(tmp.resolve("shared"), ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).jarUnderTest(link, JarIdentity.sha256(jar))
        .write();
    ReplaySource source = ReplaySource.read(rep);
    assertThat(source.jarsUnderTest()).as("the file the run's link points to").containsExactly(jar.toRealPath());

    Files.writeString(jar, "rebuilt since");
    assertThatThrownBy(source::jarsUnderTest).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ran from " + link).hasMessageContaining("has changed since; give it with --jar");
    Files.delete(jar);
    assertThatThrownBy(source::jarsUnderTest).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is gone; give it with --jar");
  }

  @Test
  void withoutTheRunsReportTheJarsAreNotKnown() {
    Path rep = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS).withoutReport()
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    ReplaySource source = ReplaySource.read(rep);
    assertThat(source.writer()).as("from the driver run").isEqualTo(WriterName.ICEBERG);
    assertThatThrownBy(source::jarsUnderTest).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has no report.json, so which jars ran is not known; say it with --jar");
  }

  @Test
  void aRunsFolderIsNotOneRepetitionsEvidence() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT);
    folders.write();
    assertThatThrownBy(() -> ReplaySource.read(folders.runDir())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is a run's folder, not one repetition's evidence");
  }

  @Test
  void evidenceOfAnotherLayoutIsRefusedNamingWhatItLacks() throws IOException {
    Path rep = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    Files.delete(rep.resolve(EvidenceLayout.DRIVE));
    assertThatThrownBy(() -> ReplaySource.read(rep)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a repetition's evidence this build can judge: it has no drive.json");

    Path other = new ReplayFolders(tmp.resolve("b"), ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT).write();
    Files.delete(other.resolve(EvidenceLayout.RESULT));
    assertThatThrownBy(() -> ReplaySource.read(other)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has no result.json, so what it found is not recorded");

    Files.writeString(other.resolve(EvidenceLayout.RESULT), "[1, 2]");
    assertThatThrownBy(() -> ReplaySource.read(other)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("result.json is not a scenario result this build reads");
  }

  @Test
  void aFolderThatIsNotEvidenceAtAllIsRefused() throws IOException {
    Files.createDirectories(tmp.resolve("notes"));
    assertThatThrownBy(() -> ReplaySource.read(tmp.resolve("notes"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not sft evidence");
    assertThatThrownBy(() -> ReplaySource.read(tmp.resolve("nowhere"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a folder");
  }
}
