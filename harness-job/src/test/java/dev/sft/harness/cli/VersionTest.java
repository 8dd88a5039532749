package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --version names sft and the Spark, Iceberg and Comet it runs with, the same lines everywhere. */
class VersionTest {
  static final String VERSION = "\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?";

  static String version(List<String> command) {
    HelpTextTest.Help printed = HelpTextTest.run(command, "--version");
    assertThat(printed.exit()).as(command.toString()).isZero();
    assertThat(printed.err()).as(command.toString()).isEmpty();
    return printed.out();
  }

  @Test
  void topLevelVersionNamesSftAndTheJarsItRunsWith() {
    assertThat(version(List.of()).lines().toList()).hasSize(4).satisfiesExactly(
        line -> assertThat(line).matches("sft " + VERSION),
        line -> assertThat(line).matches("Spark " + VERSION),
        line -> assertThat(line).matches("Iceberg " + VERSION),
        line -> assertThat(line).matches("Comet " + VERSION));
  }

  @Test
  void everyCommandPrintsTheSameVersion() {
    String expected = version(List.of());
    List<List<String>> commands = new ArrayList<>();
    collect(SftCli.commandLine(), List.of(), commands);
    assertThat(commands).contains(List.of("local"), List.of("k8s", "wait"));
    for (List<String> command : commands) {
      assertThat(version(command)).as(command.toString()).isEqualTo(expected);
    }
  }

  static void collect(CommandLine parent, List<String> path, List<List<String>> commands) {
    parent.getSubcommands().forEach((name, sub) -> {
      List<String> command = new ArrayList<>(path);
      command.add(name);
      commands.add(command);
      collect(sub, command, commands);
    });
  }
}
