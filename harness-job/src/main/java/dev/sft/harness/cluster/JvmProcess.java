package dev.sft.harness.cluster;

import dev.sft.harness.driver.SparkSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a JVM on the assembled SPARK_HOME's jars, with output going to a log file. */
public final class JvmProcess {
  /** The {@code sft} CLI's entry point, started by name so the cluster code needs no CLI class. */
  public static final String SFT_CLI_MAIN = "dev.sft.harness.cli.SftCli";

  private JvmProcess() {}

  public static String javaExecutable() {
    return ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  public static List<String> command(Path sparkHome, List<String> jvmFlags, String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(javaExecutable());
    command.addAll(SparkSettings.FAST_START_JVM_FLAGS);
    command.addAll(jvmFlags);
    command.add("-cp");
    command.add(classPath(sparkHome));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  /** Every jar of the SPARK_HOME, as the master, workers and drivers load them. */
  public static String classPath(Path sparkHome) {
    return sparkHome.resolve("jars") + "/*";
  }

  public static Process start(List<String> command, Map<String, String> env, Path workDir, Path log, boolean pipeStdout)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
    // A null value removes the variable the JVM would otherwise inherit.
    env.forEach((name, value) -> {
      if (value == null) {
        builder.environment().remove(name);
      } else {
        builder.environment().put(name, value);
      }
    });
    builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.redirectOutput(pipeStdout ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    return builder.start();
  }
}
