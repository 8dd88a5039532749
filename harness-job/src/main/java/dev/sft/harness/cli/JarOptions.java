package dev.sft.harness.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --jar} (repeatable), shared by {@code sft local} and {@code sft replay}. */
final class JarOptions {
  @Option(names = "--jar", paramLabel = "<jar>", description = "a jar under test, e.g. your iceberg-spark-runtime-...-SNAPSHOT.jar or a"
      + " Comet jar: it replaces the released jar of the same module for the driver, workers and executors"
      + " (repeatable); the report proves it ran")
  List<Path> jars = List.of();
}
