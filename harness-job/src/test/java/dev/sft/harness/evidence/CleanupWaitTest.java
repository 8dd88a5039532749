package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CleanupWaitTest {
  @TempDir Path dir;

  /** The folder's files right now, as the scenario lists the loser's files on storage. */
  Supplier<List<String>> listing() {
    return () -> {
      try (Stream<Path> files = Files.list(dir)) {
        return files.map(Path::toString).sorted().toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  @Test
  void aFileTheCleanupDeletesWithinTheBoundIsNotLeftAndOneThatStaysIs() throws Exception {
    Path deletedLate = Files.writeString(dir.resolve("00000-15-op-00001.parquet"), "x");
    Path stays = Files.writeString(dir.resolve("00000-15-op-00002.parquet"), "x");
    long abortReturned = System.currentTimeMillis();
    // The writer's cleanup, still deleting after abort() returned.
    CompletableFuture<Void> cleanup = CompletableFuture.runAsync(() -> {
      try {
        Files.delete(deletedLate);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));

    CleanupWait.Outcome outcome = CleanupWait.await(listing(), abortReturned, "its abort returned",
        Duration.ofSeconds(1));

    cleanup.get(5, TimeUnit.SECONDS);
    assertThat(outcome.left()).containsExactly(stays.toString());
    assertThat(outcome.endedAtMs() - abortReturned).as("it waited the whole bound").isGreaterThanOrEqualTo(1_000);
    assertThat(outcome.outlived()).matches("still on storage 1\\.\\d s after its abort returned");
    assertThat(Files.exists(stays)).as("the wait deletes nothing").isTrue();
  }

  @Test
  void theWaitEndsWhenTheLastFileGoes() throws Exception {
    Path file = Files.writeString(dir.resolve("00000-15-op-00001.parquet"), "x");
    long from = System.currentTimeMillis();
    CompletableFuture.runAsync(() -> file.toFile().delete(),
        CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
    CleanupWait.Outcome outcome = CleanupWait.await(listing(), from, "its abort returned", Duration.ofSeconds(3));
    assertThat(outcome.left()).isEmpty();
    assertThat(outcome.endedAtMs() - from).isLessThan(2_000);
  }

  @Test
  void aBoundAlreadyPastIsOneListing() throws Exception {
    Path stays = Files.writeString(dir.resolve("00000-15-op-00001.parquet"), "x");
    long abortReturned = System.currentTimeMillis() - 10_000;
    long before = System.currentTimeMillis();
    CleanupWait.Outcome outcome = CleanupWait.await(listing(), abortReturned, "its abort returned", CleanupWait.BOUND);
    assertThat(System.currentTimeMillis() - before).isLessThan(1_000);
    assertThat(outcome.left()).containsExactly(stays.toString());
    assertThat(outcome.outlived()).startsWith("still on storage 10.");
  }
}
