package dev.sft.harness.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.cli.SftCli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code sft} command in a code block the docs mark runnable ({@code <!-- runnable -->} on the line before
 * the fence) parses on this build's command line: its command exists, and so do its options, with values of their
 * types. Nothing runs: picocli's {@code parseArgs} only. The YAML of such blocks is checked against the CRD's schema
 * by the controller's {@code DocumentedResourcesTest}.
 */
class RunnableCommandsTest {
  static final String MARKER = "<!-- runnable -->";

  record Command(String where, List<String> args) {}

  @Test
  void everyRunnableSftCommandParses() {
    List<Command> commands = sftCommands();
    assertThat(commands).as("sft commands in runnable blocks").hasSizeGreaterThan(10);
    List<String> refused = new ArrayList<>();
    for (Command command : commands) {
      try {
        SftCli.commandLine().parseArgs(command.args().toArray(String[]::new));
      } catch (CommandLine.ParameterException e) {
        refused.add(command.where() + ": sft " + String.join(" ", command.args()) + ": " + e.getMessage());
      }
    }
    assertThat(refused).as("runnable sft commands the command line refuses").isEmpty();
  }

  @Test
  void aMisspelledOptionInARunnableBlockIsCaught() {
    List<List<String>> words = ShellWords.commands(List.of("./sft local --scenarioz all   # a typo"));
    assertThat(words).hasSize(1);
    List<String> args = words.get(0).subList(1, words.get(0).size());
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SftCli.commandLine().parseArgs(args.toArray(String[]::new)))
        .isInstanceOf(CommandLine.ParameterException.class);
  }

  @Test
  void shellWordsSplitCommandsQuotesAndContinuations() {
    assertThat(ShellWords.commands(List.of("./sft k8s wait minimal -n sft-staging \\", "  --timeout 30m  # waits",
        "kubectl get sft -o 'jsonpath={.status.phase}' && ./sft judge \"/tmp/a b\"")))
        .containsExactly(
            List.of("./sft", "k8s", "wait", "minimal", "-n", "sft-staging", "--timeout", "30m"),
            List.of("kubectl", "get", "sft", "-o", "jsonpath={.status.phase}"),
            List.of("./sft", "judge", "/tmp/a b"));
  }

  /** The sft commands of every runnable block: {@code ./sft}, {@code sft} and {@code kubectl sft} (the plugin). */
  static List<Command> sftCommands() {
    List<Command> commands = new ArrayList<>();
    for (MarkdownFile file : Checkout.markdownFiles()) {
      for (MarkdownFile.CodeBlock block : file.codeBlocks()) {
        if (!block.lineBefore().equals(MARKER) || block.info().startsWith("yaml")) {
          continue;
        }
        for (List<String> words : ShellWords.commands(block.body())) {
          int from = words.get(0).equals("./sft") || words.get(0).equals("sft") ? 1
              : words.size() > 1 && words.get(0).equals("kubectl") && words.get(1).equals("sft") ? 2 : -1;
          if (from > 0) {
            List<String> args = new ArrayList<>(words.subList(from, words.size()));
            if (from == 2) {
              args.add(0, "k8s"); // bin/kubectl-sft runs `sft k8s "$@"`
            }
            commands.add(new Command(file.relative() + ":" + block.line(), args));
          }
        }
      }
    }
    return commands;
  }
}
