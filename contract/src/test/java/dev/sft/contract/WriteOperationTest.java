package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class WriteOperationTest {
  private static final WriteOperation OVERWRITE_PARTITIONED =
      new WriteOperation(OperationName.OVERWRITE, TableLayout.PARTITIONED);

  @Test
  void theOperationIdSaysTheLayoutOnlyWhenPartitioned() {
    assertThat(WriteOperation.DEFAULT.id()).isEqualTo("append");
    assertThat(OVERWRITE_PARTITIONED.id()).isEqualTo("overwrite-partitioned");
    assertThat(WriteOperation.fromId(" overwrite-partitioned ")).isEqualTo(OVERWRITE_PARTITIONED);
    assertThat(WriteOperation.fromId("append").layout()).isEqualTo(TableLayout.UNPARTITIONED);
  }

  @Test
  void allIsEveryOperationOnEveryLayoutInMatrixOrder() {
    assertThat(WriteOperation.parseList("all")).extracting(WriteOperation::id)
        .containsExactly("append", "append-partitioned", "overwrite", "overwrite-partitioned",
            "delete-cow", "delete-cow-partitioned", "delete-mor", "delete-mor-partitioned",
            "delete-dv", "delete-dv-partitioned", "update-cow", "update-cow-partitioned",
            "update-mor", "update-mor-partitioned", "update-dv", "update-dv-partitioned",
            "merge-cow", "merge-cow-partitioned", "merge-mor", "merge-mor-partitioned",
            "merge-dv", "merge-dv-partitioned");
    assertThat(WriteOperation.parseList("overwrite,append")).extracting(WriteOperation::id)
        .containsExactly("overwrite", "append");
  }

  @Test
  void rowLevelIdsNameTheCommandAndTheModeAndTakeTheLayoutSuffix() {
    assertThat(WriteOperation.fromId("delete-mor-partitioned"))
        .isEqualTo(new WriteOperation(OperationName.DELETE_MOR, TableLayout.PARTITIONED));
    assertThat(WriteOperation.fromId("merge-dv")).isEqualTo(new WriteOperation(OperationName.MERGE_DV,
        TableLayout.UNPARTITIONED));
    assertThatThrownBy(() -> WriteOperation.fromId("delete")).hasMessageContaining("unknown operation 'delete'")
        .hasMessageContaining("delete-cow");
    assertThatThrownBy(() -> WriteOperation.fromId("delete-cow-v3")).hasMessageContaining("unknown operation");
  }

  @Test
  void unknownDuplicateAndEmptySelectionsAreRefusedNamingTheValidIds() {
    assertThatThrownBy(() -> WriteOperation.parseList("append,upsert"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown operation 'upsert'")
        .hasMessageContaining("overwrite-partitioned");
    assertThatThrownBy(() -> WriteOperation.parseList("append,append"))
        .hasMessageContaining("listed twice");
    assertThatThrownBy(() -> WriteOperation.parseList(" , "))
        .hasMessageContaining("no operation given");
    assertThatThrownBy(() -> WriteOperation.fromId("-partitioned"))
        .hasMessageContaining("unknown operation");
  }

  @Test
  void aResultWithoutOperationFieldsReadsAsTheDefault() throws Exception {
    String old = "{\"runId\":\"r\",\"writer\":\"iceberg\",\"master\":\"m\",\"passed\":false,\"scenarios\":"
        + "[{\"name\":\"speculation-original-wins\",\"repetition\":1,\"scheduler\":\"Passed\",\"storage\":\"Passed\"}]}";
    ScenarioResult result = ReportJson.fromJson(old).scenarios().get(0);
    assertThat(result.writeOperation()).isEqualTo(WriteOperation.DEFAULT);
    assertThat(result.cell()).isEqualTo("speculation-original-wins/append");
  }

  @Test
  void statsAreKeptPerMatrixCell() {
    ScenarioResult.Counts counts = new ScenarioResult.Counts(1, 1, 1, 4, 0, 0, 0);
    List<ScenarioResult> results = List.of(
        ScenarioResult.judged("s", WriteOperation.DEFAULT, 1, Verdict.Passed, Verdict.Passed, counts, 1, null, null,
            null),
        ScenarioResult.judged("s", OVERWRITE_PARTITIONED, 1, Verdict.Passed, Verdict.Failed, counts, 1, null, null,
            null),
        ScenarioResult.judged("s", OVERWRITE_PARTITIONED, 2, Verdict.Passed, Verdict.Passed, counts, 3, null, null,
            null));
    List<ScenarioStats> stats = ScenarioStats.of(results);
    assertThat(stats).extracting(ScenarioStats::operation).containsExactly("append", "overwrite");
    assertThat(stats.get(1).layout()).isEqualTo("partitioned");
    assertThat(stats.get(1).runs()).isEqualTo(2);
    assertThat(stats.get(1).failed()).isEqualTo(1);
  }
}
