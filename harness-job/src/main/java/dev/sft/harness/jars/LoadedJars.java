package dev.sft.harness.jars;

import dev.sft.contract.RanJar;
import java.io.IOException;
import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Which jar file a process really loaded a class from (its code source) and that file's SHA-256: the proof that a
 * jar under test ran. The driver looks up its own; the preflight's barrier tasks look up each executor's.
 */
public final class LoadedJars {
  /** A class to look up, and what its jar is in the report. */
  public record Probe(String role, String className, String requestedFile, String requestedSha256)
      implements Serializable {}

  /** Where one process loaded a probe's class from. */
  public record Location(String file, String sha256) implements Serializable {}

  /** Always reported: Spark core, Iceberg's Spark runtime, Comet. */
  private static final Map<String, String> RELEASED = new LinkedHashMap<>();

  static {
    RELEASED.put("spark-core", "org.apache.spark.SparkContext");
    RELEASED.put("iceberg-spark-runtime", "org.apache.iceberg.spark.SparkCatalog");
    RELEASED.put("comet", "org.apache.spark.CometPlugin");
  }

  /**
   * Hashing Spark, Iceberg and Comet in every executor added about 3 s to the preflight on 2 cores, so executors hash
   * only the jars under test and name the file of the others; each executor hashes each file once.
   */
  private static final Map<String, String> SHA_BY_FILE = new ConcurrentHashMap<>();

  private LoadedJars() {}

  /** The classes whose jars are always reported (Spark core, Iceberg's Spark runtime, Comet). */
  static List<String> releasedProbeClasses() {
    return List.copyOf(RELEASED.values());
  }

  /** The probes of a run: the three released modules (skipping one a --jar replaces), then one per --jar. */
  public static List<Probe> probes(List<Path> jarsUnderTest) {
    List<Probe> probes = new ArrayList<>();
    List<String> testedClasses = new ArrayList<>();
    for (Path jar : jarsUnderTest) {
      String className = probeClass(jar);
      testedClasses.add(className);
      String role = RELEASED.entrySet().stream().filter(e -> e.getValue().equals(className)).map(Map.Entry::getKey)
          .findFirst().orElse(RanJar.UNDER_TEST);
      probes.add(new Probe(role, className, jar.toAbsolutePath().toString(), JarIdentity.sha256(jar)));
    }
    List<Probe> all = new ArrayList<>();
    RELEASED.forEach((role, className) -> {
      if (!testedClasses.contains(className)) {
        all.add(new Probe(role, className, null, null));
      }
    });
    all.addAll(probes);
    return all;
  }

  /**
   * The released modules {@code file} holds the probe class of, role to class name, in the order of {@link #RELEASED}:
   * the classes that prove a module ran also tell which module a jar is.
   */
  static Map<String, String> releasedModulesIn(JarFile file) {
    Map<String, String> held = new LinkedHashMap<>();
    RELEASED.forEach((role, className) -> {
      if (file.getJarEntry(classEntry(className)) != null) {
        held.put(role, className);
      }
    });
    return held;
  }

  /** The released modules by role, each with its probe class. */
  static Map<String, String> releasedModules() {
    return Collections.unmodifiableMap(RELEASED);
  }

  /** {@code a.b.C} as its jar entry {@code a/b/C.class}. */
  static String classEntry(String className) {
    return className.replace('.', '/') + ".class";
  }

  /** A class the jar holds: a released module's usual probe when it has one, else its first class by name. */
  static String probeClass(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      Map<String, String> released = releasedModulesIn(file);
      if (!released.isEmpty()) {
        return released.values().iterator().next();
      }
      List<String> classes = new ArrayList<>();
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        String name = entries.nextElement().getName();
        if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")
            && !name.endsWith("package-info.class") && !name.contains("$")) {
          classes.add(name);
        }
      }
      if (classes.isEmpty()) {
        throw new IllegalArgumentException("--jar " + jar + " holds no classes");
      }
      classes.sort(null);
      String first = classes.get(0);
      return first.substring(0, first.length() - ".class".length()).replace('/', '.');
    } catch (IOException e) {
      throw new IllegalArgumentException("--jar " + jar + " is not a readable jar: " + e.getMessage(), e);
    }
  }

  /** Where an executor loaded the probe's class from; the SHA-256 only for a jar under test (else empty). */
  public static Location locateOnExecutor(Probe probe) {
    return locate(probe.className(), probe.requestedSha256() == null ? null
        : file -> SHA_BY_FILE.computeIfAbsent(file.toString(), k -> JarIdentity.sha256(file)));
  }

  /** Where this JVM loads {@code className} from, and the file's SHA-256 ({@code digest}, null for none). */
  private static Location locate(String className, Function<Path, String> digest) {
    try {
      Class<?> type = Class.forName(className, false, Thread.currentThread().getContextClassLoader());
      CodeSource source = type.getProtectionDomain().getCodeSource();
      if (source == null || source.getLocation() == null) {
        return new Location("unknown (no code source)", "");
      }
      Path file = Path.of(source.getLocation().toURI());
      return new Location(file.toString(), digest == null ? "" : digest.apply(file));
    } catch (ClassNotFoundException | LinkageError e) {
      return new Location("absent (" + e + ")", "");
    } catch (URISyntaxException | IllegalArgumentException e) {
      return new Location("unreadable code source (" + e.getMessage() + ")", "");
    }
  }

  /** The driver's view of every probe, with the module and version read from the file it loaded. */
  public static List<RanJar> onDriver(List<Probe> probes, JarDigests digests) {
    List<RanJar> jars = new ArrayList<>();
    for (Probe probe : probes) {
      Location here = locate(probe.className(), digests::sha256);
      String module = null;
      String version = null;
      if (!here.sha256().isEmpty() && here.file().endsWith(".jar")) {
        JarIdentity identity = JarIdentity.read(Path.of(here.file()));
        module = identity.module();
        version = identity.version();
      }
      jars.add(new RanJar(probe.role(), probe.className(), module, version, here.sha256(), here.file(),
          probe.requestedSha256() != null, probe.requestedSha256(), List.of()));
    }
    return jars;
  }

  /** Why the jars under test did not all run, one sentence per process that loaded another file; empty if they did. */
  public static List<String> mismatches(List<RanJar> jars, List<Probe> probes) {
    List<String> problems = new ArrayList<>();
    for (RanJar jar : jars) {
      if (!jar.underTest()) {
        continue;
      }
      String requested = probes.stream().filter(p -> p.className().equals(jar.className())
          && jar.requestedSha256().equals(p.requestedSha256())).map(Probe::requestedFile).findFirst().orElse("?");
      String wanted = " instead of the --jar " + requested + " (sha256 " + jar.requestedSha256() + ")";
      if (!jar.sha256().equals(jar.requestedSha256())) {
        problems.add("the driver loaded " + jar.className() + " from " + jar.file() + " (sha256 " + jar.sha256() + ")"
            + wanted);
      }
      if (jar.executors().isEmpty()) {
        problems.add("no executor reported where it loaded " + jar.className() + " from");
      }
      for (RanJar.Sighting seen : jar.mismatches()) {
        problems.add("executor " + seen.process() + " loaded " + jar.className() + " from " + seen.file()
            + " (sha256 " + seen.sha256() + ")" + wanted);
      }
    }
    return problems;
  }
}
