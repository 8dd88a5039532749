package dev.sft.controller.ops;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The chart's {@code helm test}: is the install usable? The CRD is {@code Established} (the API server serves
 * SchedulerFailureTests) and the controller's Deployment has a Ready pod (its readiness probe passes once its
 * informers are synced). Run in the controller image, outside Quarkus, with the test pod's service-account token:
 * {@code java -cp '/deployments/lib/main/*:/deployments/app/*' dev.sft.controller.ops.InstallCheck NAMESPACE
 * DEPLOYMENT [SECONDS]}. Exit code 0 when both hold within the time given (default 60 s), 1 otherwise, saying what
 * does not.
 */
public final class InstallCheck {
  public static final String CRD = "schedulerfailuretests.sft.dev";
  static final Duration POLL = Duration.ofSeconds(2);

  private InstallCheck() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length < 2) {
      System.err.println("usage: InstallCheck NAMESPACE DEPLOYMENT [SECONDS]");
      System.exit(2);
    }
    Instant deadline = Instant.now().plusSeconds(args.length > 2 ? Long.parseLong(args[2]) : 60);
    List<String> problems;
    try (KubernetesClient client = new KubernetesClientBuilder().build()) {
      while (true) {
        problems = problems(read(() -> client.apiextensions().v1().customResourceDefinitions().withName(CRD).get()),
            read(() -> client.apps().deployments().inNamespace(args[0]).withName(args[1]).get()), args[0], args[1]);
        if (problems.isEmpty() || Instant.now().isAfter(deadline)) {
          break;
        }
        Thread.sleep(POLL.toMillis());
      }
    }
    if (problems.isEmpty()) {
      System.out.println("ok: CRD " + CRD + " established, controller " + args[0] + "/" + args[1] + " ready");
      System.exit(0);
    }
    problems.forEach(p -> System.err.println("FAIL " + p));
    System.exit(1);
  }

  /** What keeps the install from being usable; empty when it is. */
  static List<String> problems(Read<CustomResourceDefinition> crd, Read<Deployment> deployment, String namespace,
      String name) {
    List<String> problems = new ArrayList<>();
    if (crd.error() != null) {
      problems.add("cannot read CRD " + CRD + ": " + crd.error());
    } else if (crd.value() == null) {
      problems.add("CRD " + CRD + " is not installed");
    } else if (!hasTrue(crd.value().getStatus() == null ? null : crd.value().getStatus().getConditions().stream()
        .filter(c -> "Established".equals(c.getType())).map(c -> c.getStatus()).findFirst().orElse(null))) {
      problems.add("CRD " + CRD + " is not Established");
    }
    if (deployment.error() != null) {
      problems.add("cannot read Deployment " + namespace + "/" + name + ": " + deployment.error());
    } else if (deployment.value() == null) {
      problems.add("Deployment " + namespace + "/" + name + " does not exist");
    } else {
      var status = deployment.value().getStatus();
      int ready = status == null || status.getReadyReplicas() == null ? 0 : status.getReadyReplicas();
      if (ready < 1) {
        problems.add("controller " + namespace + "/" + name + " has no Ready pod (kubectl describe deploy -n "
            + namespace + " " + name + ")");
      }
    }
    return problems;
  }

  /** An object as read, or why it could not be (e.g. 403: the test pod's RBAC). */
  record Read<T>(T value, String error) {}

  interface Get<T> {
    T get();
  }

  static <T> Read<T> read(Get<T> get) {
    try {
      return new Read<>(get.get(), null);
    } catch (RuntimeException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String error = firstLine(e);
      return new Read<>(null, root == e ? error : error + " (" + firstLine(root) + ")");
    }
  }

  private static String firstLine(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
  }

  private static boolean hasTrue(String status) {
    return "True".equals(status);
  }
}
