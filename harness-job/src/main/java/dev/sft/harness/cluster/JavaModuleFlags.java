package dev.sft.harness.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * The JVM flags Spark needs on Java 17+ ({@code --add-opens} and friends), from Spark's own
 * {@link JavaModuleOptions}. The build runs {@link #main} once to write them into {@code SPARK_HOME/jars/}{@value
 * #FILE} as a java {@code @argfile}; the test JVMs (harness-job/pom.xml), the {@code ./sft} launcher and the driver
 * JVMs of {@code sft local} ({@link #read}) all take them from there (the launcher without
 * {@code --add-modules=jdk.incubator.vector}, which only makes its JVM print a warning before every command).
 */
public final class JavaModuleFlags {
  public static final String FILE = "sft-java-module-options.args";

  private JavaModuleFlags() {}

  public static List<String> read(Path sparkHome) {
    Path file = sparkHome.resolve("jars").resolve(FILE);
    try {
      return Files.readAllLines(file).stream().map(String::trim).filter(f -> !f.isEmpty()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the JVM module flags " + file + "; the harness build writes it"
          + " into SPARK_HOME/jars (./mvnw -pl harness-job -am package)", e);
    }
  }

  /** Writes the argfile, one flag a line; run by the build. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: JavaModuleFlags OUTPUT_FILE");
    }
    Path file = Path.of(args[0]);
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()));
  }
}
