package dev.sft.harness.driver;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ExecutorSizing;
import dev.sft.contract.WriterName;
import dev.sft.harness.comet.CometCommitObserver;
import dev.sft.harness.comet.CometExecutorPlugin;
import dev.sft.harness.probe.HoldingShuffleManager;
import dev.sft.harness.probe.ProbedCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.spark.SparkCatalog;
import org.apache.spark.SparkConf;

/** The Spark configuration of a driver run, following the reference suite's cluster requirements. */
public final class SparkSettings {
  /** Cold JVM start dominates on small machines; these roughly halve it (bench/RESULTS.md has the figures). */
  public static final List<String> FAST_START_JVM_FLAGS =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData");

  /** One core per executor, four in total (the contract's {@link ExecutorSizing}, which the controller sizes by). */
  public static final int EXECUTOR_CORES = ExecutorSizing.EXECUTOR_CORES;
  public static final int MAX_CORES = ExecutorSizing.MAX_CORES;

  private SparkSettings() {}

  /** The driver run's configuration, refused (IllegalArgumentException) when it breaks {@link RequiredSettings}. */
  public static SparkConf conf(SparkInputs inputs) {
    DriverRun driverRun = inputs.driverRun();
    Path warehouse = inputs.runDir().resolve("warehouse");
    SparkConf conf = new SparkConf()
        .setMaster(driverRun.master())
        .setAppName("sft " + driverRun.runId() + " (" + driverRun.group() + ")")
        .set("spark.ui.enabled", "false")
        .set("spark.executor.cores", String.valueOf(EXECUTOR_CORES))
        .set("spark.cores.max", String.valueOf(MAX_CORES))
        .set("spark.executor.memory", ExecutorSizing.EXECUTOR_HEAP_MIB + "m")
        // Spark's own default, set explicitly so that the controller's worker-size rule and the run agree.
        .set("spark.executor.memoryOverhead", ExecutorSizing.overheadMib(ExecutorSizing.EXECUTOR_HEAP_MIB) + "m")
        .set("spark.executor.extraJavaOptions", String.join(" ", FAST_START_JVM_FLAGS))
        // Scheduler behaviour under test: no AQE, no dynamic allocation, no decommissioning, no push shuffle, no
        // external shuffle service, so shuffle output lives and dies with its executor process.
        .set("spark.sql.adaptive.enabled", "false")
        .set("spark.sql.adaptive.coalescePartitions.enabled", "false")
        .set("spark.dynamicAllocation.enabled", "false")
        .set("spark.decommission.enabled", "false")
        .set("spark.shuffle.push.enabled", "false")
        .set("spark.shuffle.service.enabled", "false")
        // Spark's sort shuffle plus the probe's hold before a reducer's fetch (the shuffle-loss scenario).
        .set(RequiredSettings.SHUFFLE_MANAGER, HoldingShuffleManager.class.getName())
        .set("spark.sql.shuffle.partitions", String.valueOf(inputs.writerPartitions()))
        .set("spark.locality.wait", "0s")
        // Each source file becomes its own partition: the open cost alone fills a split.
        .set("spark.sql.files.openCostInBytes", String.valueOf(128L * 1024 * 1024))
        // The reference suite feeds writers 1,000-row batches.
        .set("spark.sql.parquet.columnarReaderBatchSize", "1000")
        .set("spark.barrier.sync.timeout", String.valueOf(driverRun.timeoutSeconds()))
        .set("spark.speculation", String.valueOf(driverRun.speculation()))
        // Speculate only once three of the four writer tasks are done, i.e. only the held task.
        .set("spark.speculation.interval", "100ms")
        .set("spark.speculation.quantile", "0.75")
        .set("spark.speculation.multiplier", "1.5")
        .set("spark.speculation.minTaskRuntime", "100ms")
        // Duration alone decides, as in the reference suite: Spark's efficiency rule would also weigh the held
        // task's processing rate.
        .set(RequiredSettings.SPECULATION_EFFICIENCY, "false")
        .set("spark.task.maxFailures", String.valueOf(RequiredSettings.MIN_TASK_MAX_FAILURES))
        .set("spark.sql.warehouse.dir", inputs.runDir().resolve("spark-warehouse").toString())
        .set("spark.hadoop.hadoop.tmp.dir", inputs.runDir().resolve("hadoop-tmp").toString());
    for (String catalog : List.of(inputs.catalog(), inputs.probedCatalog())) {
      String prefix = "spark.sql.catalog." + catalog;
      conf.set(prefix, catalog.equals(inputs.catalog()) ? SparkCatalog.class.getName() : ProbedCatalog.class.getName())
          .set(prefix + ".type", "hadoop")
          .set(prefix + ".warehouse", warehouse.toString())
          // Both catalogs see one warehouse; caching would let one serve stale metadata after the other wrote.
          .set(prefix + ".cache-enabled", "false");
    }
    if (driverRun.writer() == WriterName.COMET_NATIVE) {
      cometNative(conf, inputs);
    }
    if (driverRun.driverHost() != null) {
      conf.set("spark.driver.host", driverRun.driverHost());
    }
    if (inputs.executorClasspath() != null && !inputs.executorClasspath().isBlank()) {
      conf.set("spark.executor.extraClassPath", inputs.executorClasspath());
    } else if (inputs.executorClassData().isPresent()) {
      // Not with jars in front (a relaunched build's copies): the archive maps only behind its own class path.
      ExecutorClassData classData = inputs.executorClassData().get();
      List<String> flags = new ArrayList<>(FAST_START_JVM_FLAGS);
      flags.addAll(classData.jvmFlags());
      conf.set("spark.executor.extraJavaOptions", String.join(" ", flags))
          .set("spark.executor.extraClassPath", classData.classPath());
    }
    if (inputs.shipJars()) {
      conf.set("spark.jars", String.join(",", harnessJars(inputs)));
    }
    for (Map.Entry<String, String> entry : inputs.extraConf().entrySet()) {
      conf.set(entry.getKey(), entry.getValue());
    }
    RequiredSettings.require(conf, driverRun.speculation());
    return conf;
  }

  /**
   * DataFusion Comet with its native Iceberg writer, plus sft's two observers: the executor plugin that installs
   * the handoff hook and the extension that wraps Comet's commit operator (see dev.sft.harness.comet).
   */
  static void cometNative(SparkConf conf, SparkInputs inputs) {
    conf.set("spark.plugins", "org.apache.spark.CometPlugin," + CometExecutorPlugin.class.getName())
        .set("spark.sql.extensions", CometCommitObserver.class.getName())
        // Comet disables itself without off-heap memory, and with Spark's shuffle unless its own shuffle is off.
        .set("spark.memory.offHeap.enabled", "true")
        .set("spark.memory.offHeap.size", ExecutorSizing.COMET_OFF_HEAP_MIB + "m")
        .set("spark.comet.shuffle.enabled", "false")
        .set("spark.comet.write.iceberg.enabled", "true")
        // RDD-fed fixtures (the pausing input, the input gate) reach the native writer as Arrow batches.
        .set("spark.comet.convert.rdd.enabled", "true")
        .set("spark.comet.batchSize", "1000")
        .set("spark.comet.testing.icebergWriteReport.dir", inputs.runDir().resolve("comet-write-report").toString());
  }

  /** The jars executors need beyond Spark itself: the harness (probe classes), its contract, and Iceberg. */
  static List<String> harnessJars(SparkInputs inputs) {
    List<String> jars = new ArrayList<>();
    List<Class<?>> types = new ArrayList<>(List.of(SparkSettings.class, dev.sft.contract.Report.class,
        SparkCatalog.class));
    if (inputs.driverRun().writer() == WriterName.COMET_NATIVE) {
      types.add(org.apache.spark.CometPlugin.class);
    }
    for (Class<?> type : types) {
      String location = type.getProtectionDomain().getCodeSource().getLocation().getPath();
      if (!jars.contains(location)) {
        jars.add(location);
      }
    }
    return jars;
  }
}
