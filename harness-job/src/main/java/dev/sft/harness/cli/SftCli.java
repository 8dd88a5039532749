package dev.sft.harness.cli;

import dev.sft.contract.RunExitCode;
import java.time.Duration;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code sft}: Spark scheduler-failure tests for Iceberg writes. */
@Command(
    name = "sft",
    mixinStandardHelpOptions = true,
    description = "Tests how Iceberg writes on Spark survive speculative attempts, executor SIGKILLs and lost "
        + "shuffle output, then audits the table's storage.",
    subcommands = {LocalCommand.class, RunCommand.class, AuditCommand.class, JudgeCommand.class, KillCommand.class,
        K8sCommand.class,
        CompareCommand.class})
public final class SftCli implements Runnable, ExitCodeSection.Documented {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(ExitCodeSection.COMMAND_GROUP);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: local, run, audit, judge, kill, k8s or compare");
  }

  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new SftCli());
    everyCommand(cli, command -> {
      command.getCommandSpec().versionProvider(new SftVersion());
      if (command.getCommand() instanceof ExitCodeSection.Documented documented) {
        documented.exitCodes().applyTo(command.getCommandSpec().usageMessage());
      }
    });
    cli.registerConverter(Duration.class, new DurationConverter());
    cli.setParameterExceptionHandler(new UsageErrors());
    cli.setExecutionStrategy(new HelpAfterArguments());
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      String command = commandLine.getCommandSpec().qualifiedName(" ");
      if (e instanceof IllegalArgumentException) {
        commandLine.getErr().println(command + ": error: " + e.getMessage());
        return RunExitCode.USAGE.code();
      }
      commandLine.getErr().println(command + ": failed: " + e.getMessage());
      if (System.getenv("SFT_DEBUG") != null) {
        e.printStackTrace(commandLine.getErr());
      }
      return RunExitCode.INFRASTRUCTURE.code();
    });
    return cli;
  }

  /** Applies {@code action} to {@code command} and every command under it. */
  static void everyCommand(CommandLine command, Consumer<CommandLine> action) {
    action.accept(command);
    command.getSubcommands().values().forEach(sub -> everyCommand(sub, action));
  }

  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }
}
