package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.WriterCalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A pin changes when the writer is called, never which calls it gets or in what order: the speculative loser of a
 * pinned repetition ({@code loser-abort-interrupted}) records the same calls (writes counted, commit, abort, close)
 * as the loser of a natural repetition that took the same interleaving by itself (an interrupted abort that left its
 * files), and the winners' calls are the same too; under each shuffle-loss pin the two attempts of the duplicated
 * partition record the same calls as those of a natural duplicate.
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

  /**
   * The shuffle pins against natural duplicates (two attempts of one partition both committed, the driver took one).
   * Naturally the old stage attempt's result comes first: 4 of 60 repetitions showed a duplicate, all 4 that way, and
   * none the other (bench/RESULTS.md, issue 40). So the natural search ends at the first natural duplicate with the
   * old attempt accepted, and {@code shuffle-loss-new-attempt-first} is held against the same natural pair, attempt
   * by attempt (old with old, re-executed with re-executed), unless a natural one of its own order shows up on the
   * way: that is the closest natural evidence, because both attempts make every writer call (write, commit, close)
   * before their result leaves the executor, so which one the driver takes first cannot change them.
   */
  @Test
  void theShufflePinsDuplicatesWriterCallsEqualThoseOfANaturalDuplicate() throws IOException {
    Duplicate oldFirst = pinnedDuplicate(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST);
    assertThat(oldFirst.oldAccepted()).as("old first: the old attempt's result taken").isTrue();
    Duplicate newFirst = pinnedDuplicate(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
    assertThat(newFirst.oldAccepted()).as("new first: the re-executed attempt's result taken").isFalse();

    List<Duplicate> natural = naturalDuplicates();
    Duplicate naturalOldFirst = natural.stream().filter(Duplicate::oldAccepted).findFirst()
        .orElseThrow(() -> new AssertionError("no natural duplicate with the old attempt accepted in "
            + NATURAL_BOUND + " repetitions: " + natural));
    Duplicate naturalNewFirst = natural.stream().filter(d -> !d.oldAccepted()).findFirst().orElse(naturalOldFirst);
    System.out.println("shuffle-loss writer calls: pinned old first " + oldFirst + ", pinned new first " + newFirst
        + "; natural " + natural);

    assertThat(oldFirst.old()).extracting(WriterCalls.Call::name).containsExactly(WriterCalls.WRITE,
        WriterCalls.COMMIT, WriterCalls.CLOSE);
    assertThat(oldFirst.calls()).isEqualTo(naturalOldFirst.calls());
    assertThat(newFirst.calls()).isEqualTo(naturalNewFirst.calls());
  }

  /**
   * The most natural shuffle-loss repetitions the search runs: at 4 of 60, none in 100 has a chance of about 0.1 %
   * (3 % in 50), and the soak stops at the first duplicate, so the bound costs time only in that rare case.
   */
  private static final int NATURAL_BOUND = 100;

  /**
   * The two attempts of the partition both an old and a re-executed stage attempt wrote and committed.
   *
   * @param old the old stage attempt's calls
   * @param reExecuted the re-executed one's
   * @param oldAccepted whether the driver took the old one's result
   */
  private record Duplicate(List<WriterCalls.Call> old, List<WriterCalls.Call> reExecuted, boolean oldAccepted) {
    List<List<WriterCalls.Call>> calls() {
      return List.of(old, reExecuted);
    }

    /** The repetition's duplicate, if it shows one. */
    static Optional<Duplicate> of(ScenarioResult result) throws IOException {
      GatePaths gates = new GatePaths(Path.of(result.evidence()));
      Map<Integer, List<WriterCalls>> committed = new TreeMap<>();
      try (Stream<Path> all = Files.list(gates.attempts())) {
        for (Path attempt : all.toList()) {
          Path file = attempt.resolve(EvidenceLayout.WRITER_CALLS);
          if (Files.exists(file)) {
            WriterCalls calls = Json.MAPPER.readValue(file.toFile(), WriterCalls.class);
            if (calls.calls().stream().anyMatch(c -> c.name().equals(WriterCalls.COMMIT))) {
              committed.computeIfAbsent(calls.attempt().partition(), p -> new ArrayList<>()).add(calls);
            }
          }
        }
      }
      for (List<WriterCalls> pair : committed.values()) {
        Optional<WriterCalls> old = pair.stream().filter(c -> c.attempt().stageAttempt() == 0).findFirst();
        Optional<WriterCalls> reExecuted = pair.stream().filter(c -> c.attempt().stageAttempt() > 0).findFirst();
        if (old.isPresent() && reExecuted.isPresent()) {
          return Optional.of(new Duplicate(old.get().calls(), reExecuted.get().calls(),
              Files.exists(gates.acceptedMarker(old.get().attempt()))));
        }
      }
      return Optional.empty();
    }
  }

  /**
   * A repetition under {@code pin} that held it and shows its duplicate. Each pin held in 20 of 20 (bench/RESULTS.md),
   * so one repetition, and a second run only when the first did not hold: none holding in two fails the test.
   */
  private static Duplicate pinnedDuplicate(Pin pin) throws IOException {
    for (int run = 1; run <= 2; run++) {
      LocalRun pinned = LocalRun.run("pinned-" + pin.id() + "-" + run, "--scenarios",
          ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS.id(), "--no-known-findings", "--timeout", "120", "--pin", pin.id());
      ScenarioResult s = pinned.report().scenarios().get(0);
      assertThat(s.pin()).isEqualTo(pin.id());
      Optional<Duplicate> duplicate = Duplicate.of(s);
      if (s.findings().stream().anyMatch(f -> f.endsWith(":" + Cause.DUPLICATE_RESULT)) && duplicate.isPresent()) {
        return duplicate.get();
      }
    }
    throw new AssertionError("the pin " + pin.id() + " reproduced its duplicate in none of 2 repetitions");
  }

  /**
   * Natural repetitions, soaked until a duplicate with the old attempt accepted shows (a soak ends at a failing
   * repetition, and a duplicate fails storage without known findings), at most {@link #NATURAL_BOUND}.
   */
  private static List<Duplicate> naturalDuplicates() throws IOException {
    List<Duplicate> found = new ArrayList<>();
    int ran = 0;
    for (int soak = 1; ran < NATURAL_BOUND && found.stream().noneMatch(Duplicate::oldAccepted); soak++) {
      LocalRun natural = LocalRun.run("natural-shuffle-writer-calls-" + soak, "--scenarios",
          ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS.id(), "--no-known-findings", "--timeout", "120",
          "--until-failure", "--max-repeat", String.valueOf(NATURAL_BOUND - ran));
      for (ScenarioResult s : natural.report().scenarios()) {
        assertThat(s.pin()).isNull();
        Duplicate.of(s).filter(d -> s.findings().stream().anyMatch(f -> f.endsWith(":" + Cause.DUPLICATE_RESULT)))
            .ifPresent(found::add);
      }
      ran += natural.report().scenarios().size();
      System.out.println("natural shuffle-loss soak " + soak + ": " + natural.report().scenarios().size()
          + " repetitions, " + found.size() + " duplicate(s) so far");
    }
    return found;
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
