package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A known finding's scenario and cause: what they accept, what they refuse, and how stale entries fail a run. */
class KnownFindingScopeTest {
  private static final String REF = "\"reference\": \"https://example.org/1\"";

  private static KnownFindings parse(String entry) {
    return KnownFindings.parse("[" + entry + "]", "known.json");
  }

  private static ScenarioResult result(String scenario, String operation, Check... checks) {
    boolean failed = List.of(checks).stream().anyMatch(c -> c.verdict() == Verdict.Failed);
    return ScenarioResult.judged(scenario, WriteOperation.fromId(operation), 1, Verdict.Passed,
        failed ? Verdict.Failed : Verdict.Passed, ScenarioResult.Counts.NOT_MEASURED, 1_000, "/e", "msg",
        List.of(checks));
  }

  private static Check orphans(Verdict verdict, String... causes) {
    return new Check(Check.STORAGE, "files.no-orphans", verdict, "orphans", List.of(causes));
  }

  @Test
  void aRuleThatMeansDifferentDefectsByCauseNeedsACause() {
    for (String rule : List.of("files.no-orphans", "files.orphans-known-rejected",
        "delete-files.accepted-not-superseded", "loser.no-files-left")) {
      assertThatThrownBy(() -> parse("{\"rule\": \"" + rule + "\", " + REF + "}"))
          .hasMessageStartingWith("known.json: entry 1: rule " + rule + " needs a cause")
          .hasMessageContaining("valid causes: attempt-failed, duplicate-result");
    }
    assertThat(parse("{\"rule\": \"rows.count\", " + REF + "}").entries()).singleElement()
        .satisfies(e -> assertThat(e.cause()).isEmpty());
  }

  @Test
  void causesAndScenariosAreValidatedWithTheValidOnesListed() {
    assertThatThrownBy(() -> parse("{\"rule\": \"files.no-orphans\", \"cause\": \"interrupted\", " + REF + "}"))
        .hasMessage("known.json: entry 1: unknown cause 'interrupted'; valid causes: attempt-failed,"
            + " duplicate-result, executor-crash, loser-abort-left-files, loser-interrupted-abort,"
            + " loser-never-aborted, merged-deletion-vectors, no-attempt-wrote-it, no-task-end, not-accepted,"
            + " unexplained, unjudged, winner-file-unreferenced");
    assertThatThrownBy(() -> parse("{\"rule\": \"rows.count\", \"scenario\": \"speculative\", " + REF + "}"))
        .hasMessageContaining("entry 1: unknown scenario 'speculative'; valid: speculation-original-wins,")
        .hasMessageEndingWith("or a family: speculation, executor-loss, control");
    assertThatThrownBy(() -> parse("{\"rule\": \"rows.count\", \"causes\": \"x\", " + REF + "}"))
        .hasMessageContaining("unknown field 'causes'; known: rule, scenario, operation, writer, cause, message,"
            + " reference");
    assertThatThrownBy(() -> KnownFindings.parse("{}", "known.json"))
        .hasMessageContaining("optional \"scenario\", \"operation\", \"writer\", \"cause\" (required for"
            + " delete-files.accepted-not-superseded, files.no-orphans, files.orphans-known-rejected,"
            + " loser.no-files-left)");
  }

  @Test
  void aCauseIsOneIdOrAListAndReadsBackFromItsJson() {
    KnownFindings one = parse("{\"rule\": \"files.no-orphans\", \"cause\": \"duplicate-result\", " + REF + "}");
    KnownFindings two = parse("{\"rule\": \"files.no-orphans\", \"cause\": [\"no-task-end\", \"duplicate-result\"], "
        + REF + "}");

    assertThat(one.entries().get(0).cause()).containsExactly(Cause.DUPLICATE_RESULT);
    assertThat(two.entries().get(0).cause()).containsExactly(Cause.DUPLICATE_RESULT, Cause.NO_TASK_END);
    assertThat(KnownFindings.parse(two.toJson(), "env")).isEqualTo(two);
    assertThat(KnownFindings.parse(parse("{\"rule\": \"rows.count\", " + REF + "}").toJson(), "env").toJson())
        .doesNotContain("cause");
  }

  @Test
  void anEntryMatchesOnlyChecksWhoseEveryCauseItNames() {
    KnownFinding entry = parse("{\"rule\": \"files.no-orphans\", \"cause\": [\"duplicate-result\","
        + " \"loser-interrupted-abort\"], " + REF + "}").entries().get(0);
    ScenarioResult any = result("executor-loss-shuffle-loss", "append");

    assertThat(entry.matches("iceberg", any, orphans(Verdict.Failed, Cause.DUPLICATE_RESULT))).isTrue();
    assertThat(entry.matches("iceberg", any, orphans(Verdict.Failed, Cause.DUPLICATE_RESULT,
        Cause.LOSER_INTERRUPTED_ABORT))).isTrue();
    assertThat(entry.matches("iceberg", any, orphans(Verdict.Failed, Cause.DUPLICATE_RESULT,
        Cause.NO_ATTEMPT_WROTE_IT))).as("one cause it does not name").isFalse();
    assertThat(entry.matches("iceberg", any, orphans(Verdict.Failed))).as("a check without causes").isFalse();
  }

  @Test
  void aScenarioIsOneIdOrAFamily() {
    KnownFinding family = parse("{\"rule\": \"rows.count\", \"scenario\": \"speculation\", " + REF + "}")
        .entries().get(0);
    KnownFinding one = parse("{\"rule\": \"rows.count\", \"scenario\": \"executor-loss-shuffle-loss\", " + REF + "}")
        .entries().get(0);
    KnownFinding control = parse("{\"rule\": \"rows.count\", \"scenario\": \"control\", " + REF + "}")
        .entries().get(0);
    Check rows = new Check(Check.STORAGE, "rows.count", Verdict.Failed, "47,000 rows");

    assertThat(family.matches("iceberg", result("speculation-original-wins", "append", rows), rows)).isTrue();
    assertThat(family.matches("iceberg", result("speculation-speculative-wins", "append", rows), rows)).isTrue();
    assertThat(family.matches("iceberg", result("executor-loss-shuffle-loss", "append", rows), rows)).isFalse();
    assertThat(one.matches("iceberg", result("executor-loss-shuffle-loss", "append", rows), rows)).isTrue();
    assertThat(one.matches("iceberg", result("executor-loss-task-replacement", "append", rows), rows)).isFalse();
    assertThat(control.matches("iceberg", result("control-executor-loss", "append", rows), rows)).isTrue();
    assertThat(control.matches("iceberg", result("control-speculation", "append", rows), rows)).isTrue();
    assertThat(family.matches("iceberg", result("control-speculation", "append", rows), rows))
        .as("a failure family is not its control").isFalse();
    assertThat(control.matches("iceberg", result("executor-loss-after-handoff", "append", rows), rows)).isFalse();
  }

  @Test
  void anEntryCouldHaveMatchedTheSelectedRepetitionsThatJudgedItsRule() {
    KnownFindings known = parse("{\"rule\": \"files.no-orphans\", \"scenario\": \"speculation\","
        + " \"operation\": \"append\", \"cause\": \"loser-interrupted-abort\", " + REF + "}");
    List<ScenarioResult> results = List.of(
        result("speculation-original-wins", "append", orphans(Verdict.Passed)),
        result("speculation-speculative-wins", "append", orphans(Verdict.Failed, Cause.NO_ATTEMPT_WROTE_IT)),
        ScenarioResult.unknown("speculation-original-wins", WriteOperation.fromId("append"), 2, "/e", "deadline"),
        result("speculation-original-wins", "overwrite", orphans(Verdict.Passed)),
        result("executor-loss-task-replacement", "append", orphans(Verdict.Passed)));

    KnownFindingUse use = known.uses("iceberg", results).get(0);

    assertThat(use.matches()).isZero();
    assertThat(use.couldHaveMatched()).as("two judged repetitions of the selected cells; not the Unknown one, not"
        + " another operation, not another scenario").isEqualTo(2);
    assertThat(use.describeStale()).endsWith(": could have matched in 2 repetition(s), matched none");
    assertThat(use.failsStale(2)).isTrue();
    assertThat(use.failsStale(3)).isFalse();
    assertThat(use.failsStale(DriverRun.NEVER_FAIL_ON_STALE)).as("never by default").isFalse();
  }

  @Test
  void aStaleEntryFailsTheRunOnlyAtItsBound() {
    KnownFinding entry = parse("{\"rule\": \"rows.count\", " + REF + "}").entries().get(0);
    List<ScenarioResult> passed = List.of(result("control-executor-loss", "append"));
    Report stale = Report.of("r", "iceberg", "m", passed, null, null, null, List.of(),
        List.of(new KnownFindingUse(entry.key(), entry, 0, 5)));
    Report used = Report.of("r", "iceberg", "m", passed, null, null, null, List.of(),
        List.of(new KnownFindingUse(entry.key(), entry, 1, 5)));

    assertThat(RunExitCode.judged(stale, false)).isEqualTo(RunExitCode.PASSED);
    assertThat(RunExitCode.judged(stale, false, 5)).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
    assertThat(RunExitCode.judged(stale, false, 6)).isEqualTo(RunExitCode.PASSED);
    assertThat(RunExitCode.judged(used, false, 1)).isEqualTo(RunExitCode.PASSED);
    assertThat(stale.staleFailures(1)).hasSize(1);
  }

  @Test
  void aDriverRunCarriesItsStaleBoundAsAnArgument() {
    DriverRun run = DriverRun.builder("r", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .writer(WriterName.ICEBERG)
        .timeouts(10, 10)
        .interruptOnCancel(true)
        .cluster("spark://m:7077", "/shared")
        .build();

    assertThat(run.arguments()).doesNotContain(DriverRun.FAIL_ON_STALE_OPTION);
    assertThat(run.toBuilder().knownFindings(KnownFindings.NONE, false, 3).build().arguments())
        .containsSequence(DriverRun.FAIL_ON_STALE_OPTION, "3");
    assertThatThrownBy(() -> run.toBuilder().knownFindings(KnownFindings.NONE, false, -1).build())
        .hasMessageContaining("--fail-on-stale must be 0 (never) or a number of repetitions, got -1");
  }
}
