package dev.sft.harness.evidence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every file under a folder with its content: taken before and after a command, it proves nothing changed. */
public final class FolderContents {
  private FolderContents() {}

  public static Map<String, String> of(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(file).toString(), Files.readString(file));
      }
    }
    return files;
  }
}
