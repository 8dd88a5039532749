package dev.sft.harness.jars;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The SHA-256 of the jars a driver reports, hashed as rarely as possible: the harness's JVMs compile with C1 only,
 * which hashes the 160 MB of Spark, Iceberg and Comet in about 3 s (C2 takes 0.3 s). A digest is taken from a record
 * only while the file's size and modification time still match it, else the file is hashed again. Two records:
 * <ul>
 *   <li>the build's, {@value #BUILD_RECORD} beside the jars ({@link #main} writes it when the build assembles
 *       {@code SPARK_HOME/jars}), by file name;</li>
 *   <li>the run's, in the run's folder, by path: what one driver hashed, the run's later drivers reuse.</li>
 * </ul>
 */
public final class JarDigests {
  public static final String BUILD_RECORD = "sft-jar-digests.json";

  /** One recorded digest: the file (its name in the build's record, its path in the run's). */
  public record Digest(String file, long size, long modifiedMillis, String sha256) {
    boolean matches(String name, long size, long modifiedMillis) {
      return file.equals(name) && this.size == size && this.modifiedMillis == modifiedMillis;
    }
  }

  private final Path runRecord;
  // Each record is read once per instance, i.e. per driver: while a driver runs, it is the run record's only writer.
  private final Map<Path, List<Digest>> buildRecords = new HashMap<>();
  private List<Digest> run;

  private JarDigests(Path runRecord) {
    this.runRecord = runRecord;
  }

  /** Digests recorded in the build's record beside each jar, and in the run's record {@code runRecord}. */
  public static JarDigests recordedIn(Path runRecord) {
    return new JarDigests(runRecord);
  }

  /** The file's SHA-256: a recorded one when the file's size and modification time match it, else computed. */
  public synchronized String sha256(Path file) {
    long size;
    long modified;
    try {
      size = Files.size(file);
      modified = Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    String name = file.getFileName().toString();
    Path buildRecord = file.toAbsolutePath().getParent().resolve(BUILD_RECORD);
    for (Digest built : buildRecords.computeIfAbsent(buildRecord, JarDigests::read)) {
      if (built.matches(name, size, modified)) {
        return built.sha256();
      }
    }
    if (run == null) {
      run = read(runRecord);
    }
    for (Digest digest : run) {
      if (digest.matches(file.toString(), size, modified)) {
        return digest.sha256();
      }
    }
    String sha256 = JarIdentity.sha256(file);
    run.removeIf(d -> d.file().equals(file.toString()));
    run.add(new Digest(file.toString(), size, modified, sha256));
    Markers.publish(runRecord, run);
    return sha256;
  }

  private static List<Digest> read(Path record) {
    if (!Files.isRegularFile(record)) {
      return new ArrayList<>();
    }
    try {
      return new ArrayList<>(Json.MAPPER.readValue(record.toFile(), new TypeReference<List<Digest>>() {}));
    } catch (IOException e) {
      // An unreadable record only costs the hashing again.
      return new ArrayList<>();
    }
  }

  /** The build's step: {@code JarDigests JARS_DIR} records, beside them, the jars holding a released probe class. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: JarDigests JARS_DIR");
    }
    Path dir = Path.of(args[0]);
    List<Digest> digests = new ArrayList<>();
    try (Stream<Path> jars = Files.list(dir)) {
      for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
        if (holdsReleasedProbe(jar)) {
          digests.add(new Digest(jar.getFileName().toString(), Files.size(jar),
              Files.getLastModifiedTime(jar).toMillis(), JarIdentity.sha256(jar)));
        }
      }
    }
    Markers.publish(dir.resolve(BUILD_RECORD), digests);
  }

  private static boolean holdsReleasedProbe(Path jar) throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      return LoadedJars.releasedProbeClasses().stream()
          .anyMatch(name -> file.getJarEntry(name.replace('.', '/') + ".class") != null);
    }
  }
}
