package dev.sft.harness.cli;

import dev.sft.contract.cli.CliConventions;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.k8s.cli.K8sCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code sft}: Spark scheduler-failure tests for Iceberg writes. */
@Command(
    name = "sft",
    mixinStandardHelpOptions = true,
    description = "Tests how Iceberg writes on Spark survive speculative attempts, executor SIGKILLs and lost "
        + "shuffle output, then audits the table's storage.",
    subcommands = {LocalCommand.class, RunCommand.class, AuditCommand.class, JudgeCommand.class, ReplayCommand.class, KillCommand.class,
        K8sCommand.class,
        CompareCommand.class, MergeCommand.class})
public final class SftCli implements Runnable, ExitCodeSection.Documented {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(ExitCodeSection.COMMAND_GROUP);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: local, run, audit, judge, replay, kill, k8s, compare or merge");
  }

  public static CommandLine commandLine() {
    return CliConventions.apply(new CommandLine(new SftCli()), new SftVersion());
  }

  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }
}
