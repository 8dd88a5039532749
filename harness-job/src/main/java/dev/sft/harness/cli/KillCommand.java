package dev.sft.harness.cli;

import dev.sft.contract.KillExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.KillRequest;
import dev.sft.harness.kill.KillTransport;
import dev.sft.harness.kill.Killer;
import dev.sft.harness.kill.LocalTransport;
import dev.sft.harness.kill.PodExecTransport;
import dev.sft.harness.kill.SshTransport;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sft kill}: the kill contract {@code HOST PID EXECUTOR_ID RUN_DIRECTORY}. */
@Command(
    name = "kill",
    mixinStandardHelpOptions = true,
    description = "SIGKILLs one Spark executor process after proving its identity: /proc/PID/cmdline must name "
        + "org.apache.spark.executor.CoarseGrainedExecutorBackend with --executor-id EXECUTOR_ID. Waits until the "
        + "process is gone, then writes an evidence record into RUN_DIRECTORY/kills/ and a line to "
        + "RUN_DIRECTORY/kill.log. Never kills a worker, the driver, or a process chosen by name.")
public final class KillCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.kill(Map.of(
        KillExitCode.KILLED, "killed and exit observed",
        KillExitCode.BAD_ARGUMENTS, "bad arguments",
        KillExitCode.REFUSED_IDENTITY, "refused: not the expected executor (nothing killed)",
        KillExitCode.NO_SUCH_PROCESS, "no such process",
        KillExitCode.EXIT_NOT_OBSERVED, "SIGKILL sent but the exit was not observed in time",
        KillExitCode.TRANSPORT_FAILURE, "transport failure (ssh/exec failed, or the signal could not be delivered)"));
  }

  @Option(names = "--transport", paramLabel = "local|ssh|pod-exec", defaultValue = "local",
      description = "local (this machine), ssh (bare metal) or pod-exec (Kubernetes; needs SFT_WORKER_SELECTOR)"
          + " (default: ${DEFAULT-VALUE})")
  String transport;

  @Option(names = "--exit-timeout", paramLabel = "<duration>", defaultValue = "10s",
      description = "how long to wait for the process to exit after SIGKILL (default: ${DEFAULT-VALUE})")
  Duration exitTimeout;

  @Option(names = "--ssh-user", paramLabel = "<user>", description = "ssh login user (default: ssh's own choice)")
  String sshUser;

  @Option(names = "--ssh-command", defaultValue = "ssh", hidden = true,
      description = "the ssh program (tests substitute it)")
  String sshCommand;

  @Option(names = "--connect-timeout", paramLabel = "<duration>", defaultValue = "10s",
      description = "ssh's connect timeout, whole seconds (default: ${DEFAULT-VALUE})")
  Duration connectTimeout;

  @Parameters(index = "0", paramLabel = "HOST", description = "executor host as the scheduler sees it")
  String host;

  @Parameters(index = "1", paramLabel = "PID", description = "executor process ID on HOST")
  String pid;

  @Parameters(index = "2", paramLabel = "EXECUTOR_ID", description = "Spark executor ID")
  String executorId;

  @Parameters(index = "3", paramLabel = "RUN_DIRECTORY", description = "folder for the evidence and the kill log")
  String runDirectory;

  @Override
  public Integer call() {
    KillRequest request;
    KillTransport chosen;
    try {
      OptionValues.positive("--exit-timeout", exitTimeout);
      request = KillRequest.parse(host, pid, executorId, runDirectory);
      chosen = switch (transport) {
        case "local" -> new LocalTransport();
        case "ssh" -> new SshTransport(sshCommand, sshUser,
            OptionValues.positive("--connect-timeout", OptionValues.wholeSeconds("--connect-timeout", connectTimeout)));
        case "pod-exec" -> PodExecTransport.fromEnvironment(new KubernetesClientBuilder().build(), System.getenv());
        default -> throw new IllegalArgumentException(
            "--transport must be local, ssh or pod-exec, got '" + transport + "'");
      };
      chosen.validate(request);
    } catch (IllegalArgumentException e) {
      System.err.println("sft kill: error: " + e.getMessage());
      return KillExitCode.BAD_ARGUMENTS.code();
    }
    KillRecord record = new Killer(chosen, exitTimeout).kill(request);
    String summary = "sft kill: " + record.result() + ": executor " + record.executorId() + " PID " + record.pid()
        + " on " + record.host() + (record.reason() == null ? "" : " (" + record.reason() + ")");
    if (record.killed()) {
      System.out.println(summary + ", exit observed (" + record.exitState() + ")");
    } else {
      System.err.println(summary);
    }
    return record.exitCode();
  }
}
