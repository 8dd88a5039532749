package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class KnownFindingsTest {
  private static final String ISSUE = "https://github.com/apache/iceberg/issues/17307";
  private static final String INTERRUPTED = "\"cause\": \"" + Cause.LOSER_INTERRUPTED_ABORT + "\"";
  private static final Check LOSER_LEFT = new Check(Check.STORAGE, "loser.no-files-left", Verdict.Failed,
      "the loser ran an interrupted abort (thread interrupted when abort() began: yes, when it returned: yes)",
      List.of(Cause.LOSER_INTERRUPTED_ABORT));
  private static final Check ORPHANS = new Check(Check.STORAGE, "files.orphans-known-rejected", Verdict.Failed,
      "2 orphans from the loser", List.of(Cause.LOSER_INTERRUPTED_ABORT));
  private static final Check SCHEDULER_OK = new Check(Check.SCHEDULER, "loser.abort-ran", Verdict.Passed, "ok");

  private static ScenarioResult result(String operation, Verdict scheduler, Verdict storage, Check... checks) {
    return ScenarioResult.judged("speculation-original-wins", WriteOperation.fromId(operation), 1, scheduler, storage,
        ScenarioResult.Counts.NOT_MEASURED, 1_000, "/shared/run/cell", "msg", List.of(checks));
  }

  private static KnownFinding loserEntry(String scenario, String operation, String writer, String message) {
    return new KnownFinding("loser.no-files-left", scenario, operation, writer, List.of(Cause.LOSER_INTERRUPTED_ABORT),
        message, ISSUE);
  }

  private static KnownFindings findings(String json) {
    return KnownFindings.parse(json, "known.json");
  }

  @Test
  void aCellWhoseEveryFailingCheckIsKnownIsKnownWithItsReferences() {
    KnownFindings known = findings("[{\"rule\": \"loser.no-files-left\", \"message\": \"interrupted abort\","
        + " \"reference\": \"" + ISSUE + "\", " + INTERRUPTED + "}, {\"rule\": \"files.orphans-known-rejected\","
        + " \"reference\": \"https://example.org/2\", " + INTERRUPTED + "}]");

    ScenarioResult classified = known.classify("iceberg",
        result("append", Verdict.Passed, Verdict.Failed, SCHEDULER_OK, LOSER_LEFT, ORPHANS));

    assertThat(classified.storage()).isEqualTo(Verdict.Known);
    assertThat(classified.scheduler()).isEqualTo(Verdict.Passed);
    assertThat(classified.known()).isTrue();
    assertThat(classified.passed()).isFalse();
    assertThat(classified.knownFindings()).containsExactly(ISSUE, "https://example.org/2");
    assertThat(classified.checks()).as("the evidence stays as it was").contains(LOSER_LEFT, ORPHANS);
  }

  @Test
  void oneUnacknowledgedFailureLeavesTheWholeCellFailed() {
    KnownFindings known = findings("[{\"rule\": \"loser.no-files-left\", \"reference\": \"" + ISSUE + "\", "
        + INTERRUPTED + "}]");
    Check schedulerFailed = new Check(Check.SCHEDULER, "loser.abort-ran", Verdict.Failed, "no abort");

    ScenarioResult classified = known.classify("iceberg",
        result("append", Verdict.Failed, Verdict.Failed, schedulerFailed, LOSER_LEFT));

    assertThat(classified.scheduler()).isEqualTo(Verdict.Failed);
    assertThat(classified.storage()).isEqualTo(Verdict.Failed);
    assertThat(classified.knownFindings()).isEmpty();
  }

  @Test
  void anUnknownSideStaysUnknownSoTheCellIsNotKnown() {
    KnownFindings known = findings("[{\"rule\": \"loser.no-files-left\", \"reference\": \"" + ISSUE + "\", "
        + INTERRUPTED + "}]");
    Check missing = new Check(Check.SCHEDULER, "loser.abort-ran", Verdict.Unknown, "no evidence");

    ScenarioResult classified = known.classify("iceberg",
        result("append", Verdict.Unknown, Verdict.Failed, missing, LOSER_LEFT));

    assertThat(classified.storage()).isEqualTo(Verdict.Known);
    assertThat(classified.outcome()).isEqualTo(Verdict.Unknown);
    assertThat(classified.known()).isFalse();
  }

  @Test
  void operationWriterAndMessageNarrowAnEntry() {
    ScenarioResult mergeDv = result("merge-dv-partitioned", Verdict.Passed, Verdict.Failed, LOSER_LEFT);
    ScenarioResult append = result("append", Verdict.Passed, Verdict.Failed, LOSER_LEFT);
    KnownFinding byOperation = loserEntry(null, "merge-dv", null, null);
    KnownFinding byLayout = loserEntry(null, "merge-dv-partitioned", null, null);
    KnownFinding byWriter = loserEntry(null, null, "comet-native", null);
    KnownFinding byMessage = loserEntry(null, null, null, "began: no");

    assertThat(byOperation.matches("iceberg", mergeDv, LOSER_LEFT)).isTrue();
    assertThat(byOperation.matches("iceberg", append, LOSER_LEFT)).isFalse();
    assertThat(byLayout.matches("iceberg", mergeDv, LOSER_LEFT)).isTrue();
    assertThat(byWriter.matches("iceberg", mergeDv, LOSER_LEFT)).isFalse();
    assertThat(byWriter.matches("comet-native", mergeDv, LOSER_LEFT)).isTrue();
    assertThat(byMessage.matches("iceberg", mergeDv, LOSER_LEFT)).isFalse();
    assertThat(byOperation.matches("iceberg", mergeDv, SCHEDULER_OK)).as("a passed check is never a finding")
        .isFalse();
  }

  @Test
  void usesCountMatchesAndAnEntryThatMatchedNothingIsStale() {
    KnownFindings known = findings("[{\"rule\": \"loser.no-files-left\", \"reference\": \"" + ISSUE + "\", "
        + INTERRUPTED + "}, {\"rule\": \"rows.exact\", \"reference\": \"https://example.org/fixed\"}]");
    List<ScenarioResult> results = List.of(result("append", Verdict.Passed, Verdict.Failed, LOSER_LEFT),
        result("overwrite", Verdict.Passed, Verdict.Failed, LOSER_LEFT));

    Report report = Report.of("run", "iceberg", "spark://m:7077",
        results.stream().map(r -> known.classify("iceberg", r)).toList(), null, null, null, List.of(),
        known.uses("iceberg", results));

    assertThat(report.knownFindings()).extracting(KnownFindingUse::matches).containsExactly(2, 0);
    assertThat(report.staleKnownFindings()).extracting(u -> u.finding().rule()).containsExactly("rows.exact");
    assertThat(report.knownCount()).isEqualTo(2);
    assertThat(report.passed()).isFalse();
    assertThat(report.accepted(false)).isTrue();
    assertThat(report.accepted(true)).isFalse();
    assertThat(RunExitCode.judged(report, false)).isEqualTo(RunExitCode.PASSED);
    assertThat(RunExitCode.judged(report, true)).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
    assertThat(report.stats()).hasSize(2).allSatisfy(s -> {
      assertThat(s.known()).isEqualTo(1);
      assertThat(s.failed()).isZero();
      assertThat(s.unknown()).isZero();
    });
  }

  @Test
  void aUseNamesItsEntryByKeyWhereverTheEntryStandsInTheList() {
    String loser = "{\"rule\": \"loser.no-files-left\", \"reference\": \"" + ISSUE + "\", " + INTERRUPTED + "}";
    String rows = "{\"rule\": \"rows.exact\", \"reference\": \"https://example.org/fixed\"}";
    KnownFindings listed = findings("[" + loser + ", " + rows + "]");
    KnownFindings reordered = findings("[" + rows + ", " + loser + "]");
    List<ScenarioResult> results = List.of(result("append", Verdict.Passed, Verdict.Failed, LOSER_LEFT));

    List<KnownFindingUse> asListed = listed.uses("iceberg", results);
    List<KnownFindingUse> asReordered = reordered.uses("iceberg", results);

    KnownFinding loserEntry = listed.entries().get(0);
    assertThat(asReordered).filteredOn(u -> u.key().equals(loserEntry.key())).singleElement()
        .satisfies(u -> assertThat(u.finding()).isEqualTo(loserEntry))
        .isEqualTo(asListed.get(0));
    assertThat(asListed).extracting(KnownFindingUse::key).doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(asReordered.stream().map(KnownFindingUse::key).toList());
    // Merged across driver runs whose lists differ in order, each entry's counts add up under its own key.
    assertThat(RunMerge.knownFindingUses(List.of(asListed, asReordered)))
        .extracting(KnownFindingUse::key, KnownFindingUse::matches)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(loserEntry.key(), 2),
            org.assertj.core.groups.Tuple.tuple(listed.entries().get(1).key(), 0));
  }

  @Test
  void anEntryThatRepeatsAnotherIsRefusedAndAnyFieldChangesTheKey() {
    String rows = "{\"rule\": \"rows.exact\", \"reference\": \"" + ISSUE + "\"}";
    assertThatThrownBy(() -> findings("[" + rows + ", " + rows + "]"))
        .hasMessageContaining("known finding 2 repeats known finding 1");
    KnownFinding entry = findings("[" + rows + "]").entries().get(0);
    assertThat(entry.key()).hasSize(12).isEqualTo(findings("[" + rows + "]").entries().get(0).key());
    assertThat(new KnownFinding("rows.exact", null, "iceberg", null, ISSUE).key()).isNotEqualTo(entry.key());
    assertThat(new KnownFinding("rows.exact", null, null, "lost", ISSUE).key()).isNotEqualTo(entry.key());
  }

  @Test
  void anEntryIsStaleOnlyWhenNoDriverRunMatchedIt() {
    KnownFinding entry = loserEntry(null, null, null, null);
    Report spec = Report.of("run", "iceberg", "m", List.of(), null, null, null, List.of(),
        List.of(new KnownFindingUse(entry.key(), entry, 3, 4)));
    Report loss = Report.of("run", "iceberg", "m", List.of(), null, null, null, List.of(),
        List.of(new KnownFindingUse(null, entry, 0, 2)));

    Report merged = RunMerge.reports("run", List.of(spec, loss), null, null);

    assertThat(merged.knownFindings()).containsExactly(new KnownFindingUse(entry.key(), entry, 3, 6));
    assertThat(merged.staleKnownFindings()).isEmpty();
  }

  @Test
  void theTerminationMessageKeepsKnownCountsAndMatchCountsWithoutTheEntriesText() throws IOException {
    KnownFindings known = findings("[{\"rule\": \"loser.no-files-left\", \"reference\": \"" + ISSUE + "\", "
        + INTERRUPTED + "}]");
    List<ScenarioResult> results = List.of(result("append", Verdict.Passed, Verdict.Failed, LOSER_LEFT));
    Report report = Report.of("run", "iceberg", "m", results.stream().map(r -> known.classify("iceberg", r)).toList(),
        null, null, null, List.of(), known.uses("iceberg", results));

    Report decoded = TerminationMessage.decode(TerminationMessage.encode(report));

    assertThat(decoded.stats()).singleElement().satisfies(cell -> {
      assertThat(cell.known()).isEqualTo(1);
      assertThat(cell.verdicts()).containsOnlyKeys("Passed/Known");
      assertThat(cell.latestFailure().outcome()).isEqualTo(Verdict.Known);
      assertThat(cell.knownFindings()).containsExactly(ISSUE);
    });
    assertThat(decoded.knownFindings()).containsExactly(
        new KnownFindingUse(known.entries().get(0).key(), null, 1, 1));
  }

  @Test
  void badEntriesAreRefusedNamingTheSourceAndTheEntry() {
    assertThatThrownBy(() -> findings("{}")).hasMessageContaining("known.json: expected a JSON array");
    assertThatThrownBy(() -> findings("[{\"rule\": \"x\"}]"))
        .hasMessageContaining("known.json: entry 1: reference is required");
    assertThatThrownBy(() -> findings("[{\"rule\": \"x\", \"reference\": \"" + ISSUE + "\", \"refrence\": \"y\"}]"))
        .hasMessageContaining("entry 1: unknown field 'refrence'");
    assertThatThrownBy(() -> findings("[{\"reference\": \"" + ISSUE + "\"}]"))
        .hasMessageContaining("entry 1: rule is required");
    assertThatThrownBy(() -> findings("[{\"rule\": \"x\", \"reference\": \"" + ISSUE + "\", \"message\": \"(\"}]"))
        .hasMessageContaining("entry 1: message is not a valid regular expression");
    assertThatThrownBy(() -> findings("[{\"rule\": \"x\", \"reference\": \"" + ISSUE + "\", \"operation\": \"nope\"}]"))
        .hasMessageContaining("unknown operation 'nope'");
    assertThatThrownBy(() -> findings("[{\"rule\": \"x\", \"reference\": \"ftp://a\"}]"))
        .hasMessageContaining("must be an http(s) URL");
    assertThatThrownBy(() -> findings("not json")).hasMessageContaining("known.json: not JSON");
  }

  @Test
  void aDriverRunCarriesItsKnownFindingsAndStrictAsArgumentsOnly() {
    KnownFindings known = findings("[{\"rule\": \"x\", \"reference\": \"" + ISSUE + "\"}]");
    DriverRun run = carrying(known, true);

    List<String> args = run.arguments();
    assertThat(KnownFindings.parse(args.get(args.indexOf(DriverRun.KNOWN_FINDINGS_JSON_OPTION) + 1), "args"))
        .isEqualTo(known);
    assertThat(args).contains("--strict");
    assertThat(run.environment().values()).as("one channel: the argument").noneMatch(v -> v.contains(ISSUE));
  }

  @Test
  void aDriverRunWithKnownFindingsReadsBackFromItsJson() throws IOException {
    KnownFindings known = findings("[{\"rule\": \"x\", \"reference\": \"" + ISSUE + "\"}]");
    DriverRun run = carrying(known, false);
    com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
        .findAndRegisterModules();
    assertThat(mapper.readValue(mapper.writeValueAsString(run), DriverRun.class)).isEqualTo(run);
    DriverRun without = run.toBuilder().knownFindings(KnownFindings.NONE, false, DriverRun.NEVER_FAIL_ON_STALE).build();
    assertThat(mapper.readValue(mapper.writeValueAsString(without), DriverRun.class).knownFindings())
        .isEqualTo(KnownFindings.NONE);
  }

  /** A speculation driver run that carries {@code known}, {@code strict} or not. */
  private static DriverRun carrying(KnownFindings known, boolean strict) {
    return DriverRun.builder("r", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .writer(WriterName.ICEBERG)
        .timeouts(10, 10)
        .interruptOnCancel(true)
        .cluster("spark://m:7077", "/shared")
        .knownFindings(known, strict, DriverRun.NEVER_FAIL_ON_STALE)
        .build();
  }
}
