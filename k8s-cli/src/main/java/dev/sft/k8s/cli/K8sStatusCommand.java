package dev.sft.k8s.cli;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.k8s.ResourceOutput;
import dev.sft.k8s.StatusTable;
import dev.sft.k8s.TestView;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sft k8s status NAME}: the verdict table of a test's current (or last) run, from its status. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Prints the verdict table of a SchedulerFailureTest's current (or last) run from its status: per "
        + "cell (scenario × operation) its passed, failed, unknown and known repetitions and failure rate with its "
        + "95 %% interval, each cell's latest failure, the RESULT line in sft local's words, and where the run's "
        + "evidence is; or, with -o json|yaml, the SchedulerFailureTest itself as this client reads it.")
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

  /** What status prints: kubectl's words for a machine-readable resource, with the table as the default. */
  enum Output { table, json, yaml }

  @Option(names = {"-o", "--output"}, paramLabel = "table|json|yaml", defaultValue = "table",
      description = "as a table (the default), json or yaml; json and yaml print the whole resource (metadata, spec "
          + "and status) as the typed model reads it, for scripts (a field a newer controller adds is left out)")
  Output output;

  @Mixin
  K8sConnection connection;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return connection.run("status", spec.commandLine().getErr(), (client, tests) -> {
      TestView test = tests.get(name);
      PrintWriter out = spec.commandLine().getOut();
      out.print(switch (output) {
        case table -> StatusTable.render(test);
        case json -> ResourceOutput.json(test.resource());
        case yaml -> ResourceOutput.yaml(test.resource());
      });
      out.flush();
      return RunExitCode.PASSED.code();
    });
  }
}
