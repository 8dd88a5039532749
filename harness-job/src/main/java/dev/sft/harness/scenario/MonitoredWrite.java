package dev.sft.harness.scenario;

import dev.sft.harness.operation.Operation;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;

/**
 * Issues the monitored write of the scenario's operation for the writer under test, handing the probe its spec the
 * way that writer needs.
 */
final class MonitoredWrite {
  private MonitoredWrite() {}

  static void write(ScenarioContext context, Operation operation, Dataset<Row> input, String table, ProbeSpec spec)
      throws NoSuchTableException {
    switch (context.writer()) {
      // Iceberg's JVM writer: through the probed catalog, the spec as a write option.
      case ICEBERG -> operation.write(input,
          new Operation.Target(Fixture.probed(table), Map.of(ProbeSpec.OPTION, spec.toOption())));
      // Comet plans its native writer only for Iceberg's own Write, so the table is the plain one and the spec
      // travels as the job's local property, to the executor failpoint and the commit observer.
      case COMET_NATIVE -> {
        SparkContext sc = context.spark().sparkContext();
        sc.setLocalProperty(ProbeSpec.OPTION, spec.toOption());
        try {
          operation.write(input, new Operation.Target(Fixture.qualified(table), Map.of()));
        } finally {
          sc.setLocalProperty(ProbeSpec.OPTION, null);
        }
      }
      default -> throw new IllegalStateException("unknown writer " + context.writer());
    }
  }
}
