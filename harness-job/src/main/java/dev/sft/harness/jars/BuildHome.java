package dev.sft.harness.jars;

import dev.sft.harness.evidence.Folders;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The SPARK_HOME of links of a build with jars under test ({@link JarSet#materialize}), kept across runs in a folder
 * named after the build's files, so that every run of the same build starts its JVMs with the same class path, and
 * with it the class-data archives an earlier run of it made: an archive maps only behind the class path it was
 * dumped with, and a per-run folder changed that path every run (bench/RESULTS.md, issue 42). It also holds copies of
 * the jars under test for executors whose workers run another SPARK_HOME (two builds on one cluster): their class path
 * starts with the copies, so those stay put too.
 *
 * @param folder the build's folder, named after its files
 * @param sparkHome the SPARK_HOME of links in it
 * @param executorJars the copies of the jars under test, in the order given
 * @param firstRun whether this run made the folder: no earlier run of this build
 */
public record BuildHome(Path folder, Path sparkHome, List<Path> executorJars, boolean firstRun) {
  /** How many build folders stay, the most recently used: each holds its build's archives, about 320 MiB. */
  static final int KEPT = 3;
  /** A folder used this recently is never pruned, as another run may be using it. */
  static final Duration IN_USE = Duration.ofHours(1);
  private static final String READY = "ready";
  private static final String PARTIAL = ".partial-";

  public BuildHome {
    executorJars = List.copyOf(executorJars);
  }

  /** Where this build's JVMs keep their class-data archives. */
  public Path classDataRoot() {
    return folder.resolve("class-data");
  }

  /** The executors' class path in front of their SPARK_HOME's: the copies of the jars under test. */
  public String executorClasspath() {
    return executorJars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }

  /**
   * The folder of {@code jars} under {@code root}, made once (in a partial folder renamed into place, so that two
   * runs never see half of it), and marked as used now; the least recently used folders beyond {@link #KEPT} go.
   * Empty for a build without jars under test (its SPARK_HOME is the one given) or when {@code root} cannot be
   * written: the run then builds a SPARK_HOME of its own, as before, and its JVMs start without archives.
   */
  public static Optional<BuildHome> of(JarSet jars, Path root) {
    if (jars.sameAsSparkHome()) {
      return Optional.empty();
    }
    try {
      Files.createDirectories(root);
      Path folder = root.resolve(key(jars));
      boolean firstRun = !Files.isRegularFile(folder.resolve(READY));
      if (firstRun) {
        if (Files.isDirectory(folder) && !Files.isRegularFile(folder.resolve(READY))) {
          // Not another run's: a run only ever renames a whole folder, its ready mark inside, into place.
          Folders.deleteRecursively(folder);
        }
        Path partial = Files.createTempDirectory(root, folder.getFileName() + PARTIAL);
        jars.materialize(partial.resolve("spark-home"));
        copyJarsUnderTest(jars, partial);
        Files.createFile(partial.resolve(READY));
        try {
          Files.move(partial, folder, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException madeByAnotherRun) {
          Folders.deleteRecursively(partial);
        }
      }
      Files.setLastModifiedTime(folder, FileTime.from(Instant.now()));
      prune(root, folder);
      List<Path> copies = new ArrayList<>();
      for (int i = 0; i < jars.jarsUnderTest().size(); i++) {
        copies.add(copyOf(folder, i, jars.jarsUnderTest().get(i)));
      }
      return Optional.of(new BuildHome(folder, folder.resolve("spark-home"), copies, firstRun));
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  /** Copies that keep the original's time, as the archives' check compares each jar's size and time. */
  private static void copyJarsUnderTest(JarSet jars, Path folder) throws IOException {
    for (int i = 0; i < jars.jarsUnderTest().size(); i++) {
      Path jar = jars.jarsUnderTest().get(i);
      Path copy = copyOf(folder, i, jar);
      Files.createDirectories(copy.getParent());
      Files.copy(jar, copy, StandardCopyOption.COPY_ATTRIBUTES);
    }
  }

  /** One folder per jar, so two jars of one file name never meet. */
  private static Path copyOf(Path folder, int index, Path jar) {
    return folder.resolve("jars-under-test").resolve(String.valueOf(index + 1)).resolve(jar.getFileName());
  }

  /** Keeps the {@link #KEPT} most recently used folders, {@code current} among them, and any used within the hour. */
  private static void prune(Path root, Path current) throws IOException {
    Instant inUse = Instant.now().minus(IN_USE);
    List<Path> others;
    try (Stream<Path> entries = Files.list(root)) {
      others = entries.filter(Files::isDirectory).filter(p -> !p.equals(current))
          .sorted(Comparator.comparing(BuildHome::lastUsed).reversed()).toList();
    }
    for (int i = 0; i < others.size(); i++) {
      Path other = others.get(i);
      boolean partial = other.getFileName().toString().contains(PARTIAL);
      if ((partial || i >= KEPT - 1) && lastUsed(other).isBefore(inUse)) {
        Folders.deleteRecursively(other);
      }
    }
  }

  private static Instant lastUsed(Path folder) {
    try {
      return Files.getLastModifiedTime(folder).toInstant();
    } catch (IOException gone) {
      return Instant.EPOCH;
    }
  }

  /** The build's files (path, size, time) and the SPARK_HOME its other entries come from. */
  private static String key(JarSet jars) throws IOException {
    StringBuilder identity = new StringBuilder(jars.sparkHome().toAbsolutePath().normalize().toString()).append('\n');
    for (Path file : jars.files()) {
      identity.append(file.toAbsolutePath().normalize()).append(' ').append(Files.size(file)).append(' ')
          .append(Files.getLastModifiedTime(file).toMillis()).append('\n');
    }
    return JarIdentity.folderKey(identity.toString());
  }
}
