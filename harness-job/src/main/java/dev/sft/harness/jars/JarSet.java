package dev.sft.harness.jars;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
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

  /**
   * A jar given by {@code --jar}, the released jar it replaces, and how the two were matched ({@code by file name},
   * {@code by content: org/apache/iceberg/spark/SparkCatalog.class}, ...).
   */
  public record Replacement(JarIdentity given, JarIdentity released, String matchedBy) {
    /** For the terminal, e.g. {@code --jar /ci/iceberg.jar: module iceberg-spark-runtime-4.1_2.13 (matched by ...)}. */
    public String describe(String flag) {
      return flag + " " + given.file() + ": module " + released.module() + " (matched " + matchedBy + "), in place of "
          + released.fileName();
    }
  }

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

  /**
   * The released jar {@code jar} replaces: by its name (same Maven coordinates, else the same artifact name before a
   * version), else by its content (the probe class of exactly one released module). Refuses rather than guesses: a
   * jar matching no released jar, or more than one, either way.
   */
  static Replacement match(Path jar, Map<Path, JarIdentity> released) {
    Path file = jar.toAbsolutePath().normalize();
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("--jar " + jar + " is not a file");
    }
    JarIdentity given = JarIdentity.read(file);
    List<Replacement> byName = new ArrayList<>();
    for (JarIdentity candidate : released.values()) {
      String how = sameModuleByName(given, candidate);
      if (how != null) {
        byName.add(new Replacement(given, candidate, how));
      }
    }
    if (byName.size() > 1) {
      throw new IllegalArgumentException("--jar " + jar + " (module " + given.module() + ") matches more than one"
          + " released jar: " + byName.stream().map(r -> r.released().fileName()).toList() + "; cannot tell which"
          + " it replaces");
    }
    return byName.isEmpty() ? matchByContent(jar, given, released) : byName.get(0);
  }

  /** How {@code given} names the same module as {@code released} ("by file name", ...), or null when it does not. */
  private static String sameModuleByName(JarIdentity given, JarIdentity released) {
    if (given.coordinates() != null && released.coordinates() != null) {
      return given.coordinates().equals(released.coordinates()) ? "by file name and Maven coordinates" : null;
    }
    // A jar without its own pom.properties (Iceberg's Gradle build): its file name starts with the artifact name.
    String name = given.fileName();
    String prefix = released.artifactName() + "-";
    boolean sameName = given.artifactName().equals(released.artifactName())
        || (name.startsWith(prefix) && name.length() > prefix.length()
            && Character.isDigit(name.charAt(prefix.length())));
    return sameName ? "by file name" : null;
  }

  /**
   * A jar whose name says nothing (a CI artifact called {@code iceberg.jar}) is the module whose probe class it holds
   * (the class the preflight proves the module ran by), replacing the one released jar that holds that class too.
   */
  private static Replacement matchByContent(Path jar, JarIdentity given, Map<Path, JarIdentity> released) {
    Map<String, String> held = releasedModulesIn(given.file());
    if (held.size() > 1) {
      throw new IllegalArgumentException("--jar " + jar + " holds the classes of more than one module: "
          + describe(held) + "; cannot tell which it replaces (give one module's jar, or keep its built file name)");
    }
    if (held.isEmpty()) {
      throw new IllegalArgumentException("--jar " + jar + " matches no released jar in SPARK_HOME/jars, neither by"
          + " file name (module " + given.module() + ") nor by content (it holds none of the classes that identify"
          + " the modules known: " + describe(LoadedJars.releasedModules()) + "); it must be a build of a module"
          + " the run already has, e.g. an"
          + " iceberg-spark-runtime-4.1_2.13-<version>.jar or a comet-spark-spark4.1_2.13-<version>.jar");
    }
    Map.Entry<String, String> module = held.entrySet().iterator().next();
    List<JarIdentity> holders = released.values().stream()
        .filter(r -> releasedModulesIn(r.file()).containsKey(module.getKey())).toList();
    if (holders.size() != 1) {
      throw new IllegalArgumentException("--jar " + jar + " holds the classes of " + describe(held) + ", which "
          + (holders.isEmpty() ? "no released jar in SPARK_HOME/jars holds" : "more than one released jar holds: "
              + holders.stream().map(JarIdentity::fileName).toList()) + "; cannot tell which it replaces");
    }
    return new Replacement(given, holders.get(0), "by content: " + LoadedJars.classEntry(module.getValue()));
  }

  private static Map<String, String> releasedModulesIn(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      return LoadedJars.releasedModulesIn(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(jar + " is not a readable jar: " + e.getMessage(), e);
    }
  }

  /** e.g. {@code iceberg-spark-runtime (org/apache/iceberg/spark/SparkCatalog.class), comet (...)}. */
  private static String describe(Map<String, String> modules) {
    return modules.entrySet().stream().map(m -> m.getKey() + " (" + LoadedJars.classEntry(m.getValue()) + ")")
        .collect(Collectors.joining(", "));
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

  /** Whether the run loads SPARK_HOME's jars as they are: no {@code --jar}, and the harness already in it. */
  public boolean sameAsSparkHome() {
    return sameAsSparkHome;
  }

  /** Every file of the run's {@code jars/} folder: jars, and the harness's JVM flag file. */
  public List<Path> files() {
    return files;
  }

  public List<Replacement> replacements() {
    return replacements;
  }

  /** One line per jar given with {@code flag}: the module it was taken for, how it was matched, what it replaces. */
  public List<String> matches(String flag) {
    return replacements.stream().map(r -> r.describe(flag)).toList();
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
