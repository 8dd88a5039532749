package dev.sft.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the sft image keeps its class-data archive, defined once for the image build ({@code bin/sft-class-data}), the
 * controller (which starts the master and worker JVMs from it) and the harness (whose driver and executors do).
 *
 * <p>One archive serves every role: a JDK 17 archive maps only into a JVM whose class path starts with the archive's,
 * entry for entry. {@code java -cp '/opt/spark/jars/*'} lists the jars in the order the node's filesystem returns
 * them, which varies, so the image records the sorted list it dumped with ({@link #CLASS_PATH}) and its JVMs start with
 * exactly that. An image without these files (or with a jar changed after the dump) starts every JVM as before: the
 * JVM skips an archive it cannot use, silently.
 */
public final class ImageClassData {
  public static final String DIR = "/opt/sft/class-data";
  /** How a JVM maps an archive, whichever file it is: at its dump address ({@link #JVM_FLAGS} says why). */
  public static final List<String> MAPPING_FLAGS = List.of("-XX:+UnlockDiagnosticVMOptions",
      "-XX:ArchiveRelocationMode=0");

  /** The archive ({@code -XX:SharedArchiveFile}). */
  public static final String ARCHIVE = DIR + "/sft.jsa";
  /** The class path the archive was dumped with, on one line, colon-separated. */
  public static final String CLASS_PATH = DIR + "/classpath";

  /**
   * The flags a JVM maps the archive with. This JDK 17 relocates an archive to a random address by default
   * ({@code ArchiveRelocationMode=1}), which rewrites its pointers in private copies of its pages: a Spark master then
   * started 0.7 s faster than without the archive but held 50 MiB more private memory. Mapped at the address it was
   * dumped for (mode 0, every JDK's default before 20; the JVM relocates only when that address is taken), its pages
   * stay shared with the file and every JVM of the container: 1.1 s faster and 100 MiB less private memory
   * (bench/RESULTS.md).
   */
  public static final List<String> JVM_FLAGS = jvmFlags(ARCHIVE);

  /** {@link #JVM_FLAGS} for the archive at {@code archive}. */
  public static List<String> jvmFlags(String archive) {
    List<String> flags = new ArrayList<>();
    flags.add("-XX:SharedArchiveFile=" + archive);
    flags.addAll(MAPPING_FLAGS);
    return List.copyOf(flags);
  }

  private ImageClassData() {}
}
