package dev.sft.k8s.cli;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.k8s.EvidenceFetch;
import dev.sft.k8s.ReaderPod;
import dev.sft.k8s.TestView;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sft k8s fetch NAME --out DIR}: the run's evidence and reports, copied off the test's claim. */
@Command(
    name = "fetch",
    mixinStandardHelpOptions = true,
    description = {
        "Copies the current (or last) run's evidence and reports, <mountPath>/<runId>/ on the test's claim, into "
            + "DIR/<runId>/, then prints what it copied and where report.html is (its steps go to stderr).",
        "It creates a short-lived reader pod (label app.kubernetes.io/managed-by=sft-cli) in the test's namespace: "
            + "the test's harness image and imagePullSecrets, the claim mounted read-only, the Pod Security Standard "
            + "restricted, no service-account token; tar runs in it through exec. The pod is deleted when the copy "
            + "ends, fails or is interrupted. Nothing on the claim is changed. Needs create, get and delete on pods "
            + "and create on pods/exec in that namespace."})
public final class K8sFetchCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "copied",
        RunExitCode.USAGE, "bad arguments",
        RunExitCode.INFRASTRUCTURE, "no cluster, no CRD, no permission, no such test, a reader pod that would not"
            + " run, or a time-out"));
  }

  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

  @Parameters(index = "0", paramLabel = "NAME", description = "the SchedulerFailureTest")
  String name;

  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "local folder; the run's files land in DIR/<runId>/, which must not exist or be empty")
  Path out;

  @Option(names = "--run-as-user", paramLabel = "UID|none", defaultValue = "185",
      description = "the reader pod's user: the test pods' (the chart's sparkPods.runAsUser, default "
          + "${DEFAULT-VALUE}); none leaves it to the platform, as on OpenShift")
  String runAsUser;

  @Option(names = "--run-as-group", paramLabel = "GID|none", defaultValue = "185",
      description = "its group and fsGroup (the chart's sparkPods.runAsGroup, default ${DEFAULT-VALUE}); none "
          + "leaves them to the platform")
  String runAsGroup;

  @Option(names = "--pod-timeout", paramLabel = "DURATION", defaultValue = "2m",
      description = "how long the reader pod may take to run (image pull included); after it, exit 4 naming "
          + "Kubernetes' reason, e.g. ImagePullBackOff (default ${DEFAULT-VALUE})")
  Duration podTimeout;

  @Option(names = "--copy-timeout", paramLabel = "DURATION", defaultValue = "10m",
      description = "how long the copy may take (default ${DEFAULT-VALUE})")
  Duration copyTimeout;

  @Mixin
  K8sConnection connection;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return connection.run("fetch", spec.commandLine().getErr(), (client, tests) -> {
      ReaderPod.Identity identity = new ReaderPod.Identity(id("--run-as-user", runAsUser),
          id("--run-as-group", runAsGroup));
      Duration podBound = K8sConnection.positive("--pod-timeout", podTimeout);
      Duration copyBound = K8sConnection.positive("--copy-timeout", copyTimeout);
      TestView test = tests.get(name);
      new EvidenceFetch(client, spec.commandLine().getErr(), spec.commandLine().getOut(), podBound, copyBound)
          .fetch(test, out.toAbsolutePath(), podName(name), identity);
      return RunExitCode.PASSED.code();
    });
  }

  /** A numeric user or group id, or {@code none} (null: left to the platform). */
  private static Long id(String option, String value) {
    String v = value == null ? "" : value.trim();
    if (v.equalsIgnoreCase("none")) {
      return null;
    }
    if (!v.matches("[0-9]{1,10}") || Long.parseLong(v) > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(option + " must be a numeric id or none, got '" + value + "'");
    }
    if (Long.parseLong(v) == 0) {
      throw new IllegalArgumentException(option + " must not be 0 (root): the reader pod runs as non-root");
    }
    return Long.parseLong(v);
  }

  /** {@code NAME-fetch-xxxxx}: unique, so two fetches never share (or delete) one pod. */
  static String podName(String test) {
    SecureRandom random = new SecureRandom();
    StringBuilder suffix = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      suffix.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    String base = test.length() > 46 ? test.substring(0, 46) : test;
    return base + "-fetch-" + suffix;
  }
}
