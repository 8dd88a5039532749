package dev.sft.k8s;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Unpacks a tar stream into a folder, refusing anything that would land outside it (absolute names, {@code ..}) and
 * creating no links or special files: evidence is plain files and folders, and a link on the claim could otherwise
 * make the copy write or point anywhere on this machine.
 */
public final class TarExtraction {
  /** What the stream held: files written, their bytes, and the entries left out (links, devices), by name. */
  public record Result(int files, long bytes, List<String> skipped) {}

  private TarExtraction() {}

  public static Result extract(InputStream tar, Path into) throws IOException {
    Path root = into.toAbsolutePath().normalize();
    Files.createDirectories(root);
    int files = 0;
    long bytes = 0;
    List<String> skipped = new ArrayList<>();
    TarArchiveInputStream entries = new TarArchiveInputStream(tar);
    for (TarArchiveEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
      Path target = root.resolve(entry.getName()).normalize();
      if (!target.startsWith(root) || Path.of(entry.getName()).isAbsolute()) {
        throw new IOException("the archive's entry " + entry.getName() + " would land outside " + root);
      }
      if (entry.isDirectory()) {
        Files.createDirectories(target);
      } else if (entry.isFile()) {
        Files.createDirectories(target.getParent());
        bytes += Files.copy(entries, target, StandardCopyOption.REPLACE_EXISTING);
        files++;
      } else {
        skipped.add(entry.getName());
        continue;
      }
      Files.setLastModifiedTime(target, FileTime.from(entry.getLastModifiedDate().toInstant()));
    }
    return new Result(files, bytes, List.copyOf(skipped));
  }
}
