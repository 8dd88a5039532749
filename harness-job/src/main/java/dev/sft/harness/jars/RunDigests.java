package dev.sft.harness.jars;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The SHA-256 of each jar a run's drivers report, computed once per run: recorded in the run's folder with the file's
 * size and modification time, and reused by a later driver of the same run only while both still match (else hashed
 * again). The harness's JVMs compile with C1 only, which hashes the 160 MB of Spark, Iceberg and Comet in about 3 s,
 * and both drivers of a run used to pay it.
 */
public final class RunDigests {
  /** One recorded digest. */
  public record Digest(String file, long size, long modifiedMillis, String sha256) {}

  private final Path record;

  private RunDigests(Path record) {
    this.record = record;
  }

  /** The digests recorded as {@code file} (a JSON list), read when first needed. */
  public static RunDigests recordedIn(Path file) {
    return new RunDigests(file);
  }

  /** The file's SHA-256: the recorded one when its size and modification time still match, else computed and recorded. */
  public synchronized String sha256(Path file) {
    long size;
    long modified;
    try {
      size = Files.size(file);
      modified = Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    List<Digest> digests = read();
    for (Digest digest : digests) {
      if (digest.file().equals(file.toString()) && digest.size() == size && digest.modifiedMillis() == modified) {
        return digest.sha256();
      }
    }
    String sha256 = JarIdentity.sha256(file);
    digests.removeIf(d -> d.file().equals(file.toString()));
    digests.add(new Digest(file.toString(), size, modified, sha256));
    Markers.publish(record, digests);
    return sha256;
  }

  private List<Digest> read() {
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
}
