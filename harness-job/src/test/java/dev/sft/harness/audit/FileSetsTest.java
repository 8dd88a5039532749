package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FileSetsTest {
  private static final String DATA = "/t/data";

  @Test
  void orphanIsPhysicalMinusReferencedAndMissingIsReferencedMinusPhysical() {
    AuditResult audit = FileSets.derive("/t", DATA, 1L, 1,
        List.of("/t/data/a", "/t/data/b", "/t/data/orphan"),
        List.of("/t/data/a", "/t/data/b", "/t/data/gone"),
        List.of("/t/data/a", "/t/data/b", "/t/data/gone"),
        List.of(), List.of());
    assertThat(audit.orphan()).containsExactly("/t/data/orphan");
    assertThat(audit.missing()).containsExactly("/t/data/gone");
  }

  @Test
  void splitsOrphansIntoThoseOfKilledAttemptsAndTheRest() {
    AuditResult audit = FileSets.derive("/t", DATA, 1L, 1,
        List.of("/t/data/a", "/t/data/killed", "/t/data/rejected-not-killed", "/t/data/stray"),
        List.of("/t/data/a"),
        List.of("/t/data/a"),
        List.of("/t/data/killed", "/t/data/rejected-not-killed", "/t/data/rejected-and-cleaned"),
        List.of("/t/data/killed"));
    assertThat(audit.knownRejectedOrphans()).containsExactly("/t/data/killed");
    assertThat(audit.unknownOrphans()).as("a rejected attempt the harness did not kill excuses nothing")
        .containsExactly("/t/data/rejected-not-killed", "/t/data/stray");
    assertThat(audit.referencedRejected()).isEmpty();
  }

  @Test
  void comparesManifestReferencesWithAcceptedWinners() {
    AuditResult audit = FileSets.derive("/t", DATA, 1L, 1,
        List.of("/t/data/a", "/t/data/loser"),
        List.of("/t/data/a", "/t/data/loser"),
        List.of("/t/data/a", "/t/data/unreferenced-winner"),
        List.of("/t/data/loser"), List.of());
    assertThat(audit.referencedNotWinner()).containsExactly("/t/data/loser");
    assertThat(audit.winnerNotReferenced()).containsExactly("/t/data/unreferenced-winner");
    assertThat(audit.referencedRejected()).containsExactly("/t/data/loser");
  }

  @Test
  void flagsReferencesOutsideTheDataLocationEvenWithASharedPrefix() {
    AuditResult audit = FileSets.derive("/t", DATA, 1L, 1,
        List.of(), List.of("/t/data/a", "/t/data-other/b", "/elsewhere/c"), List.of(), List.of(), List.of());
    assertThat(audit.referencedOutsideDataLocation()).containsExactly("/elsewhere/c", "/t/data-other/b");
  }

  @Test
  void aCleanTableHasEmptySets() {
    List<String> files = List.of("/t/data/a", "/t/data/b");
    AuditResult audit = FileSets.derive("/t", DATA, 1L, 1, files, files, files, List.of("/t/data/deleted"),
        List.of("/t/data/deleted"));
    assertThat(audit.orphan()).isEmpty();
    assertThat(audit.missing()).isEmpty();
    assertThat(audit.unknownOrphans()).isEmpty();
    assertThat(audit.referencedNotWinner()).isEmpty();
  }
}
