package dev.sft.harness.cli;

import dev.sft.harness.k8s.RunWaiter;
import dev.sft.harness.k8s.StatusTable;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sft k8s wait NAME}: blocks until the test's run ends, then exits as {@code sft local} would. */
@Command(
    name = "wait",
    mixinStandardHelpOptions = true,
    description = {
        "Waits until the run of the generation it first reads (metadata.generation) ends, printing each change of "
            + "phase, summary and message, then prints the verdict table and exits as sft local: 0 Succeeded, 1 a "
            + "verdict Failed or Unknown, 2 the spec is invalid (Stalled, InvalidSpec), 3 a harness preflight "
            + "failed, 4 the cluster never became ready, a harness died without judging, or the time-out.",
        "A run counts only once status.runGeneration reaches that generation, so a test applied a moment ago never "
            + "returns the verdict of the run before it; a change applied during a run waits for that run, as the "
            + "controller queues it."})
public final class K8sWaitCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "NAME", description = "the SchedulerFailureTest")
  String name;

  @Option(names = "--timeout", paramLabel = "D", defaultValue = "1h",
      description = "how long to wait, e.g. 90s, 30m, 2h, 1h30m, or plain seconds; exit 4 when it passes "
          + "(default ${DEFAULT-VALUE})")
  String timeout;

  @Option(names = "--poll", paramLabel = "D", defaultValue = "2s",
      description = "how often to read the status (default ${DEFAULT-VALUE})")
  String poll;

  @Mixin
  K8sConnection connection;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return connection.run("wait", spec.commandLine().getErr(), (client, tests) -> {
      Duration bound = OptionValues.duration("--timeout", timeout);
      Duration every = OptionValues.duration("--poll", poll);
      PrintWriter out = spec.commandLine().getOut();
      RunWaiter.Outcome outcome = new RunWaiter(() -> tests.get(name), bound, every, out).await();
      out.println();
      out.print(StatusTable.render(outcome.last()));
      out.flush();
      return outcome.code().code();
    });
  }
}
