package dev.sft.contract.cli;

import dev.sft.contract.RunExitCode;
import java.time.Duration;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;

/** Sets up a command tree, {@code sft}'s or {@code sft k8s}'s, to keep the conventions of this package. */
public final class CliConventions {
  private CliConventions() {}

  /**
   * Gives every command of {@code cli} the version and its exit-code section, reads every {@link Duration} option by
   * {@link FlagDurationConverter}, makes usage errors one line and exit 2, and turns a command's failure into one
   * line: exit 2 for bad input ({@link IllegalArgumentException}), else the command's own failure code
   * ({@link ExitCodeSection#failureCode()}). Call it on the whole tree: a converter reaches only the subcommands already
   * added.
   */
  public static CommandLine apply(CommandLine cli, IVersionProvider version) {
    everyCommand(cli, command -> {
      command.getCommandSpec().versionProvider(version);
      if (command.getCommand() instanceof ExitCodeSection.Documented documented) {
        documented.exitCodes().applyTo(command.getCommandSpec().usageMessage());
      }
    });
    cli.registerConverter(Duration.class, new FlagDurationConverter());
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
      return commandLine.getCommand() instanceof ExitCodeSection.Documented documented
          ? documented.exitCodes().failureCode()
          : RunExitCode.INFRASTRUCTURE.code();
    });
    return cli;
  }

  /** Applies {@code action} to {@code command} and every command under it. */
  private static void everyCommand(CommandLine command, Consumer<CommandLine> action) {
    action.accept(command);
    command.getSubcommands().values().forEach(sub -> everyCommand(sub, action));
  }
}
