package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --help renders cleanly: no format warning, no description cut after a colon. */
class HelpTextTest {
  record Help(int exit, String out, String err) {}

  static Help help(List<String> command) {
    return run(command, "--help");
  }

  /**
   * {@code sft COMMAND OPTION}, with what it printed; picocli reports a description it cannot format on System.err,
   * not on the command's err writer, so that is caught too.
   */
  static Help run(List<String> command, String option) {
    CommandLine cli = SftCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> args = new ArrayList<>(command);
    args.add(option);
    PrintStream systemErr = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    try {
      int exit = cli.execute(args.toArray(String[]::new));
      return new Help(exit, out.toString(), err + warnings.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(systemErr);
    }
  }

  @Test
  void everyCommandsHelpFormatsWithoutWarningsAndNoDescriptionEndsInAColon() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of());
    VersionTest.collect(SftCli.commandLine(), List.of(), commands);
    for (List<String> command : commands) {
      Help help = help(command);
      assertThat(help.exit).as(command.toString()).isZero();
      assertThat(help.err).as(command.toString()).doesNotContain("Could not format").isEmpty();
      assertThat(help.out).as(command.toString()).doesNotContain("%n").doesNotContain("%%");
      List<String> description = descriptionLines(command);
      assertThat(description).as(command.toString()).isNotEmpty();
      assertThat(description.get(description.size() - 1).strip()).as(command.toString()).doesNotEndWith(":");
    }
  }

  @Test
  void theCommandListShowsEachCommandsWholeFirstSentence() {
    String top = help(List.of()).out;
    for (Map.Entry<String, CommandLine> sub : SftCli.commandLine().getSubcommands().entrySet()) {
      String[] description = sub.getValue().getCommandSpec().usageMessage().description();
      assertThat(description).as(sub.getKey()).isNotEmpty();
      assertThat(description[0].strip()).as(sub.getKey()).doesNotEndWith(":").doesNotEndWith(",");
      assertThat(top).contains(sub.getKey());
    }
  }

  /** The description as rendered, each line of the help that belongs to it. */
  static List<String> descriptionLines(List<String> command) {
    CommandLine cli = SftCli.commandLine();
    for (String name : command) {
      cli = cli.getSubcommands().get(name);
    }
    return cli.getHelp().description().lines().toList();
  }
}
