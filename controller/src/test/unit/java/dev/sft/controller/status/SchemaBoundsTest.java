package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.api.StatusBounds;
import dev.sft.controller.crd.CommittedCrd;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the writer sends is cut to the committed CRD's bounds, never refused by them. */
class SchemaBoundsTest {
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  @Test
  void anOverLongMessageIsCutToTheBoundWithAnEllipsis() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.message = "run r1 failed: " + "stale known finding, ".repeat(500);
    Conditions.set(status, Conditions.READY, false, Reason.RunFailed, status.message, 1);

    StatusWriter.fit(status, serialization);

    assertThat((long) status.message.length()).isEqualTo(StatusBounds.MESSAGE);
    assertThat(status.message).startsWith("run r1 failed: stale known finding").endsWith(SchemaBounds.ELLIPSIS);
    assertThat((long) Conditions.find(status, Conditions.READY).getMessage().length())
        .as("a fabric8 condition, cut by its schema stand-in").isEqualTo(StatusBounds.MESSAGE);
    assertWithinTheCrd(status);
  }

  @Test
  void overLongListsAndMapsKeepTheirFirstItemsAndEveryKeyIsCut() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    for (int i = 0; i < StatusBounds.HISTORY + 20; i++) {
      RunRecord record = new RunRecord();
      record.runId = "r" + i;
      status.history.add(record);
    }
    CellStatus cell = new CellStatus();
    cell.findings = new LinkedHashMap<>();
    for (int i = 0; i < StatusBounds.CELL_FINDINGS + 5; i++) {
      cell.findings.put("storage/" + i + "-" + "r".repeat(300), i);
    }
    cell.knownFindings = List.copyOf(java.util.Collections.nCopies(9, "https://example.org/" + "i".repeat(900)));
    status.cells = new ArrayList<>(List.of(cell));

    StatusWriter.fit(status, serialization);

    assertThat(status.history).hasSize((int) StatusBounds.HISTORY)
        .as("newest first: the oldest go").first().extracting(r -> r.runId).isEqualTo("r0");
    assertThat(cell.findings).hasSize((int) StatusBounds.CELL_FINDINGS)
        .allSatisfy((key, count) -> assertThat((long) key.length()).isEqualTo(StatusBounds.RULE));
    assertThat(cell.knownFindings).hasSize((int) StatusBounds.CELL_KNOWN_FINDINGS)
        .allSatisfy(reference -> assertThat((long) reference.length()).isEqualTo(StatusBounds.REFERENCE));
    assertWithinTheCrd(status);
  }

  @Test
  void aStringIsCutByCodePointsAsTheApiServerCountsThem() {
    String emoji = "\uD83D\uDE00".repeat(10);
    String cut = SchemaBounds.cut(emoji, 4);
    assertThat(cut.codePointCount(0, cut.length())).isEqualTo(4);
    assertThat(cut).isEqualTo("\uD83D\uDE00".repeat(3) + SchemaBounds.ELLIPSIS);
    assertThat(SchemaBounds.cut("short", 5)).isSameAs("short");
  }

  @Test
  void aStatusWithinBoundsIsLeftAsItIs() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.message = "run r1 succeeded";
    status.cells = new ArrayList<>();
    CellStatus cell = new CellStatus();
    cell.verdicts = Map.of("Passed/Passed", 3);
    status.cells.add(cell);
    String before = serialization.asJson(status);

    StatusWriter.fit(status, serialization);

    assertThat(serialization.asJson(status)).isEqualTo(before);
    assertThat(cell.verdicts).as("an immutable map within bounds is not copied").isSameAs(status.cells.get(0).verdicts);
  }

  private void assertWithinTheCrd(SchedulerFailureTestStatus status) {
    assertThat(CommittedCrd.violations(serialization.convertValue(status, JsonNode.class),
        CommittedCrd.schema("status"))).isEmpty();
  }
}
