package dev.sft.harness.cli;

import dev.sft.contract.RunExitCode;
import dev.sft.harness.k8s.StatusTable;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sft k8s status NAME}: the verdict table of a test's current (or last) run, from its status. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Prints the verdict table of a SchedulerFailureTest's current (or last) run from its status: per "
        + "cell (scenario × operation) its passed, failed, unknown and known repetitions and failure rate with its "
        + "95 %% interval, each cell's latest failure, the RESULT line in sft local's words, and where the run's "
        + "evidence is.")
public final class K8sStatusCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "printed, whatever the verdict ('sft k8s wait' gives the verdict's code)",
        RunExitCode.USAGE, "bad arguments",
        RunExitCode.INFRASTRUCTURE, "no cluster, no CRD, no permission, no such test"));
  }

  @Parameters(index = "0", paramLabel = "NAME", description = "the SchedulerFailureTest")
  String name;

  @Mixin
  K8sConnection connection;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return connection.run("status", spec.commandLine().getErr(), (client, tests) -> {
      spec.commandLine().getOut().print(StatusTable.render(tests.get(name)));
      spec.commandLine().getOut().flush();
      return RunExitCode.PASSED.code();
    });
  }
}
