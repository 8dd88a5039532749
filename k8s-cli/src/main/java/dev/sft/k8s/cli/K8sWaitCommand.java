package dev.sft.k8s.cli;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.k8s.RunWaiter;
import dev.sft.k8s.StatusTable;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
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
            + "phase, summary and message on stderr, then prints the verdict table on stdout and exits with sft "
            + "local's codes (below).",
        "A run counts only once status.runGeneration reaches that generation, so a test applied a moment ago never "
            + "returns the verdict of the run before it; a change applied during a run waits for that run, as the "
            + "controller queues it."})
public final class K8sWaitCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "the run Succeeded",
        RunExitCode.SCENARIO_NOT_PASSED, "the run Failed by a verdict (Failed or Unknown, or Known under strict)",
        RunExitCode.USAGE, "bad arguments, or the test's spec is invalid (Stalled, InvalidSpec)",
        RunExitCode.PREFLIGHT_FAILED, "a harness Job's preflight failed",
        RunExitCode.INFRASTRUCTURE, "no cluster, no CRD, no permission, no such test, the time-out, or a run that"
            + " ended without judging (cluster never ready, harness died)"));
  }

  @Parameters(index = "0", paramLabel = "NAME", description = "the SchedulerFailureTest")
  String name;

  @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "1h",
      description = "how long to wait, e.g. 90s, 30m, 2h, 1h30m, or plain seconds; exit 4 when it passes "
          + "(default ${DEFAULT-VALUE})")
  Duration timeout;

  @Option(names = "--poll", paramLabel = "DURATION", defaultValue = "2s",
      description = "how often to read the status (default ${DEFAULT-VALUE})")
  Duration poll;

  @Mixin
  K8sConnection connection;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return connection.run("wait", spec.commandLine().getErr(), (client, tests) -> {
      Duration bound = K8sConnection.positive("--timeout", timeout);
      Duration every = K8sConnection.positive("--poll", poll);
      RunWaiter.Outcome outcome = new RunWaiter(() -> tests.get(name), bound, every, spec.commandLine().getErr())
          .await();
      PrintWriter out = spec.commandLine().getOut();
      out.print(StatusTable.render(outcome.last()));
      out.flush();
      return outcome.code().code();
    });
  }
}
