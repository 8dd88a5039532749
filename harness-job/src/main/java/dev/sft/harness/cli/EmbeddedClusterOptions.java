package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.harness.jars.JarSet;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of the embedded cluster and its waits, shared by {@code sft local} and {@code sft replay}. */
final class EmbeddedClusterOptions {
  @Option(names = "--timeout", paramLabel = "<duration>", defaultValue = "180s",
      description = "bound of every gate and wait (default: ${DEFAULT-VALUE})")
  Duration timeout;

  @Option(names = "--kill-timeout", paramLabel = "<duration>", defaultValue = DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS
      + "s", description = "bound of one call of the kill command, separate from --timeout (default: ${DEFAULT-VALUE})")
  Duration killTimeout;

  @Option(names = "--workers", paramLabel = "<n>", defaultValue = "2",
      description = "worker JVMs, one loopback host each (default 2; fewer than 2 fails preflight, by design)")
  int workers;

  @Option(names = "--master-port", paramLabel = "<port>", defaultValue = "7077",
      description = "master port on 127.0.0.1 (default: ${DEFAULT-VALUE})")
  int masterPort;

  @Option(names = "--spark-home", paramLabel = "<dir>", defaultValue = "${env:SFT_SPARK_HOME}",
      description = "SPARK_HOME to run on: the harness's assembled one (default: the one this harness jar lives in)"
          + " or a Spark distribution of your own (its Spark, plus the harness's other jars)")
  Path sparkHome;

  /** {@code --timeout} in whole seconds, checked. */
  int timeoutSeconds() {
    return OptionValues.positive("--timeout", OptionValues.wholeSeconds("--timeout", timeout));
  }

  /** {@code --kill-timeout} in whole seconds, checked. */
  int killTimeoutSeconds() {
    return OptionValues.positive("--kill-timeout", OptionValues.wholeSeconds("--kill-timeout", killTimeout));
  }

  /** {@code --workers}, checked. */
  int workers() {
    return OptionValues.positive("--workers", workers);
  }

  /** {@code --master-port}, checked. */
  int masterPort() {
    if (masterPort < 1 || masterPort > 65535) {
      throw new IllegalArgumentException("--master-port must be 1-65535, got " + masterPort);
    }
    return masterPort;
  }

  /** The SPARK_HOME to run on: {@code --spark-home}, else the assembled one {@code own}. */
  Path sparkHome(Path own) {
    Path home = sparkHome != null ? sparkHome.toAbsolutePath() : own;
    if (home == null) {
      throw new IllegalArgumentException("cannot tell where the assembled SPARK_HOME is; pass --spark-home or set"
          + " SFT_SPARK_HOME (the build puts it in harness-job/target/spark-home)");
    }
    return home;
  }
}
