package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.WriterCalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A pin changes when the writer is called, never which calls it gets or in what order: the speculative loser of a
 * pinned repetition ({@code loser-abort-interrupted}) records the same calls (writes counted, commit, abort, close)
 * as the loser of a natural repetition that took the same interleaving by itself (an interrupted abort that left its
 * files), and the winners' calls are the same too.
 */
class PinnedWriterCallsIT {
  @Test
  void aPinnedLosersWriterCallsEqualThoseOfANaturalLoserThatLeftItsFilesToo() throws IOException {
    // Three pinned repetitions: the pin is reached in about 85 % of them (bench/RESULTS.md), so one that held is
    // all but certain, and none holding fails the test rather than skipping it.
    LocalRun pinned = LocalRun.run("pinned-writer-calls", "--scenarios", "speculation-original-wins",
        "--no-known-findings", "--timeout", "120", "--pin", "loser-abort-interrupted", "--repeat", "3");
    assertThat(pinned.report().scenarios()).extracting(ScenarioResult::pin).containsOnly("loser-abort-interrupted");
    ScenarioResult held = pinned.report().scenarios().stream()
        .filter(s -> s.storage() == Verdict.Failed && LoserFilesFinding.interrupted(s)).findFirst()
        .orElseThrow(() -> new AssertionError("the pin held in none of 3 repetitions"));
    LocalRun natural = LocalRun.run("natural-writer-calls", "--scenarios", "speculation-original-wins",
        "--no-known-findings", "--timeout", "120", "--repeat", "6");
    Optional<ScenarioResult> same = natural.report().scenarios().stream()
        .filter(s -> s.pin() == null && LoserFilesFinding.interrupted(s)).findFirst();
    // A natural loser leaves its files in about 60 % of repetitions: none of 6 is a failure, never a skip.
    assertThat(same).as("a natural repetition of 6 whose loser left its files").isPresent();

    assertThat(calls(held, true)).isEqualTo(calls(same.get(), true))
        .first().extracting(WriterCalls.Call::name).isEqualTo(WriterCalls.WRITE);
    assertThat(calls(held, true)).extracting(WriterCalls.Call::name).containsExactly(WriterCalls.WRITE,
        WriterCalls.COMMIT, WriterCalls.ABORT, WriterCalls.CLOSE);
    assertThat(calls(held, false)).isEqualTo(calls(same.get(), false));
  }

  /** The calls of target partition 0's loser (the attempt that aborted) or winner. */
  private static List<WriterCalls.Call> calls(ScenarioResult result, boolean loser) throws IOException {
    Path attempts = new GatePaths(Path.of(result.evidence())).attempts();
    try (Stream<Path> all = Files.list(attempts)) {
      Path attempt = all.filter(p -> p.getFileName().toString().startsWith("p0-"))
          .filter(p -> Files.exists(p.resolve(EvidenceLayout.ABORTED)) == loser)
          .findFirst().orElseThrow(() -> new AssertionError("no " + (loser ? "loser" : "winner") + " in "
              + attempts));
      return Json.MAPPER.readValue(attempt.resolve(EvidenceLayout.WRITER_CALLS).toFile(), WriterCalls.class).calls();
    }
  }
}
