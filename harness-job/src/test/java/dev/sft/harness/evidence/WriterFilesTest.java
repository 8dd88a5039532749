package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriterFilesTest {
  @TempDir
  Path dir;

  @Test
  void aFileIsItsSizeAnAbsentOneIsAbsentAndAnUnreadableOneIsNeitherPresentNorDeleted() throws Exception {
    Path file = Files.writeString(dir.resolve("00000-1-a.parquet"), "12345");
    Path absent = dir.resolve("00000-1-b.parquet");
    Path underAFile = file.resolve("child");
    Path directory = Files.createDirectory(dir.resolve("00000-1-c.parquet"));

    List<AttemptMarker.FileState> states =
        WriterFiles.states(List.of(file.toString(), absent.toString(), underAFile.toString(), directory.toString()));

    assertThat(states).extracting(AttemptMarker.FileState::bytes)
        .containsExactly(5L, AttemptMarker.FileState.ABSENT, AttemptMarker.FileState.UNREADABLE,
            AttemptMarker.FileState.UNREADABLE);
    assertThat(states).extracting(AttemptMarker.FileState::present).containsExactly(true, false, false, false);
    assertThat(states).extracting(AttemptMarker.FileState::unreadable).containsExactly(false, false, true, true);
  }

  @Test
  void prefixesAttributeJvmAndCometNamesToExactlyOneAttempt() {
    assertThat(WriterFiles.ownedBy("00000-14-op-1.parquet", 0, 14)).isTrue();
    assertThat(WriterFiles.ownedBy("00000-00014-op-1.parquet", 0, 14)).isTrue();
    assertThat(WriterFiles.ownedBy("00000-140-op-1.parquet", 0, 14)).isFalse();
    assertThat(WriterFiles.ownedBy("00000-00140-op-1.parquet", 0, 14)).isFalse();
    assertThat(WriterFiles.ownedBy("00001-14-op-1.parquet", 0, 14)).isFalse();
    assertThat(WriterFiles.attemptPrefixes(0, 12345)).containsExactly("00000-12345-");
    assertThat(WriterFiles.attemptOf(List.of("/d/00002-77-a.parquet", "/d/00002-77-b.parquet")))
        .satisfies(a -> assertThat(a.taskAttemptId()).isEqualTo(77));
    assertThat(WriterFiles.attemptOf(List.of("/d/00002-77-a.parquet", "/d/00002-78-b.parquet"))).isNull();
    assertThat(WriterFiles.attemptOf(List.of("/d/x.parquet"))).isNull();
    assertThat(WriterFiles.localPath("file:/a/b")).isEqualTo("/a/b");
    assertThat(WriterFiles.localPath("/a/b")).isEqualTo("/a/b");
  }

  @Test
  void anAttemptsFilesAreFoundByPrefixAndOneDeletedWhileListedIsSkipped() throws Exception {
    AttemptIdentity attempt = new AttemptIdentity(3, 0, 0, 11, 0, "1", "host", 7);
    Files.writeString(dir.resolve("00000-11-a.parquet"), "x");
    Files.writeString(dir.resolve("00000-110-a.parquet"), "x");
    Files.writeString(dir.resolve(".00000-11-a.parquet.crc"), "x");
    assertThat(WriterFiles.ownedBy(dir.toString(), attempt)).containsExactly(dir.resolve("00000-11-a.parquet")
        .toString());

    List<String> owned = new java.util.ArrayList<>();
    WriterFiles.OwnedFiles visitor = new WriterFiles.OwnedFiles(attempt, owned);
    assertThat(visitor.visitFileFailed(dir.resolve("00000-11-gone.parquet"),
        new java.nio.file.NoSuchFileException("deleted by the writer's cleanup while listed")))
        .isEqualTo(java.nio.file.FileVisitResult.CONTINUE);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> visitor.visitFileFailed(dir.resolve("x"),
        new java.nio.file.AccessDeniedException("x"))).isInstanceOf(java.nio.file.AccessDeniedException.class);
    assertThat(owned).isEmpty();
  }
}
