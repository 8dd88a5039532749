package dev.sft.harness.run;

import dev.sft.harness.cluster.JavaModuleFlags;
import dev.sft.harness.cluster.JvmProcess;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.jars.JarSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code sft run --jar} against a cluster of its own. The driver JVM was started on SPARK_HOME/jars with the
 * released jars, so it starts itself again on a per-run SPARK_HOME of links ({@link JarSet}) with the jars under
 * test in their place. Executors get the jars under test first on their classpath
 * ({@code spark.executor.extraClassPath}) from a copy on the shared root, which every worker mounts at the same path.
 */
public final class DriverRelaunch {
  /** Set for the restarted driver: its classpath already has the jars under test. */
  public static final String APPLIED = "SFT_JARS_UNDER_TEST_APPLIED";

  private DriverRelaunch() {}

  public static boolean needed(List<Path> jarsUnderTest) {
    return !jarsUnderTest.isEmpty() && System.getenv(APPLIED) == null
        && System.getenv(dev.sft.contract.HarnessEnvironment.LOCAL_DRIVER) == null;
  }

  /** Runs this driver again as a child JVM with {@code args} (the original {@code sft run} arguments); its exit code. */
  public static int run(DriverRunOptions options, List<String> args) {
    Path own = JarSet.ownSparkHome();
    if (own == null) {
      throw new IllegalArgumentException("sft run --jar needs the assembled SPARK_HOME the harness jar lives in;"
          + " start it through ./sft");
    }
    JarSet jars = JarSet.resolve(own, null, options.jarsUnderTest());
    jars.matches("--jar").forEach(Progress::say);
    Path home = jars.materialize(options.driverDir().resolve("spark-home"));
    Progress.say("driver: restarting on " + home.resolve("jars") + " with the jars under test " + options.jarsUnderTest());
    return start(home, childArguments(args, options.runId()), Map.of(APPLIED, "1"));
  }

  /**
   * Runs {@code sft} with {@code args} as a child JVM on {@code home}'s jars (this JVM's heap bound, the child's
   * output inherited), with {@code env} added; its exit code.
   */
  static int start(Path home, List<String> args, Map<String, String> env) {
    List<String> jvmFlags = new ArrayList<>(JavaModuleFlags.read(home));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-Xmx"))
        .forEach(jvmFlags::add);
    ProcessBuilder builder = new ProcessBuilder(JvmProcess.command(home, jvmFlags, JvmProcess.SFT_CLI_MAIN, args))
        .inheritIO();
    builder.environment().putAll(env);
    Process child = null;
    try {
      child = builder.start();
      return child.waitFor();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a driver JVM", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      if (child != null) {
        child.destroyForcibly();
      }
      throw new IllegalStateException("interrupted while a driver JVM ran", e);
    }
  }

  /**
   * {@code sft run} and the original arguments (picocli's original arguments start with the command name), pinned to
   * the run id this JVM chose, so the restarted driver writes to the same evidence folder.
   */
  static List<String> childArguments(List<String> original, String runId) {
    List<String> args = new ArrayList<>(original);
    if (!args.isEmpty() && args.get(0).equals(dev.sft.contract.DriverRun.COMMAND)) {
      args.remove(0);
    }
    args.add(0, dev.sft.contract.DriverRun.COMMAND);
    if (args.stream().noneMatch(a -> a.equals("--run-id") || a.startsWith("--run-id="))) {
      args.addAll(List.of("--run-id", runId));
    }
    return args;
  }

  /** Copies of the jars under test on the shared root, as an executor classpath that comes before SPARK_HOME/jars. */
  public static String executorClasspath(Path runDir, List<Path> jarsUnderTest) {
    List<String> copies = new ArrayList<>();
    try {
      Path dir = Files.createDirectories(runDir.resolve("jars-under-test"));
      for (Path jar : jarsUnderTest) {
        Path copy = dir.resolve(jar.getFileName());
        Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
        copies.add(copy.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the jars under test to the shared root " + runDir, e);
    }
    return String.join(java.io.File.pathSeparator, copies);
  }
}
