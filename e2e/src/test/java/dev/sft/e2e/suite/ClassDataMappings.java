package dev.sft.e2e.suite;

import dev.sft.contract.ImageClassData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Which JVMs in a pod's container have the image's class-data archive mapped, read from {@code /proc/PID/maps}
 * through {@code kubectl exec}: what the kernel shows, not what the flags ask for. A JVM given an archive it cannot use
 * runs without it and says nothing, so the flags alone prove nothing.
 */
final class ClassDataMappings {
  /** One line per process whose program is java: "mapped" or "unmapped", then its command line. */
  private static final String SCRIPT = "for d in /proc/[0-9]*; do "
      + "cmd=$(tr '\\000' ' ' < \"$d/cmdline\" 2>/dev/null) || continue; "
      + "case \"${cmd%% *}\" in java|*/java) ;; *) continue ;; esac; "
      + "if grep -q -F \"$0\" \"$d/maps\" 2>/dev/null; then echo \"mapped $cmd\"; else echo \"unmapped $cmd\"; fi; "
      + "done";

  /** A JVM in the container: whether it maps the archive, and its command line. */
  record Jvm(boolean mapped, String commandLine) {
    boolean runs(String mainClass) {
      return List.of(commandLine.split(" ")).contains(mainClass);
    }

    /** The main class's simple name, else the command's first 100 characters: the log names, the failure quotes. */
    String name() {
      List<String> words = List.of(commandLine.split(" "));
      return words.stream().filter(w -> !w.startsWith("-") && w.matches("[a-z][\\w.]*\\.[A-Z]\\w*")).findFirst()
          .map(main -> main.substring(main.lastIndexOf('.') + 1))
          .orElse(commandLine.length() <= 100 ? commandLine : commandLine.substring(0, 100) + "...");
    }

    @Override
    public String toString() {
      return (mapped ? "mapped: " : "NOT mapped: ") + name();
    }
  }

  private final Kubectl kubectl;
  private final String namespace;

  ClassDataMappings(Kubectl kubectl, String namespace) {
    this.kubectl = kubectl;
    this.namespace = namespace;
  }

  /** The JVMs of the container, each with whether it maps {@link ImageClassData#ARCHIVE}. */
  List<Jvm> of(String pod, String container) {
    Command.Result read = kubectl.run(Duration.ofSeconds(60), null, "exec", "-n", namespace, pod, "-c", container,
        "--", "sh", "-c", SCRIPT, ImageClassData.ARCHIVE);
    if (!read.ok()) {
      throw new AssertionError("reading the JVMs' mappings in " + pod + ": " + read.describe());
    }
    List<Jvm> jvms = new ArrayList<>();
    for (String line : read.stdout().lines().toList()) {
      if (line.startsWith("mapped ")) {
        jvms.add(new Jvm(true, line.substring("mapped ".length()).strip()));
      } else if (line.startsWith("unmapped ")) {
        jvms.add(new Jvm(false, line.substring("unmapped ".length()).strip()));
      }
    }
    return jvms;
  }
}
