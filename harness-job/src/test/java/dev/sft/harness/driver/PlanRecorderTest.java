package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.catalyst.plans.logical.AppendData$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic$;
import org.junit.jupiter.api.Test;

/**
 * Which logical plans are the monitored write whose executed plan the Comet proof reads: V2 writes as the DataFrame
 * writer builds them, and the row-level commands as Spark's parser produces them from the operations' SQL.
 */
class PlanRecorderTest {
  static LogicalPlan parse(String sql) {
    return CatalystSqlParser$.MODULE$.parsePlan(sql);
  }

  @Test
  void theRowLevelCommandsAreWritesAsTheyParse() {
    LogicalPlan delete = parse("DELETE FROM sft.db.t WHERE id % 10 = 0");
    LogicalPlan update = parse("UPDATE sft.db.t SET payload = concat(payload, '-u') WHERE id % 10 <> 0");
    LogicalPlan merge = parse("MERGE INTO sft.db.t t USING s ON t.id = s.id"
        + " WHEN MATCHED AND s.op = 'd' THEN DELETE WHEN MATCHED THEN UPDATE SET *"
        + " WHEN NOT MATCHED THEN INSERT *");
    assertThat(delete.nodeName()).isEqualTo("DeleteFromTable");
    assertThat(update.nodeName()).isEqualTo("UpdateTable");
    assertThat(merge.nodeName()).isEqualTo("MergeIntoTable");
    assertThat(PlanRecorder.isWrite(delete)).isTrue();
    assertThat(PlanRecorder.isWrite(update)).isTrue();
    assertThat(PlanRecorder.isWrite(merge)).isTrue();
  }

  @Test
  void theDataFrameWritersV2WritesAreWrites() {
    LogicalPlan rows = parse("SELECT 1 AS id, 'a' AS payload");
    UnresolvedRelation table = new UnresolvedRelation(
        scala.jdk.javaapi.CollectionConverters.asScala(java.util.List.of("sft", "db", "t")).toSeq(),
        org.apache.spark.sql.util.CaseInsensitiveStringMap.empty(), false);
    scala.collection.immutable.Map<String, String> noOptions = scala.collection.immutable.Map$.MODULE$.empty();
    assertThat(PlanRecorder.isWrite(AppendData$.MODULE$.byName(table, rows, noOptions))).as("append").isTrue();
    assertThat(PlanRecorder.isWrite(OverwritePartitionsDynamic$.MODULE$.byName(table, rows, noOptions)))
        .as("overwritePartitions").isTrue();
  }

  @Test
  void readsAndOtherCommandsAreNot() {
    assertThat(PlanRecorder.isWrite(parse("SELECT id FROM sft.db.t WHERE id % 10 = 0"))).isFalse();
    assertThat(PlanRecorder.isWrite(parse("CREATE TABLE sft.db.t (id BIGINT) USING iceberg"))).isFalse();
    assertThat(PlanRecorder.isWrite(parse("CALL sft.system.remove_orphan_files(table => 'db.t')"))).isFalse();
  }
}
