package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.AuditExitCode;
import dev.sft.contract.KillExitCode;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each command's help lists its exit codes, numbered by the contract's enums. */
class ExitCodeSectionTest {
  static CommandLine command(String... path) {
    CommandLine cli = SftCli.commandLine();
    for (String name : path) {
      cli = cli.getSubcommands().get(name);
    }
    return cli;
  }

  static List<String> codes(String... path) {
    return new ArrayList<>(command(path).getCommandSpec().usageMessage().exitCodeList().keySet());
  }

  static List<String> all(int[] codes) {
    return Arrays.stream(codes).mapToObj(Integer::toString).toList();
  }

  @Test
  void localAndRunListEveryRunExitCodeAuditAndKillTheirOwn() {
    List<String> run = all(Arrays.stream(RunExitCode.values()).mapToInt(RunExitCode::code).toArray());
    assertThat(codes("local")).isEqualTo(run);
    assertThat(codes("run")).isEqualTo(run);
    assertThat(codes("audit")).isEqualTo(all(Arrays.stream(AuditExitCode.values())
        .mapToInt(AuditExitCode::code).toArray()));
    assertThat(codes("kill")).isEqualTo(all(Arrays.stream(KillExitCode.values())
        .mapToInt(KillExitCode::code).toArray()));
  }

  @Test
  void everyCommandsHelpHasAnExitCodeSectionInOrderWithBadArgumentsAsTwo() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of());
    VersionTest.collect(SftCli.commandLine(), List.of(), commands);
    for (List<String> path : commands) {
      List<String> codes = codes(path.toArray(String[]::new));
      assertThat(codes).as(path.toString()).contains(Integer.toString(RunExitCode.USAGE.code()))
          .isSortedAccordingTo((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)));
      String help = command(path.toArray(String[]::new)).getUsageMessage(CommandLine.Help.Ansi.OFF);
      assertThat(help).as(path.toString()).contains("\nExit codes:\n");
    }
  }

  @Test
  void theHelpShowsEachCodeWithItsMeaning() {
    assertThat(command("kill").getUsageMessage(CommandLine.Help.Ansi.OFF))
        .contains("  3   refused: not the expected executor (nothing killed)");
    assertThat(command("k8s", "wait").getUsageMessage(CommandLine.Help.Ansi.OFF))
        .contains("  3   a harness Job's preflight failed");
  }
}
