package dev.sft.harness.driver;

import dev.sft.contract.DriverRun;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link SparkSettings#conf} builds a driver run's Spark configuration from. It is its own value because the
 * driver run's options (run/) and the fixture (table/) build on driver/, so driver/ cannot read them.
 *
 * @param driverRun the driver run asked for: master, run id and group, timeout, speculation, writer, driver host
 * @param runDir the run's folder on the shared root
 * @param executorClasspath extra executor classpath visible on every worker, or null
 * @param shipJars whether to ship the harness and Iceberg jars to executors through {@code spark.jars}
 * @param extraConf further Spark settings, applied last
 * @param writerPartitions the fixture's writer partitions, which a shuffle before the write keeps
 * @param catalog the plain Iceberg catalog's name
 * @param probedCatalog the name of the catalog that writes through the probe, on the same warehouse
 * @param executorClassData the image's class-data archive for the executors, if the driver's image has one
 */
public record SparkInputs(
    DriverRun driverRun,
    Path runDir,
    String executorClasspath,
    boolean shipJars,
    Map<String, String> extraConf,
    int writerPartitions,
    String catalog,
    String probedCatalog,
    Optional<ExecutorClassData> executorClassData) {}
