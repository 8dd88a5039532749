package dev.sft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict table from a status as the controller writes it (src/test/resources/k8s/failed-run.json). */
class StatusTableTest {

  @Test
  void aFailedRunPrintsOneRowPerCellItsFailuresTheStaleFindingAndNotPassed() {
    String table = StatusTable.render(Fixtures.view(Fixtures.failedRun()));
    List<String> lines = table.lines().toList();

    assertThat(lines.get(0)).startsWith("SCENARIO").contains("OPERATION", "PASSED", "FAILED", "UNKNOWN", "KNOWN",
        "FAILURE RATE [95 % interval]");
    assertThat(lines.get(1)).matches("speculation-original-wins +append +18/20 +0 +0 +2 +10\\.0 % \\[2\\.8 %, 30\\.1 %]");
    assertThat(lines.get(2)).matches("executor-loss-shuffle-loss +append +19/20 +1 +0 +0 +5\\.0 % \\[0\\.9 %, 23\\.6 %]");
    // A cell with nothing judged has no failure rate.
    assertThat(lines.get(3)).matches("executor-loss-task-replacement +append +0/20 +0 +20 +0 +-");

    assertThat(table).contains("\nexecutor-loss-shuffle-loss/append r4: Failed storage/files.no-orphans: 3 orphan "
        + "files not of a known rejected attempt\n  evidence: /shared/sft/nightly-r3-1a2b/executor-loss-shuffle-loss-r4\n");
    assertThat(table).contains("\nspeculation-original-wins/append r17: Known "
        + "(https://github.com/apache/iceberg/issues/1) storage/loser.no-files-left: 2 files of the killed loser "
        + "remain\n");
    assertThat(table).contains("executor-loss-task-replacement/append r20: Unknown: the harness never reported");
    assertThat(table).contains("stale known findings (matched nothing in this run):\n  shuffle.no-duplicate-attempts"
        + " in executor-loss (https://github.com/apache/spark/issues/2): could have matched in 40 repetition(s),"
        + " matched none\n");
    assertThat(table).doesNotContain("  loser.no-files-left on append (");
    assertThat(table).contains("earlier runs (2, newest first):\n  nightly-r2-9f9f (generation 2) Succeeded 60/60\n");
    assertThat(table).contains("run failure: run nightly-r3-1a2b failed");
    assertThat(table).contains("\nRESULT: NOT PASSED\n");
    // The evidence is where the run wrote it: the run's spec (status.runSpec), not a spec edited since.
    assertThat(table).contains("run nightly-r3-1a2b (generation 3, phase Failed, 37/60 (2 known) passed both verdicts)");
    assertThat(table).contains("evidence: /shared/sft/nightly-r3-1a2b/ on claim evidence-rwx "
        + "(sft k8s fetch nightly -n staging --out DIR)");
    assertThat(table).doesNotContain("/live/spec/path").doesNotContain("live-claim");
  }

  @Test
  void aComparisonPrintsEachBuildsCellsThenTheCellsComparedAndRegressed() throws Exception {
    ObjectNode compared = Fixtures.failedRun();
    ObjectNode status = Fixtures.status(compared);
    var cells = status.withArray("cells");
    ((ObjectNode) cells.get(0)).put("build", "baseline");
    ((ObjectNode) cells.get(1)).put("build", "candidate");
    ((ObjectNode) cells.get(2)).put("build", "candidate");
    status.set("comparison", Fixtures.JSON.readTree("""
        {"baselineRunId": "nightly-r3-1a2b-baseline", "candidateRunId": "nightly-r3-1a2b-candidate",
         "regressed": 1, "fixed": 0, "same": 1, "inconclusive": 0, "cells": [
          {"cell": "executor-loss-task-replacement/append", "baseline": "1/1", "candidate": "0/1",
           "change": "regressed", "why": "candidate fails scheduler/writer.native-ran, which the baseline never failed"},
          {"cell": "speculation-original-wins/append", "baseline": "1/1", "candidate": "1/1", "change": "same"}]}"""));
    String table = StatusTable.render(Fixtures.view(compared));
    List<String> lines = table.lines().toList();
    assertThat(lines.get(1)).isEqualTo("baseline build:");
    assertThat(lines.get(2)).startsWith("speculation-original-wins");
    assertThat(lines.get(3)).isEqualTo("candidate build:");
    assertThat(lines.get(4)).startsWith("executor-loss-shuffle-loss");
    assertThat(lines.get(5)).startsWith("executor-loss-task-replacement");
    assertThat(table).contains("baseline run nightly-r3-1a2b-baseline, candidate run nightly-r3-1a2b-candidate\n")
        .containsPattern("executor-loss-task-replacement/append +1/1 +0/1  regressed\n  why: candidate fails "
            + "scheduler/writer.native-ran, which the baseline never failed\n")
        .containsPattern("speculation-original-wins/append +1/1 +1/1  same\nCOMPARISON: 1 regressed, 0 fixed, 1 same,"
            + " 0 inconclusive\n")
        .contains("\nRESULT: REGRESSED\n");
    status.put("phase", "Succeeded");
    ((ObjectNode) status.get("comparison")).put("regressed", 0);
    assertThat(StatusTable.result(Fixtures.view(compared))).isEqualTo("NO REGRESSION");
  }

  @Test
  void aParallelRunPrintsEachClustersCountsAndWhyOneFailed() throws Exception {
    ObjectNode parallel = Fixtures.failedRun();
    Fixtures.status(parallel).set("clusters", Fixtures.JSON.readTree("""
        [{"index": 0, "state": "Ready", "repetitions": 30, "passed": 28, "unknown": 0},
         {"index": 1, "state": "Failed", "repetitions": 30, "passed": 9, "unknown": 20,
          "message": "worker pod nightly-c1-wkr-0 lost"}]"""));

    String table = StatusTable.render(Fixtures.view(parallel));

    assertThat(table).contains("\nclusters (spec.parallelism 2):\n  cluster 0 Ready: 28/30 passed, 0 unknown\n"
        + "  cluster 1 Failed: 9/30 passed, 20 unknown: worker pod nightly-c1-wkr-0 lost\n");
    assertThat(StatusTable.render(Fixtures.view(Fixtures.failedRun()))).doesNotContain("clusters (");
  }

  @Test
  void theResultLineUsesSftLocalsWords() {
    ObjectNode known = Fixtures.failedRun();
    Fixtures.status(known).put("phase", "Succeeded").put("known", 1);
    assertThat(StatusTable.result(Fixtures.view(known))).isEqualTo("PASSED WITH 1 KNOWN FINDING");
    Fixtures.status(known).put("known", 2);
    assertThat(StatusTable.result(Fixtures.view(known))).isEqualTo("PASSED WITH 2 KNOWN FINDINGS");

    ObjectNode passed = Fixtures.failedRun();
    Fixtures.status(passed).put("phase", "Succeeded").put("known", 0);
    assertThat(StatusTable.render(Fixtures.view(passed))).contains("\nRESULT: PASSED\n")
        .doesNotContain("run failure:");

    ObjectNode running = Fixtures.failedRun();
    Fixtures.status(running).put("phase", "Running").put("message", "running harness Job nightly-r3-loss");
    assertThat(StatusTable.result(Fixtures.view(running)))
        .isEqualTo("NOT FINISHED (phase Running: running harness Job nightly-r3-loss)");

    ObjectNode invalid = Fixtures.failedRun();
    Fixtures.status(invalid).put("phase", "Pending");
    Fixtures.condition(invalid, "Stalled", "True", "InvalidSpec", 3);
    Fixtures.status(invalid).withArray("conditions").forEach(c -> {
      if ("Stalled".equals(c.path("type").asText())) {
        ((ObjectNode) c).put("message", "invalid spec, nothing was created: spec.spark.workers: must be at least 2");
      }
    });
    assertThat(StatusTable.result(Fixtures.view(invalid)))
        .isEqualTo("INVALID SPEC: invalid spec, nothing was created: spec.spark.workers: must be at least 2");
  }

  @Test
  void aTestWithoutStatusSaysSoInsteadOfATable() {
    ObjectNode fresh = Fixtures.failedRun();
    fresh.remove("status");
    String table = StatusTable.render(Fixtures.view(fresh));
    assertThat(table).startsWith("no cells reported yet\n")
        .contains("RESULT: NO STATUS YET (is namespace staging watched by the sft controller?)")
        .doesNotContain("evidence:");
  }

  @Test
  void withoutARunSpecTheLiveSpecNamesTheClaimAndAGeneratedClaimIsNamedAfterTheTest() {
    ObjectNode live = Fixtures.failedRun();
    Fixtures.status(live).remove("runSpec");
    TestView view = Fixtures.view(live);
    assertThat(view.mountPath()).isEqualTo("/live/spec/path");
    assertThat(view.claim()).isEqualTo("live-claim");
    ((ObjectNode) live.get("spec").get("storage")).remove("existingClaim");
    assertThat(Fixtures.view(live).claim()).isEqualTo("nightly-shared");
  }
}
