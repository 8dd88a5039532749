package dev.sft.harness.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** The sft checkout the tests run in, and its markdown files (build output, dependencies and dot-folders left out). */
final class Checkout {
  private static final Set<String> NOT_SOURCES = Set.of("target", "node_modules");

  private Checkout() {}

  static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))
          && Files.isDirectory(dir.resolve("harness-job"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no sft checkout above " + Path.of("").toAbsolutePath());
  }

  static List<MarkdownFile> markdownFiles() {
    Path root = root();
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(path -> path.toString().endsWith(".md") && Files.isRegularFile(path))
          .filter(path -> root.relativize(path).getNameCount() == 1 || isSource(root.relativize(path).getParent()))
          .sorted()
          .map(path -> MarkdownFile.read(root, path))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isSource(Path folder) {
    for (Path part : folder) {
      if (NOT_SOURCES.contains(part.toString()) || part.toString().startsWith(".")) {
        return false;
      }
    }
    return true;
  }
}
