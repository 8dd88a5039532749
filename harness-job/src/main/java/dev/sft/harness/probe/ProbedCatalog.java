package dev.sft.harness.probe;

import org.apache.iceberg.spark.SparkCatalog;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;

/**
 * Iceberg's own Spark catalog, with tables wrapped so that monitored writes go through the probe. Everything else
 * (naming, metadata, commits, cleanup) is Iceberg's unchanged behaviour.
 */
public class ProbedCatalog extends SparkCatalog {
  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    Table table = super.loadTable(ident);
    return table instanceof SparkTable iceberg ? new ProbedTable(iceberg) : table;
  }
}
