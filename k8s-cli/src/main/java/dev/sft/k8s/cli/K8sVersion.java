package dev.sft.k8s.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code --version} of the client jar: sft's version as built (the jar carries no Spark, Iceberg or Comet to name). */
final class K8sVersion implements IVersionProvider {
  static final String RESOURCE = "dev/sft/k8s/cli/sft-k8s-version.properties";

  @Override
  public String[] getVersion() {
    try (InputStream in = K8sVersion.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return new String[] {"sft k8s unknown (no " + RESOURCE + " on the class path)"};
      }
      Properties properties = new Properties();
      properties.load(in);
      return new String[] {"sft k8s " + properties.getProperty("sft.version", "unknown")};
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
