package dev.sft.harness.jars;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The one place that decides which jars a run's processes load: the SPARK_HOME's {@code jars/}, with every jar
 * given by {@code --jar} in place of the released artifact of the same module. When that differs from SPARK_HOME
 * itself, {@link #materialize} builds a per-run SPARK_HOME of symbolic links (the cached one stays untouched, and
 * nothing is copied); the master, workers (hence executors), drivers and kill command all start from it.
 *
 * <p>A plain Spark distribution given as SPARK_HOME lacks the harness; then the harness's own jars of modules the
 * distribution does not have are added, so Spark itself is the user's.
 */
public final class JarSet {
  static final String HARNESS_JAR_PREFIX = "sft-harness-job-";

  private final Path sparkHome;
  private final List<Path> files;
  private final List<Replacement> replacements;
  private final boolean sameAsSparkHome;

  /** A jar given by {@code --jar} and the released jar it replaces. */
  public record Replacement(JarIdentity given, JarIdentity released) {}

  private JarSet(Path sparkHome, List<Path> files, List<Replacement> replacements, boolean sameAsSparkHome) {
    this.sparkHome = sparkHome;
    this.files = List.copyOf(files);
    this.replacements = List.copyOf(replacements);
    this.sameAsSparkHome = sameAsSparkHome;
  }

  /**
   * @param sparkHome a Spark distribution or the harness's assembled SPARK_HOME
   * @param harnessHome the harness's own assembled SPARK_HOME (used only when {@code sparkHome} lacks the harness),
   *     or null when unknown
   * @param given the {@code --jar} files
   */
  public static JarSet resolve(Path sparkHome, Path harnessHome, List<Path> given) {
    requireSparkDistribution(sparkHome);
    List<Path> base = list(sparkHome.resolve("jars"));
    boolean changed = false;
    if (base.stream().noneMatch(JarSet::isHarnessJar)) {
      if (harnessHome == null || harnessHome.toAbsolutePath().normalize().equals(sparkHome.toAbsolutePath()
          .normalize())) {
        throw new IllegalArgumentException("--spark-home " + sparkHome + " has no " + HARNESS_JAR_PREFIX + "*.jar and"
            + " the harness's own jars cannot be found; start sft through ./sft, which runs from the assembled"
            + " harness-job/target/spark-home");
      }
      base = withHarness(base, list(harnessHome.resolve("jars")));
      changed = true;
    }
    Map<Path, JarIdentity> released = new LinkedHashMap<>();
    if (!given.isEmpty()) {
      for (Path jar : base) {
        if (isJar(jar)) {
          released.put(jar, JarIdentity.read(jar));
        }
      }
    }
    List<Replacement> replacements = new ArrayList<>();
    for (Path jar : given) {
      Replacement replacement = match(jar, released);
      for (Replacement earlier : replacements) {
        if (earlier.released().equals(replacement.released())) {
          throw new IllegalArgumentException("--jar " + jar + " and --jar " + earlier.given().file() + " both replace "
              + replacement.released().fileName() + "; give one jar per module");
        }
      }
      replacements.add(replacement);
    }
    List<Path> files = new ArrayList<>(base);
    for (Replacement replacement : replacements) {
      files.remove(replacement.released().file());
      files.add(replacement.given().file());
    }
    return new JarSet(sparkHome, files, replacements, !changed && replacements.isEmpty());
  }

  /** The released jar {@code jar} replaces: same Maven coordinates, else the same artifact name before a version. */
  static Replacement match(Path jar, Map<Path, JarIdentity> released) {
    Path file = jar.toAbsolutePath().normalize();
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("--jar " + jar + " is not a file");
    }
    JarIdentity given = JarIdentity.read(file);
    List<JarIdentity> matches = released.values().stream().filter(r -> sameModule(given, r)).toList();
    if (matches.isEmpty()) {
      throw new IllegalArgumentException("--jar " + jar + " (module " + given.module() + ") matches no released jar"
          + " in SPARK_HOME/jars; it must be a build of a module the run already has, e.g. an"
          + " iceberg-spark-runtime-4.1_2.13-<version>.jar or a comet-spark-spark4.1_2.13-<version>.jar");
    }
    if (matches.size() > 1) {
      throw new IllegalArgumentException("--jar " + jar + " (module " + given.module() + ") matches more than one"
          + " released jar: " + matches.stream().map(JarIdentity::fileName).toList() + "; cannot tell which it"
          + " replaces");
    }
    return new Replacement(given, matches.get(0));
  }

  private static boolean sameModule(JarIdentity given, JarIdentity released) {
    if (given.coordinates() != null && released.coordinates() != null) {
      return given.coordinates().equals(released.coordinates());
    }
    // A jar without its own pom.properties (Iceberg's Gradle build): its file name starts with the artifact name.
    String name = given.fileName();
    String prefix = released.artifactName() + "-";
    return given.artifactName().equals(released.artifactName())
        || (name.startsWith(prefix) && name.length() > prefix.length()
            && Character.isDigit(name.charAt(prefix.length())));
  }

  /** The assembled SPARK_HOME this harness jar lives in ({@code <home>/jars/sft-harness-job-*.jar}), or null. */
  public static Path ownSparkHome() {
    try {
      Path jar = Path.of(JarSet.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path parent = jar.getParent();
      return parent != null && parent.getFileName().toString().equals("jars") && isJar(jar) ? parent.getParent()
          : null;
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** Refuses a folder that is not a Spark distribution. */
  public static void requireSparkDistribution(Path sparkHome) {
    Path jars = sparkHome.resolve("jars");
    if (!Files.isDirectory(jars)
        || list(jars).stream().noneMatch(p -> p.getFileName().toString().matches("spark-core_.*\\.jar"))) {
      throw new IllegalArgumentException("--spark-home " + sparkHome + " is not a Spark distribution: no"
          + " jars/spark-core_*.jar in it (a checkout builds its own into harness-job/target/spark-home; ./sft does)");
    }
  }

  /** The distribution's files plus the harness's files of modules the distribution does not have. */
  private static List<Path> withHarness(List<Path> distribution, List<Path> harness) {
    List<String> modules = distribution.stream().filter(JarSet::isJar)
        .map(p -> JarIdentity.splitName(p.getFileName().toString())[0]).toList();
    List<Path> all = new ArrayList<>(distribution);
    for (Path file : harness) {
      boolean present = isJar(file) && modules.contains(JarIdentity.splitName(file.getFileName().toString())[0]);
      if (!present) {
        all.add(file);
      }
    }
    return all;
  }

  public Path sparkHome() {
    return sparkHome;
  }

  /** Every file of the run's {@code jars/} folder: jars, and the harness's JVM flag file. */
  public List<Path> files() {
    return files;
  }

  public List<Replacement> replacements() {
    return replacements;
  }

  /** The given {@code --jar} files, in their order. */
  public List<Path> jarsUnderTest() {
    return replacements.stream().map(r -> r.given().file()).toList();
  }

  /**
   * The SPARK_HOME the run's processes start from: SPARK_HOME itself when nothing changes, else {@code runHome}
   * with a {@code jars/} folder of links to this set and links to SPARK_HOME's other entries (bin, conf, ...).
   */
  public Path materialize(Path runHome) {
    if (sameAsSparkHome) {
      return sparkHome;
    }
    try {
      Path jars = Files.createDirectories(runHome.resolve("jars"));
      for (Path stale : list(jars)) {
        Files.delete(stale);
      }
      for (Path file : files) {
        Files.createSymbolicLink(jars.resolve(file.getFileName()), file.toAbsolutePath());
      }
      try (Stream<Path> entries = Files.list(sparkHome)) {
        for (Path entry : entries.toList()) {
          Path link = runHome.resolve(entry.getFileName());
          if (!entry.getFileName().toString().equals("jars") && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, entry.toAbsolutePath());
          }
        }
      }
      return runHome;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build the run's SPARK_HOME of links in " + runHome, e);
    }
  }

  private static boolean isHarnessJar(Path file) {
    return file.getFileName().toString().startsWith(HARNESS_JAR_PREFIX) && isJar(file);
  }

  private static boolean isJar(Path file) {
    return file.getFileName().toString().endsWith(".jar");
  }

  private static List<Path> list(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
