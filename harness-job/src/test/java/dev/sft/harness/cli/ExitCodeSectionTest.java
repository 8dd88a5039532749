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

  @Test
  void anUnexpectedErrorExitsWithTheCommandsOwnFailureCodeWhichItsHelpLists() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of());
    VersionTest.collect(SftCli.commandLine(), List.of(), commands);
    for (List<String> path : commands) {
      CommandLine command = command(path.toArray(String[]::new));
      int failure = ((ExitCodeSection.Documented) command.getCommand()).exitCodes().failureCode();
      assertThat(codes(path.toArray(String[]::new))).as(path.toString()).contains(Integer.toString(failure));
    }
    assertThat(((ExitCodeSection.Documented) command("kill").getCommand()).exitCodes().failureCode())
        .as("4 is no-such-process to a kill: an internal failure must not read as the executor gone")
        .isEqualTo(KillExitCode.TRANSPORT_FAILURE.code());
    assertThat(((ExitCodeSection.Documented) command("audit").getCommand()).exitCodes().failureCode())
        .isEqualTo(AuditExitCode.INTERNAL_FAILURE.code());
    assertThat(((ExitCodeSection.Documented) command("local").getCommand()).exitCodes().failureCode())
        .isEqualTo(RunExitCode.INFRASTRUCTURE.code());
  }

  @Test
  void theExecutionHandlerExitsWithTheFailureCodeOfTheCommandThatFailed() {
    @CommandLine.Command(name = "boom")
    class Boom implements java.util.concurrent.Callable<Integer>, ExitCodeSection.Documented {
      @Override
      public ExitCodeSection exitCodes() {
        return ExitCodeSection.kill(java.util.Map.of(
            KillExitCode.KILLED, "k", KillExitCode.BAD_ARGUMENTS, "b", KillExitCode.REFUSED_IDENTITY, "r",
            KillExitCode.NO_SUCH_PROCESS, "n", KillExitCode.EXIT_NOT_OBSERVED, "e", KillExitCode.TRANSPORT_FAILURE, "t"));
      }

      @Override
      public Integer call() {
        throw new IllegalStateException("unexpected");
      }
    }
    CommandLine cli = dev.sft.contract.cli.CliConventions.apply(new CommandLine(new Boom()), () -> new String[] {"x"});
    cli.setErr(new java.io.PrintWriter(new java.io.StringWriter()));
    assertThat(cli.execute()).isEqualTo(KillExitCode.TRANSPORT_FAILURE.code());
  }
}
