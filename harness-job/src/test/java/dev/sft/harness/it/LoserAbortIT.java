package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The speculation scenarios with the default settings, which are the reference suite's ({@code --interrupt-on-cancel
 * true}). Spark interrupts every speculative loser it kills, and Iceberg's abort may give up its deletes on that
 * interrupt and leave files behind; whether it does is a race in the writer. So this test asserts no fixed outcome:
 * the storage verdict must report exactly what is on storage, re-inventoried here from the kept table, passing when
 * the abort completed and, when it did not, naming every orphan and the abort that left it.
 *
 * <p>The run ({@link SpeculationRun}) acknowledges the interrupted abort as a user would ({@code --known-findings},
 * with one entry no cell can match): a cell that shows it is Known, never Passed; one whose abort left files without
 * an interrupt stays Failed; the exit code follows the Failed cells alone, and the entry that matched nothing is
 * stale.
 */
class LoserAbortIT {
  private static LocalRun run;

  @BeforeAll
  static void runWithTheDefaultsAndTheFindingAcknowledged() {
    run = SpeculationRun.shared();
  }

  @Test
  void aCellShowingTheAcknowledgedFindingIsKnownTheRunExitsByTheRestAndTheUnmatchedEntryIsStale() {
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Passed);
      if (s.storage() == Verdict.Passed) {
        assertThat(s.knownFindings()).isEmpty();
      } else if (LoserFilesFinding.interrupted(s)) {
        assertThat(s.storage()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Known);
        assertThat(s.passed()).isFalse();
        assertThat(s.knownFindings()).containsExactly(SpeculationRun.TRACKED);
      } else {
        // The rare abort without an interrupt that still left files: the entry's message does not cover it.
        assertThat(s.storage()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Failed);
      }
    }
    assertThat(run.exitCode()).as("Known does not fail the exit code without --strict; Failed does")
        .isEqualTo(run.expectedExitCode());
    assertThat(run.report().passed()).isEqualTo(run.report().scenarios().stream().allMatch(ScenarioResult::passed));
    // Whether a loser's interrupted abort leaves files is a race: the tracked entries are stale in a run where no
    // cell showed it; the entry no cell can match always is.
    boolean trackedShown = run.report().scenarios().stream()
        .anyMatch(s -> s.knownFindings().contains(SpeculationRun.TRACKED));
    assertThat(run.report().staleKnownFindings()).extracting(u -> u.finding().reference())
        .containsExactlyElementsOf(trackedShown ? List.of(SpeculationRun.NEVER_FAILS)
            : List.of(SpeculationRun.TRACKED, SpeculationRun.TRACKED, SpeculationRun.NEVER_FAILS));
  }

  @Test
  void theDriverRunInterruptsOnCancelByDefaultUnderTheReferenceSpeculationSettings() throws Exception {
    assertThat(run.report().scenarios()).extracting(ScenarioResult::name)
        .containsExactly("speculation-original-wins", "speculation-speculative-wins");
    Path driver = Path.of(run.report().scenarios().get(0).evidence()).getParent().resolve("driver-spec");
    DriverRun asked = Json.MAPPER.readValue(driver.resolve("driver-run.json").toFile(), DriverRun.class);
    assertThat(asked.interruptOnCancel()).isTrue();
    assertThat(Files.readAllLines(driver.resolve("spark-conf.properties")))
        .contains("spark.speculation=true", "spark.speculation.efficiency.enabled=false");
  }

  @Test
  void theStorageVerdictReportsExactlyTheOrphansOnStorage() throws Exception {
    for (ScenarioResult s : run.report().scenarios()) {
      Path evidence = Path.of(s.evidence());
      AuditResult recorded = Json.MAPPER.readValue(evidence.resolve("storage-audit.json").toFile(),
          AuditResult.class);
      // An independent inventory of the kept table, now that every attempt has long ended.
      SortedSet<String> physical = StorageAudit.inventory(Path.of(recorded.dataLocation()));
      SortedSet<String> referenced = StorageAudit.referenced(StorageAudit.load(recorded.tableLocation()));
      SortedSet<String> orphans = new TreeSet<>(physical);
      orphans.removeAll(referenced);
      assertThat(recorded.orphan()).as(s.name() + ": the recorded orphans are the ones on storage")
          .containsExactlyElementsOf(orphans);
      assertThat(s.orphanFiles()).as(s.name() + " orphan count").isEqualTo(orphans.size());

      Check noOrphans = check(s, "files.no-orphans").orElseThrow(() -> new AssertionError(
          s.name() + " has no files.no-orphans rule: " + s.checks()));
      if (orphans.isEmpty()) {
        assertThat(noOrphans.verdict()).as(s.name() + ": abort completed, " + noOrphans.detail())
            .isEqualTo(Verdict.Passed);
      } else {
        assertThat(noOrphans.verdict()).as(s.name()).isEqualTo(Verdict.Failed);
        assertThat(s.storage()).as(s.name() + ": acknowledged unless uninterrupted")
            .isEqualTo(LoserFilesFinding.interrupted(s) ? Verdict.Known : Verdict.Failed);
        assertThat(noOrphans.detail()).as(s.name() + " names every orphan").contains(orphans);
        assertThat(s.message()).contains("files.no-orphans");
        assertThat(LoserFilesFinding.shown(s)).as(s.name() + ": the orphans are the loser's").isTrue();
      }
      // The loser's abort ran, and its marker says what the thread's interrupt status was around abort().
      Check abortRan = check(s, "loser.abort-ran").orElseThrow();
      assertThat(abortRan.verdict()).as(abortRan.detail()).isEqualTo(Verdict.Passed);
      assertThat(abortRan.detail()).containsPattern("its thread (not )?interrupted when abort\\(\\) began");
      // The storage verdict is the conjunction of its rules, no more and no less (Failed ones acknowledged: Known).
      Verdict storageRules = s.checks().stream().filter(c -> c.side().equals(Check.STORAGE)).map(Check::verdict)
          .reduce(Verdict.Passed, Verdict::and);
      assertThat(s.storage()).as(s.name()).isEqualTo(storageRules == Verdict.Failed
          ? (LoserFilesFinding.interrupted(s) ? Verdict.Known : Verdict.Failed) : storageRules);
      System.out.println("loser abort " + s.name() + ": storage " + s.storage() + ", orphans " + orphans);
    }
  }

  private static Optional<Check> check(ScenarioResult s, String rule) {
    return s.checks().stream().filter(c -> c.rule().equals(rule)).findFirst();
  }
}
