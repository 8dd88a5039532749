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
import org.junit.jupiter.api.Assumptions;
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
    LocalRun pinned = LocalRun.run("pinned-writer-calls", "--scenarios", "speculation-original-wins",
        "--no-known-findings", "--timeout", "120", "--pin", "loser-abort-interrupted");
    ScenarioResult held = pinned.scenario("speculation-original-wins");
    assertThat(held.pin()).isEqualTo("loser-abort-interrupted");
    Assumptions.assumeTrue(held.storage() == Verdict.Failed && LoserFilesFinding.interrupted(held),
        "the pin was not reached: " + held.message());
    LocalRun natural = LocalRun.run("natural-writer-calls", "--scenarios", "speculation-original-wins",
        "--no-known-findings", "--timeout", "120", "--repeat", "4");
    Optional<ScenarioResult> same = natural.report().scenarios().stream()
        .filter(s -> s.pin() == null && LoserFilesFinding.interrupted(s)).findFirst();
    Assumptions.assumeTrue(same.isPresent(), "no natural repetition of 4 left the loser's files");

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
