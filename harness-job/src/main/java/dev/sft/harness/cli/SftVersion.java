package dev.sft.harness.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apache.iceberg.IcebergBuild;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version} of every command: sft's version as built, and the Spark, Iceberg and Comet versions of the jars
 * on this JVM's class path (sft's assembled SPARK_HOME), read from what each jar says of itself rather than from the
 * pom, so a jar swapped in after the build shows as what it is.
 */
final class SftVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {
        "sft " + property("dev/sft/harness/cli/sft-version.properties", "sft.version"),
        // What Spark reads for its own SPARK_VERSION (spark-common-utils).
        "Spark " + property("spark-version-info.properties", "version"),
        "Iceberg " + IcebergBuild.version(),
        // Comet has no Java API for its version; its jar carries this file.
        "Comet " + property("comet-git-info.properties", "git.build.version")};
  }

  private static String property(String resource, String key) {
    try (InputStream in = SftVersion.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return "unknown (no " + resource + " on the class path)";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty(key, "unknown (no " + key + " in " + resource + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
