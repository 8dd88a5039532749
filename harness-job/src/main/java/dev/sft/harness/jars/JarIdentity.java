package dev.sft.harness.jars;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Which module a jar file is, read from the jar itself: its own {@code META-INF/maven/<g>/<a>/pom.properties} (the
 * one whose artifact and version its file name spells; shaded jars carry many others), else its artifact name, the
 * file name before the version (the last {@code -<digit>}). Iceberg's Gradle-built runtime has no pom.properties of
 * its own: its version comes from {@code iceberg-build.properties}.
 *
 * @param coordinates {@code groupId:artifactId}, or null when the jar has no pom.properties of its own
 * @param artifactName the artifact id, or the file name before its version
 * @param version the version the jar declares, else the one in its file name, else null
 */
public record JarIdentity(Path file, String coordinates, String artifactName, String version) {
  /** The module key two jars share when one can replace the other. */
  public String module() {
    return coordinates != null ? coordinates : artifactName;
  }

  public String fileName() {
    return file.getFileName().toString();
  }

  public static JarIdentity read(Path jar) {
    String name = jar.getFileName().toString();
    String[] nameAndVersion = splitName(name);
    try (JarFile file = new JarFile(jar.toFile())) {
      List<Properties> poms = new ArrayList<>();
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        if (entry.getName().startsWith("META-INF/maven/") && entry.getName().endsWith("/pom.properties")) {
          Properties pom = new Properties();
          try (InputStream in = file.getInputStream(entry)) {
            pom.load(in);
          }
          poms.add(pom);
        }
      }
      for (Properties pom : poms) {
        String artifact = pom.getProperty("artifactId");
        String version = pom.getProperty("version");
        if (artifact != null && version != null && name.startsWith(artifact + "-" + version)) {
          return new JarIdentity(jar, pom.getProperty("groupId") + ":" + artifact, artifact, version);
        }
      }
      String version = declaredVersion(file);
      return new JarIdentity(jar, null, nameAndVersion[0], version != null ? version : nameAndVersion[1]);
    } catch (IOException e) {
      throw new IllegalArgumentException(jar + " is not a readable jar: " + e.getMessage(), e);
    }
  }

  /** Iceberg's build properties, else the manifest's Implementation-Version, else null. */
  private static String declaredVersion(JarFile file) throws IOException {
    JarEntry build = file.getJarEntry("iceberg-build.properties");
    if (build != null) {
      Properties properties = new Properties();
      try (InputStream in = file.getInputStream(build)) {
        properties.load(in);
      }
      String version = properties.getProperty("git.build.version");
      String commit = properties.getProperty("git.commit.id.abbrev");
      if (version != null) {
        return commit != null ? version + " (commit " + commit + ")" : version;
      }
    }
    return file.getManifest() == null ? null
        : file.getManifest().getMainAttributes().getValue("Implementation-Version");
  }

  /** {@code [artifact name, version or null]} from a file name such as {@code a-b_2.13-1.2.0-SNAPSHOT.jar}. */
  static String[] splitName(String fileName) {
    // The version starts at the last "-<digit>": log4j-1.2-api-2.24.3, iceberg-spark-runtime-4.1_2.13-1.11.0.
    int cut = -1;
    for (int i = fileName.length() - 2; i > 0; i--) {
      if (fileName.charAt(i) == '-' && Character.isDigit(fileName.charAt(i + 1))) {
        cut = i;
        break;
      }
    }
    if (cut < 0 || !fileName.endsWith(".jar")) {
      return new String[] {fileName.endsWith(".jar") ? fileName.substring(0, fileName.length() - 4) : fileName, null};
    }
    return new String[] {fileName.substring(0, cut), fileName.substring(cut + 1, fileName.length() - 4)};
  }

  /** A folder's name for files described by {@code identity} (names, sizes, times): 16 hex digits of its SHA-256. */
  public static String folderKey(String identity) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** SHA-256 of a file, hex. */
  public static String sha256(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) > 0) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
