package dev.sft.harness.evidence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Markers are small JSON files on the shared volume. They are published atomically (written to a hidden temporary
 * file in the same folder, then renamed), so a reader on another host sees either nothing or the whole marker.
 */
public final class Markers {
  private Markers() {}

  public static void publish(Path file, Object value) {
    publishText(file, Json.pretty(value));
  }

  public static void publishText(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Path tmp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
      Files.writeString(tmp, text);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot publish marker " + file, e);
    }
  }

  /**
   * Whether a marker has been published, found by listing its folder rather than by looking its name up: a network
   * filesystem client (NFS, EFS, Filestore, sshfs) can answer a lookup of a name that was absent from a cached "no
   * such file" for tens of seconds, while a listing of the folder is revalidated (checked with sshfs and
   * {@code negative_timeout=20}: the new name is listed at once and found by lookup only 20 s later).
   */
  public static boolean published(Path file) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(file.getParent())) {
      for (Path entry : entries) {
        if (entry.getFileName().equals(file.getFileName())) {
          return true;
        }
      }
      return false;
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + file.getParent(), e);
    }
  }

  public static <T> T read(Path file, Class<T> type) {
    try {
      return Json.MAPPER.readValue(file.toFile(), type);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read marker " + file, e);
    }
  }

  /** Every published marker named {@code fileName} one level below {@code dir}, e.g. each attempt's handoff. */
  public static <T> List<T> readChildren(Path dir, String fileName, Class<T> type) {
    List<T> found = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return found;
    }
    try (Stream<Path> children = Files.list(dir)) {
      for (Path child : children.sorted().toList()) {
        Path marker = child.resolve(fileName);
        if (Files.isRegularFile(marker)) {
          found.add(read(marker, type));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list markers under " + dir, e);
    }
    return found;
  }

  /** Every published marker file (not temporaries) directly in {@code dir}. */
  public static <T> List<T> readAll(Path dir, Class<T> type) {
    List<T> found = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return found;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        if (Files.isRegularFile(file) && !file.getFileName().toString().startsWith(".")) {
          found.add(read(file, type));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list markers under " + dir, e);
    }
    return found;
  }
}
