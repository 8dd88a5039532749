package dev.sft.harness.operation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.OperationName;
import dev.sft.contract.TableLayout;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.table.Fixture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The row-level operations' prior state and expected multisets, from plain Java: each expected multiset is the
 * exact one its command leaves (checked against hand-picked rows), differs from a table the command never ran on,
 * ran on twice, or lost a row in, and each command gives every writer task more rows than the executor loss pause.
 */
class RowLevelOperationTest {
  private static final int EXECUTOR_LOSS_PAUSE = 4_000;

  static Stream<WriteOperation> rowLevel() {
    return WriteOperation.all().stream().map(Operations::create).filter(o -> o instanceof RowLevelOperation)
        .map(Operation::id);
  }

  private static RowLevelOperation create(String id) {
    return (RowLevelOperation) Operations.create(WriteOperation.fromId(id));
  }

  @Test
  void everyRowLevelCommandInEveryModeOnBothLayoutsIsAnOperation() {
    assertThat(rowLevel()).hasSize(18);
    assertThat(create("delete-cow-partitioned")).isInstanceOf(DeleteOperation.class);
    assertThat(create("update-mor")).isInstanceOf(UpdateOperation.class);
    assertThat(create("merge-dv-partitioned").id().layout()).isEqualTo(TableLayout.PARTITIONED);
  }

  @ParameterizedTest
  @MethodSource("rowLevel")
  void thePriorStateIsATableInTheOperationsModeWithOneWriterTaskPerFile(WriteOperation id) {
    RowLevelOperation operation = (RowLevelOperation) Operations.create(id);
    Map<String, String> p = operation.tableProperties();
    String command = id.operation().id().substring(0, id.operation().id().indexOf('-'));
    String mode = id.operation().id().endsWith("-cow") ? "copy-on-write" : "merge-on-read";
    assertThat(p).containsEntry("write." + command + ".mode", mode)
        .containsEntry("write." + command + ".distribution-mode", "none")
        .containsEntry("read.split.open-file-cost", String.valueOf(128L * 1024 * 1024))
        .containsEntry("format-version", id.operation().id().endsWith("-dv") ? "3" : "2");
    assertThat(operation.takesInput()).as("reads the table, not the scenario's input").isFalse();
    assertThat(operation.nativeWriterGap()).get().asString().contains(id.id()).contains("JVM writer");
    assertThat(operation.command("sft_probed.db.t")).contains("sft_probed.db.t");
  }

  @Test
  void thePriorStateTheExpectationsStartFromIsTheFixturesSourceRows() {
    List<TableRow> source = FixtureRows.source();
    assertThat(source).hasSize((int) Fixture.TOTAL_ROWS).doesNotHaveDuplicates()
        .contains(new TableRow(0, "row-0"), new TableRow(3 * Fixture.ID_STRIDE + 11_999, "row-3011999"))
        .doesNotContain(new TableRow(12_000, "row-12000"));
  }

  @Test
  void deleteKeepsExactlyTheRowsItsPredicateSpares() {
    List<TableRow> cow = create("delete-cow").expected(FixtureRows.source());
    assertThat(cow).hasSize(43_200).contains(new TableRow(1, "row-1"))
        .doesNotContain(new TableRow(10, "row-10"));
    List<TableRow> mor = create("delete-mor-partitioned").expected(FixtureRows.source());
    assertThat(mor).hasSize(4_800).contains(new TableRow(10, "row-10"))
        .doesNotContain(new TableRow(1, "row-1"));
    assertThat(create("delete-cow").command("t")).isEqualTo("DELETE FROM t WHERE id % 10 = 0");
    assertThat(create("delete-dv").command("t")).isEqualTo("DELETE FROM t WHERE id % 10 <> 0");
  }

  @Test
  void updateChangesNineRowsInTenOnce() {
    List<TableRow> after = create("update-cow").expected(FixtureRows.source());
    assertThat(after).hasSize((int) Fixture.TOTAL_ROWS)
        .contains(new TableRow(0, "row-0"), new TableRow(1, "row-1-u"))
        .doesNotContain(new TableRow(1, "row-1"), new TableRow(1, "row-1-u-u"));
  }

  @Test
  void mergeDeletesUpdatesAndInserts() {
    List<TableRow> after = create("merge-mor").expected(FixtureRows.source());
    assertThat(after).hasSize(4 * (1_200 + 9_600 + MergeOperation.INSERTS_PER_RANGE))
        .contains(new TableRow(0, "row-0"), new TableRow(2, "merged-2"),
            new TableRow(500_000, "inserted-500000"), new TableRow(3_500_999, "inserted-3500999"))
        .doesNotContain(new TableRow(1, "row-1"), new TableRow(2, "row-2"), new TableRow(501_000, "inserted-501000"));
    assertThat(MergeOperation.sourceQuery()).contains("range(3000000, 3012000)").contains("range(3500000, 3501000)");
  }

  /** Fail cases: the expectation tells the command's result from a table it never ran on, ran on twice, or lost. */
  @ParameterizedTest
  @MethodSource("rowLevel")
  void theExpectationRejectsANoOpADoubleRunAndALostRow(WriteOperation id) {
    RowLevelOperation operation = (RowLevelOperation) Operations.create(id);
    List<TableRow> source = FixtureRows.source();
    List<TableRow> expected = operation.expected(source);
    assertThat(sameMultiset(expected, operation.expected(source))).as("pass case").isTrue();
    assertThat(sameMultiset(expected, source)).as("the command never ran").isFalse();
    if (id.operation() != OperationName.DELETE_COW && id.operation() != OperationName.DELETE_MOR
        && id.operation() != OperationName.DELETE_DV) {
      // A second DELETE of the same predicate is a no-op; UPDATE and MERGE change again.
      assertThat(sameMultiset(expected, operation.expected(expected))).as("the command ran twice").isFalse();
    }
    List<TableRow> lost = new ArrayList<>(expected);
    lost.remove(lost.size() / 2);
    assertThat(sameMultiset(expected, lost)).as("a row lost").isFalse();
    List<TableRow> duplicated = new ArrayList<>(lost);
    duplicated.add(lost.get(0));
    assertThat(sameMultiset(expected, duplicated)).as("a row lost and another duplicated").isFalse();
  }

  /**
   * The executor loss scenarios pause each initial writer attempt after 4,000 writer calls: a copy-on-write
   * writer is called once per row it writes, a merge-on-read one once per changed row. Each range must give more
   * than twice that, so each half (a bucket file of the partitioned layout) still reaches the pause.
   */
  @ParameterizedTest
  @MethodSource("rowLevel")
  void everyRangeGivesItsWritersMoreRowsThanThePause(WriteOperation id) {
    RowLevelOperation operation = (RowLevelOperation) Operations.create(id);
    List<TableRow> source = FixtureRows.source();
    List<TableRow> after = operation.expected(source);
    for (int k = 0; k < Fixture.WRITER_PARTITIONS; k++) {
      long start = k * Fixture.ID_STRIDE;
      long end = start + Fixture.ROWS_PER_PARTITION;
      List<TableRow> before = source.stream().filter(r -> r.id() >= start && r.id() < end).toList();
      List<TableRow> kept = after.stream().filter(r -> r.id() >= start && r.id() < end).toList();
      long calls = operation.mode().mergeOnRead()
          ? before.stream().filter(r -> !kept.contains(r)).count()
          : kept.size();
      assertThat(calls).as(id + " writer calls in range " + k).isGreaterThan(2L * EXECUTOR_LOSS_PAUSE);
    }
  }

  private static boolean sameMultiset(List<TableRow> a, List<TableRow> b) {
    return counts(a).equals(counts(b));
  }

  private static Map<TableRow, Integer> counts(List<TableRow> rows) {
    Map<TableRow, Integer> counts = new HashMap<>();
    rows.forEach(r -> counts.merge(r, 1, Integer::sum));
    return counts;
  }
}
