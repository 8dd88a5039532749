package dev.sft.harness.operation;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** One row of the table under test ({@code id BIGINT, payload STRING}), as the expected multisets list them. */
record TableRow(long id, String payload) {
  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, true)
      .add("payload", DataTypes.StringType, true);

  /** The rows as a Dataset with the table's schema, for the bidirectional EXCEPT ALL against the table. */
  static Dataset<Row> dataset(SparkSession spark, List<TableRow> rows) {
    return spark.createDataFrame(rows.stream().map(r -> RowFactory.create(r.id(), r.payload())).toList(), SCHEMA);
  }
}
