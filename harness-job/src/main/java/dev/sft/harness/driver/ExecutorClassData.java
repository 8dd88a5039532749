package dev.sft.harness.driver;

import dev.sft.contract.ImageClassData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The sft image's class-data archive, for the executors a driver run starts ({@link ImageClassData}): they map it
 * only with the class path it was dumped with in front of their own, so that list becomes
 * {@code spark.executor.extraClassPath}. The driver finds the files in its own container; the executors run in the
 * worker pods, which use the same image in every example. A worker image without the files, or with other jars, starts
 * its executors as before: the JVM skips an archive it cannot use.
 */
public record ExecutorClassData(String archive, String classPath) {
  /** The archive of the image this driver runs in, if it has one. */
  public static Optional<ExecutorClassData> inThisImage() {
    return in(Path.of(ImageClassData.ARCHIVE), Path.of(ImageClassData.CLASS_PATH));
  }

  static Optional<ExecutorClassData> in(Path archive, Path classPathFile) {
    if (!Files.isRegularFile(archive) || !Files.isRegularFile(classPathFile)) {
      return Optional.empty();
    }
    try {
      String classPath = Files.readString(classPathFile, StandardCharsets.UTF_8).strip();
      return classPath.isEmpty() ? Optional.empty() : Optional.of(new ExecutorClassData(archive.toString(), classPath));
    } catch (IOException unreadable) {
      return Optional.empty();
    }
  }

  /** The executors' JVM flags: the image's ({@link ImageClassData#JVM_FLAGS}), with this archive. */
  public List<String> jvmFlags() {
    return ImageClassData.jvmFlags(archive);
  }
}
